import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form-text-field';

type CopyState = 'idle' | 'copied' | 'unavailable';

/** The key just created: shown this once, with a copy button. */
export function CreatedKeyPanel({ ingestKey }: { ingestKey: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const handleCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(ingestKey);
      setCopy('copied');
    } catch {
      // The user can still copy by hand: the key is selected for them.
      input.current?.focus();
      input.current?.select();
      setCopy('unavailable');
    }
  };

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <FormTextField
          label={t('ingestKeys.key')}
          value={ingestKey}
          inputRef={input}
          readOnly
          hint={t('ingestKeys.keyHint')}
          inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={handleCopy}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
        >
          {t('ingestKeys.copy')}
        </Button>
      </Stack>
      <Typography
        role="status"
        variant="body2"
        color={copy === 'unavailable' ? 'error' : 'success.main'}
      >
        {copy === 'copied' && t('ingestKeys.copied')}
        {copy === 'unavailable' && t('ingestKeys.copyUnavailable')}
      </Typography>
    </Stack>
  );
}
