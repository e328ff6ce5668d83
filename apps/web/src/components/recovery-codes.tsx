import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The ten recovery codes, shown this once (after the first second factor, or new ones): each
 * works once in place of the authenticator. `onDone` moves on.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="warning" role="status">
        {t('login.recoveryCodesIntro')}
      </Alert>
      <Box
        component="ul"
        aria-label={t('login.recoveryCodesTitle')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          p: 0,
          m: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <Typography component="li" key={code} sx={{ fontFamily: 'inherit' }}>
            {code}
          </Typography>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        {t('login.recoveryCodesDone')}
      </Button>
    </Stack>
  );
}
