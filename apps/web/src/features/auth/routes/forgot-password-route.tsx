import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { CenteredPage } from '@/components/centered-page';
import { useDocumentTitle } from '@/lib/document-title';
import { ForgotPasswordForm, initialEmailOf } from '../components/forgot-password-form';

/** /forgot-password: the first step of the reset flow (spec 000 §4). */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const { state } = useLocation();
  useDocumentTitle(t('forgotPassword.title'));
  return (
    <CenteredPage>
      <Stack spacing={3}>
        <Stack spacing={0.5}>
          <Typography component="h1" variant="h5">
            {t('forgotPassword.title')}
          </Typography>
          <Typography color="text.secondary">{t('forgotPassword.intro')}</Typography>
        </Stack>
        <ForgotPasswordForm initialEmail={initialEmailOf(state)} />
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {t('app.backToLogin')}
        </Link>
      </Stack>
    </CenteredPage>
  );
}
