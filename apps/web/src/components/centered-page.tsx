import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';

/** The frame of the screens outside the applications (login, registration, 404), with the language choice. */
export function CenteredPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 8 } }}>
      <Typography
        component="p"
        variant="h5"
        color="primary"
        sx={{ fontWeight: 700, letterSpacing: '0.08em', mb: 2, textAlign: 'center' }}
      >
        {t('app.name').toUpperCase()}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {children}
      </Paper>
      <LanguageSwitch />
    </Container>
  );
}
