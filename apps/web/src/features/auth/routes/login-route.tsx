import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginResponse } from '@vahti/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { CenteredPage } from '@/components/centered-page';
import { LoadingFallback } from '@/components/loading-fallback';
import { useDocumentTitle } from '@/lib/document-title';
import { safeRedirect } from '@/lib/redirect';
import { forgetLogout, signIn, useSession } from '@/lib/session';
import { LoginForm } from '../components/login-form';
import { PasswordResetPage } from '../components/password-reset-page';

/**
 * `/` and `/login`. A signed-in user goes on to `redirect` (an internal path) or the application
 * chooser. With `code` and `isPasswordChange=true` the screen is the password-reset step of the
 * forgot-password mail.
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const passwordChange = params.has('code') && params.get('isPasswordChange') === 'true';

  useEffect(() => {
    forgetLogout();
  }, []);

  if (passwordChange) return <PasswordResetPage code={params.get('code')} askEmail={false} />;
  if (session.status === 'unverified') return <LoadingFallback />;
  if (session.status === 'verified') {
    return <Navigate to={safeRedirect(params.get('redirect')) ?? '/main'} replace />;
  }
  return <LoginScreen expired={session.endedBy === 'expired'} />;
}

function LoginScreen({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));

  // Storing the session re-renders LoginRoute, which then navigates on.
  const handleSuccess = ({ token, user }: LoginResponse) => signIn({ token, user });

  return (
    <CenteredPage>
      <Stack spacing={3}>
        <Stack spacing={0.5}>
          <Typography component="h1" variant="h5">
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary">{t('login.intro')}</Typography>
        </Stack>
        <LoginForm
          notice={expired ? t('login.sessionExpired') : undefined}
          onSuccess={handleSuccess}
        />
      </Stack>
    </CenteredPage>
  );
}
