import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type LoginBody, type LoginStepResponse, loginBody } from '@vahti/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { FormAlerts } from '@/components/form-alerts';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { errorText, isApiError } from '@/lib/api-client';
import { useMutationForm } from '@/lib/use-mutation-form';
import { login } from '../api/login';
import { startSso, useSsoLookup } from '../api/sso';
import { takeStaticLogin } from '../static-login';
import type { ForgotPasswordState } from './forgot-password-form';

interface LoginFormProps {
  /** An informational note above the form (e.g. the session expired); hidden after a submit. */
  notice?: string;
  /** A failure to show above the form (a single sign-on that came back refused). */
  failure?: string | null;
  onSuccess: (response: LoginStepResponse, values: LoginBody) => void;
}

export function LoginForm({ notice, failure, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  // What was typed (or sent) on the static card while the JavaScript arrived carries over.
  const [handedOver] = useState(takeStaticLogin);
  const toHandOver = useRef(handedOver);
  const [submitted, setSubmitted] = useState(false);
  // The spec shows the forgot-password link only once a sign-in has been refused.
  const [refused, setRefused] = useState(false);
  const { form, feedback, submit, pending } = useMutationForm({
    schema: loginBody,
    defaultValues: handedOver?.values ?? { userEmail: '', userPassword: '' },
    mutation: login,
    // The screen moves on with the stored session; the fields stay until it does.
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess,
    // A network failure is no refusal: the credentials were never checked.
    onError: (error) => {
      if (isApiError(error) && error.status !== 0) setRefused(true);
    },
  });

  // The refused address goes along to the forgot-password form.
  const userEmail = useWatch({ control: form.control, name: 'userEmail' });
  // Once the address is typed: does its organization sign in with its own accounts (SSO)?
  const sso = useSsoLookup(userEmail).data;
  const passwordHidden = sso?.sso === true && !sso.passwordSignIn;
  const [ssoFailure, setSsoFailure] = useState<string | null>(null);
  const [ssoPending, setSsoPending] = useState(false);

  // The browser leaves for the organization's sign-in page; it comes back to /login?sso=….
  const handleSso = async () => {
    setSubmitted(true);
    setSsoFailure(null);
    setSsoPending(true);
    try {
      const { url } = await startSso(userEmail.trim());
      window.location.assign(url);
    } catch (error) {
      setSsoFailure(errorText(error));
      setSsoPending(false);
    }
  };

  // Once, after the first render: the caret back where it was, a sent card sent on.
  useEffect(() => {
    const card = toHandOver.current;
    toHandOver.current = null;
    if (card?.focused) document.getElementById(card.focused)?.focus();
    if (card?.submitted) {
      setSubmitted(true);
      void submit();
    }
  }, [submit]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    if (passwordHidden) {
      event.preventDefault();
      return handleSso();
    }
    return submit(event);
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2.5}>
      {notice && !submitted && (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      )}
      <FormAlerts feedback={feedback} />
      <AlertMessage
        severity="error"
        message={ssoFailure ?? (submitted ? null : (failure ?? null))}
        onClose={() => setSsoFailure(null)}
      />
      <FormTextField
        {...fieldProps(form, 'userEmail')}
        id="login-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        required
      />
      {!passwordHidden && (
        <FormTextField
          {...fieldProps(form, 'userPassword')}
          id="login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
        />
      )}
      {!passwordHidden && <SubmitButton pending={pending}>{t('login.submit')}</SubmitButton>}
      {sso?.sso && (
        <Button
          variant={passwordHidden ? 'contained' : 'outlined'}
          size="large"
          onClick={handleSso}
          disabled={ssoPending}
        >
          {t('login.sso')}
        </Button>
      )}
      <Button component={RouterLink} to="/user-register" variant="outlined" size="large">
        {t('login.register')}
      </Button>
      {refused && (
        <Link
          component={RouterLink}
          to="/forgot-password"
          state={{ userEmail } satisfies ForgotPasswordState}
          sx={{ alignSelf: 'center' }}
        >
          {t('login.forgotPassword')}
        </Link>
      )}
    </Stack>
  );
}
