import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateRegistrationCodeResponse } from '@vahti/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';
import { SendCodeForm } from './send-code-form';

type CopyState = 'idle' | 'copied' | 'unavailable';

/**
 * The code just created (spec 000 §4: it appears only after the create button): shown once,
 * with a copy button and a form that mails it to one or more addresses.
 */
export function CreatedCodePanel({ created }: { created: CreateRegistrationCodeResponse }) {
  const { t } = useTranslation();
  const codeInput = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const handleCopy = async () => {
    try {
      // Missing outside a secure context (plain http on another host) and in old browsers.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(created.code);
      setCopy('copied');
    } catch {
      // The user can still copy by hand: the code is selected for them.
      codeInput.current?.focus();
      codeInput.current?.select();
      setCopy('unavailable');
    }
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: 'flex-start' }}
        >
          <FormTextField
            label={t('registrationCodes.code')}
            value={created.code}
            inputRef={codeInput}
            readOnly
            hint={t('registrationCodes.codeHint')}
            inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={handleCopy}
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
          >
            {t('registrationCodes.copy')}
          </Button>
        </Stack>
        <Typography
          role="status"
          variant="body2"
          color={copy === 'unavailable' ? 'error' : 'success.main'}
        >
          {copy === 'copied' && t('registrationCodes.copied')}
          {copy === 'unavailable' && t('registrationCodes.copyUnavailable')}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {t('registrationCodes.sendTitle')}
        </Typography>
        <SendCodeForm codeId={created.registrationCode.id} code={created.code} />
      </Stack>
    </Stack>
  );
}
