import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { FormTextField } from '@/components/form-text-field';

type CopyState = 'idle' | 'copied' | 'unavailable';

export interface CopyableSecretProps {
  label: string;
  hint: string;
  value: string;
  /** The button and the two outcomes, in the caller's words. */
  texts: { copy: string; copied: string; copyUnavailable: string };
}

/**
 * A secret shown this once (a registration code, an ingest key): read-only, with a copy button.
 * Where the clipboard is missing (plain http on another host, old browsers) the text is selected
 * so the user can copy it by hand.
 */
export function CopyableSecret({ label, hint, value, texts }: CopyableSecretProps) {
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const handleCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
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
          label={label}
          value={value}
          inputRef={input}
          readOnly
          hint={hint}
          inputProps={{ spellCheck: false, style: { fontFamily: 'monospace' } }}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={handleCopy}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
        >
          {texts.copy}
        </Button>
      </Stack>
      <Typography
        role="status"
        variant="body2"
        color={copy === 'unavailable' ? 'error' : 'success.main'}
      >
        {copy === 'copied' && texts.copied}
        {copy === 'unavailable' && texts.copyUnavailable}
      </Typography>
    </Stack>
  );
}
