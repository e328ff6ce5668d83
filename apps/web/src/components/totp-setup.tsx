import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TotpEnrolmentResponse, totpCode } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';

const codeForm = z.object({ totpCode });

/**
 * Setting up an authenticator app: the QR code of the secret, the secret as text for typing in,
 * and the first code, which `confirm` sends.
 */
export function TotpSetup<R extends { message: string }>({
  enrolment,
  confirm,
  onConfirmed,
}: {
  enrolment: Pick<TotpEnrolmentResponse, 'secret' | 'qrCode'>;
  confirm: (code: string) => Promise<R>;
  onConfirmed: (response: R) => void;
}) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: codeForm,
    defaultValues: { totpCode: '' },
    mutation: ({ totpCode: code }: { totpCode: string }) => confirm(code),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: onConfirmed,
  });
  return (
    <Stack spacing={2}>
      <Typography>{t('login.totpScan')}</Typography>
      <Box
        component="img"
        src={enrolment.qrCode}
        alt={t('login.totpQrAlt')}
        sx={{ width: 200, height: 200, bgcolor: 'common.white', p: 1, borderRadius: 1 }}
      />
      <Typography variant="body2">
        {t('login.totpSecret')}{' '}
        <Box component="code" sx={{ wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <FeedbackForm feedback={feedback} onSubmit={submit}>
        <FormTextField
          {...fieldProps(form, 'totpCode')}
          id="totp-setup-code"
          label={t('login.totpCode')}
          inputProps={{ inputMode: 'numeric' }}
          autoComplete="one-time-code"
          required
        />
        <SubmitButton pending={pending}>{t('login.totpConfirm')}</SubmitButton>
      </FeedbackForm>
    </Stack>
  );
}
