import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type LoginBody, type LoginResponse, loginBody } from '@vahti/domain';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { FormTextField } from '@/components/form-text-field';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useLogin } from '../api/login';

interface LoginFormProps {
  /** An informational note above the form (e.g. the session expired); hidden after a submit. */
  notice?: string;
  onSuccess: (response: LoginResponse) => void;
}

const FIELDS = ['userEmail', 'userPassword'] as const satisfies readonly (keyof LoginBody)[];

export function LoginForm({ notice, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [invalidSubmit, setInvalidSubmit] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The spec shows the forgot-password link only once a sign-in has been refused.
  const [refused, setRefused] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { userEmail: '', userPassword: '' },
  });

  const handleValid = (values: LoginBody) => {
    setInvalidSubmit(false);
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!isApiError(error) || error.status === 0) return;
        setRefused(true);
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) setError(field, { type: 'server', message });
        }
      },
    });
  };

  const handleInvalid = () => {
    // The previous answer no longer describes what is on screen.
    login.reset();
    setInvalidSubmit(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    return handleSubmit(handleValid, handleInvalid)(event);
  };

  const serverError = login.error
    ? isApiError(login.error)
      ? login.error.error
      : t('api.unexpectedError')
    : null;
  const emailField = register('userEmail');
  const passwordField = register('userPassword');

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {notice && !submitted && (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      )}
      <AlertMessage message={invalidSubmit ? t('validation.checkForm') : serverError} />
      <FormTextField
        {...emailField}
        inputRef={emailField.ref}
        id="login-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        required
        error={Boolean(errors.userEmail)}
        helperText={translateMessage(errors.userEmail?.message)}
      />
      <FormTextField
        {...passwordField}
        inputRef={passwordField.ref}
        id="login-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
        error={Boolean(errors.userPassword)}
        helperText={translateMessage(errors.userPassword?.message)}
      />
      {/* The name stays "Kirjaudu" while the call runs; only the state changes. */}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={login.isPending}
        aria-busy={login.isPending}
      >
        {t('login.submit')}
      </Button>
      <Button component={RouterLink} to="/user-register" variant="outlined" size="large">
        {t('login.register')}
      </Button>
      {refused && (
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          {t('login.forgotPassword')}
        </Link>
      )}
    </Stack>
  );
}
