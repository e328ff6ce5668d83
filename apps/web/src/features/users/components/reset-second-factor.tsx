import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { useResetSecondFactor } from '../api/reset-second-factor';

/**
 * A user who lost their authenticator: their second factors, recovery codes and trusted
 * browsers are removed and their sign-ins end; the server mails them.
 */
export function ResetSecondFactor({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const reset = useResetSecondFactor();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{t('users.secondFactor.intro')}</Typography>
      <AlertMessage severity="success" message={done} />
      <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
        {t('users.secondFactor.reset')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('users.secondFactor.reset')}
        text={t('users.secondFactor.confirm')}
        confirmLabel={t('users.secondFactor.confirmLabel')}
        pending={reset.isPending}
        error={reset.isError ? errorText(reset.error) : null}
        onConfirm={() =>
          reset.mutate(userId, {
            onSuccess: ({ message }) => {
              setAsking(false);
              setDone(message);
            },
          })
        }
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
