import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  LoginBody,
  LoginStepResponse,
  SecondStepResponse,
  SignedInResponse,
} from '@vahti/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { CenteredPage } from '@/components/centered-page';
import { LoadingFallback } from '@/components/loading-fallback';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { safeRedirect } from '@/lib/redirect';
import { forgetLogout, signIn, useSession } from '@/lib/session';
import { rememberSignIn } from '../api/login';
import { passkeyFailure, signInWithPasskey } from '../api/second-step';
import { completeSso } from '../api/sso';
import { LoginForm } from '../components/login-form';

// What follows the password, and the reset step of a mailed link, load when they are needed:
// the login page carries only the password form.
const PasswordResetPage = lazy(() =>
  import('../components/password-reset-page').then((m) => ({ default: m.PasswordResetPage })),
);
const SecondStepForm = lazy(() =>
  import('../components/second-step-form').then((m) => ({ default: m.SecondStepForm })),
);
const RecoveryCodes = lazy(() =>
  import('@/components/recovery-codes').then((m) => ({ default: m.RecoveryCodes })),
);

/**
 * `/` and `/login`. A signed-in user goes on to `redirect` (an internal path) or the application
 * chooser. With `code` and `isPasswordChange=true` the screen is the password-reset step of the
 * forgot-password mail; with `sso` it is the return from the organization's sign-in (the
 * one-time code is traded for the session, or the failure shown above the form).
 */
export function LoginRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const passwordChange = params.has('code') && params.get('isPasswordChange') === 'true';

  useEffect(() => {
    forgetLogout();
  }, []);

  if (passwordChange) {
    return (
      <Suspense fallback={<LoadingFallback />}>
        <PasswordResetPage code={params.get('code')} askEmail={false} />
      </Suspense>
    );
  }
  if (session.status === 'unverified') return <LoadingFallback />;
  if (session.status === 'verified') {
    return <Navigate to={safeRedirect(params.get('redirect')) ?? '/main'} replace />;
  }
  return <LoginScreen expired={session.endedBy === 'expired'} ssoCode={params.get('sso')} />;
}

type Phase =
  | { name: 'password' }
  | { name: 'secondStep'; email: string; step: SecondStepResponse['secondStep'] }
  | { name: 'recoveryCodes'; answer: SignedInResponse };

/**
 * Trades the single sign-on's one-time code once and hands on the answer (a session or a second
 * step); the failure's text, if it was refused.
 */
function useSsoCompletion(code: string | null, onAnswer: (answer: LoginStepResponse) => void) {
  const navigate = useNavigate();
  const tried = useRef<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const handOn = useRef(onAnswer);
  handOn.current = onAnswer;
  useEffect(() => {
    if (!code || tried.current === code) return;
    // Single use: a second render (StrictMode) must not spend it again.
    tried.current = code;
    completeSso(code).then(
      (answer) => {
        setDone(true);
        handOn.current(answer);
      },
      (error: unknown) => {
        setFailure(errorText(error));
        navigate('/login', { replace: true });
      },
    );
  }, [code, navigate]);
  return { completing: Boolean(code) && failure === null && !done, failure };
}

/**
 * The password (or the organization's sign-in), then (when the account has a second factor or
 * the organization requires one) the second step, then — after a first enrolment — the recovery
 * codes, shown once.
 */
function LoginScreen({ expired, ssoCode }: { expired: boolean; ssoCode: string | null }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ name: 'password' });
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  useDocumentTitle(t('login.title'));

  // Storing the session re-renders LoginRoute, which then navigates on.
  const finish = (email: string, answer: SignedInResponse) => {
    rememberSignIn(email || answer.user.userEmail, answer);
    if (answer.recoveryCodes) setPhase({ name: 'recoveryCodes', answer });
    else signIn({ token: answer.token, user: answer.user });
  };

  const handlePassword = (answer: LoginStepResponse, { userEmail }: LoginBody) => {
    if ('secondStep' in answer) {
      setPhase({ name: 'secondStep', email: userEmail, step: answer.secondStep });
    } else finish(userEmail, answer);
  };

  // The organization's sign-in names the user: a second step finishes under their address.
  const sso = useSsoCompletion(ssoCode, (answer) => {
    if ('secondStep' in answer)
      setPhase({ name: 'secondStep', email: '', step: answer.secondStep });
    else finish(answer.user.userEmail, answer);
  });

  const handlePasskey = async () => {
    setPasskeyError(null);
    setPasskeyPending(true);
    try {
      const answer = await signInWithPasskey({});
      finish(answer.user.userEmail, answer);
    } catch (error) {
      setPasskeyError(passkeyFailure(error, t));
    } finally {
      setPasskeyPending(false);
    }
  };

  const title =
    phase.name === 'recoveryCodes'
      ? t('login.recoveryCodesTitle')
      : phase.name === 'secondStep'
        ? t(phase.step.enrol ? 'login.enrolTitle' : 'login.secondStepTitle')
        : t('login.title');
  return (
    <CenteredPage>
      <Stack spacing={3}>
        <Stack spacing={0.5}>
          <Typography component="h1" variant="h5">
            {title}
          </Typography>
          {phase.name === 'password' && (
            <Typography color="text.secondary">{t('login.intro')}</Typography>
          )}
        </Stack>
        {sso.completing && <Typography role="status">{t('login.ssoCompleting')}</Typography>}
        {phase.name === 'password' && !sso.completing && (
          <>
            <LoginForm
              notice={expired ? t('login.sessionExpired') : undefined}
              failure={sso.failure}
              onSuccess={handlePassword}
            />
            <Divider>{t('login.or')}</Divider>
            <AlertMessage severity="error" message={passkeyError} />
            <Button
              variant="outlined"
              size="large"
              loading={passkeyPending}
              onClick={handlePasskey}
            >
              {t('login.passkeySignIn')}
            </Button>
          </>
        )}
        <Suspense fallback={<LoadingFallback />}>
          {phase.name === 'secondStep' && (
            <SecondStepForm
              step={phase.step}
              onSignedIn={(answer) => finish(phase.email, answer)}
            />
          )}
          {phase.name === 'recoveryCodes' && (
            <RecoveryCodes
              codes={phase.answer.recoveryCodes ?? []}
              onDone={() => signIn({ token: phase.answer.token, user: phase.answer.user })}
            />
          )}
        </Suspense>
      </Stack>
    </CenteredPage>
  );
}
