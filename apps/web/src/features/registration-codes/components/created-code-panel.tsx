import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateRegistrationCodeResponse } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { CopyableSecret } from '@/components/copyable-secret';
import { SendCodeForm } from './send-code-form';

/**
 * The code just created (spec 000 §4: it appears only after the create button): shown once,
 * with a copy button and a form that mails it to one or more addresses.
 */
export function CreatedCodePanel({ created }: { created: CreateRegistrationCodeResponse }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <CopyableSecret
        label={t('registrationCodes.code')}
        hint={t('registrationCodes.codeHint')}
        value={created.code}
        texts={{
          copy: t('registrationCodes.copy'),
          copied: t('registrationCodes.copied'),
          copyUnavailable: t('registrationCodes.copyUnavailable'),
        }}
      />
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('registrationCodes.sendTitle')}
        </Typography>
        <SendCodeForm codeId={created.registrationCode.id} code={created.code} />
      </Stack>
    </Stack>
  );
}
