import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OutboxMail } from '@vahti/domain';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { formatDateTime } from '@/lib/dates';
import { MailStatusText } from './mail-status';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's text with its web addresses as links, so a reset or registration link opens. */
function MailText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 2,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontFamily: 'inherit',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {parts.map((part, index) =>
        // split() with a capturing group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <Link key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </Box>
  );
}

interface MailDialogProps {
  mail: OutboxMail;
  onClose: () => void;
}

/** One outgoing mail in full: who, when, how it went, and its text. */
export function MailDialog({ mail, onClose }: MailDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const details = [
    [t('outbox.to'), mail.toAddress],
    [t('outbox.status'), <MailStatusText key="status" status={mail.status} />],
    [t('outbox.attempts'), String(mail.attempts)],
    [t('outbox.created'), formatDateTime(mail.createdAt)],
    [t('outbox.sent'), formatDateTime(mail.sentAt)],
    ...(mail.lastError ? [[t('outbox.lastError'), mail.lastError]] : []),
  ];
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {mail.subject}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            mt: 0,
            mb: 2,
            '& dt': { fontWeight: 600 },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {details.map(([term, value]) => (
            <Fragment key={String(term)}>
              <Typography component="dt" variant="body2">
                {term}
              </Typography>
              <Typography component="dd" variant="body2">
                {value || '–'}
              </Typography>
            </Fragment>
          ))}
        </Box>
        <MailText text={mail.textBody} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('app.close')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
