import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { resetPasswordBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '@/components/centered-page';
import { useDocumentTitle } from '@/lib/document-title';
import { ResetPasswordForm } from './reset-password-form';

interface PasswordResetPageProps {
  /** The `code` query parameter of the reset link, if any. */
  code: string | null;
  askEmail: boolean;
}

/**
 * 'Vaihda salasana' reached from the reset mail: the login screen's password-change mode and
 * the /change-password page. Without a usable code it says the link is broken and where to get
 * a new one.
 */
export function PasswordResetPage({ code, askEmail }: PasswordResetPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('resetPassword.title'));
  const usable = code !== null && resetPasswordBody.shape.code.safeParse(code).success;
  return (
    <CenteredPage>
      <Stack spacing={3}>
        <Typography component="h1" variant="h5">
          {t('resetPassword.title')}
        </Typography>
        {usable ? (
          <ResetPasswordForm code={code} askEmail={askEmail} />
        ) : (
          <Alert severity="warning" role="status">
            {t('resetPassword.missingLink')}
          </Alert>
        )}
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('resetPassword.requestNewLink')}
          </Link>
          <Link component={RouterLink} to="/login">
            {t('app.backToLogin')}
          </Link>
        </Stack>
      </Stack>
    </CenteredPage>
  );
}
