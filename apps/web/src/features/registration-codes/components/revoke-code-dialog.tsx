import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { RegistrationCodeRecord } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { errorText } from '@/lib/api-client';
import { useRevokeRegistrationCode } from '../api/revoke-registration-code';
import { targetNames } from './registration-codes-table';

interface RevokeCodeDialogProps {
  code: RegistrationCodeRecord;
  onClose: () => void;
  /** The code was revoked: the list reloads. */
  onRevoked: (message: string) => void;
}

/** Asks before a code is taken out of use: it cannot be brought back. */
export function RevokeCodeDialog({ code, onClose, onRevoked }: RevokeCodeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const revoke = useRevokeRegistrationCode();
  const error = errorText(revoke.error);

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('registrationCodes.revokeTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <AlertMessage message={error} />
          <DialogContentText id={textId}>
            {t('registrationCodes.revokeText', { targets: targetNames(code) })}
          </DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={onClose}>{t('components.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          loading={revoke.isPending}
          loadingPosition="start"
          onClick={() => revoke.mutate(code.id, { onSuccess: ({ message }) => onRevoked(message) })}
        >
          {t('registrationCodes.revoke')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
