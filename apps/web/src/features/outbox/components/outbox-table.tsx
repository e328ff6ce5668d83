import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { OutboxMail } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '@/components/table-scroll';
import { formatDateTime } from '@/lib/dates';
import { MailStatusText } from './mail-status';

interface OutboxTableProps {
  mails: OutboxMail[];
  onOpen: (mail: OutboxMail) => void;
}

/** The outgoing mails; a row (or its "Näytä" button) opens the whole mail. */
export function OutboxTable({ mails, onOpen }: OutboxTableProps) {
  const { t } = useTranslation();
  const columns = [
    t('outbox.to'),
    t('outbox.subject'),
    t('outbox.status'),
    t('outbox.attempts'),
    t('outbox.created'),
    t('outbox.sent'),
  ];
  return (
    <TableScroll label={t('outbox.tableLabel')}>
      <Table size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
            <TableCell sx={{ fontWeight: 700 }}>{t('outbox.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mails.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 4 }}>
                {t('table.empty')}
              </TableCell>
            </TableRow>
          ) : (
            mails.map((mail) => (
              <TableRow
                key={mail.id}
                hover
                // The row is a mouse shortcut; keyboard users have the button in its last cell.
                onClick={() => onOpen(mail)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{mail.toAddress}</TableCell>
                <TableCell>{mail.subject}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <MailStatusText status={mail.status} />
                </TableCell>
                <TableCell align="right">{mail.attempts}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(mail.createdAt)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.sentAt)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t('outbox.showMail', { subject: mail.subject })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(mail);
                    }}
                  >
                    {t('outbox.show')}
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
