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
import { FormAlerts } from '@/components/form-alerts';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { isApiError } from '@/lib/api-client';
import { useFormFeedback } from '@/lib/form-feedback';
import { useLogin } from '../api/login';

interface LoginFormProps {
  /** An informational note above the form (e.g. the session expired); hidden after a submit. */
  notice?: string;
  onSuccess: (response: LoginResponse) => void;
}

export function LoginForm({ notice, onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [submitted, setSubmitted] = useState(false);
  // The spec shows the forgot-password link only once a sign-in has been refused.
  const [refused, setRefused] = useState(false);
  const form = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { userEmail: '', userPassword: '' },
  });
  const feedback = useFormFeedback(form);

  const handleValid = (values: LoginBody) => {
    feedback.clear();
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        feedback.showError(error);
        // A network failure is no refusal: the credentials were never checked.
        if (isApiError(error) && error.status !== 0) setRefused(true);
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    return form.handleSubmit(handleValid, feedback.showInvalid)(event);
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {notice && !submitted && (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      )}
      <FormAlerts feedback={feedback} />
      <FormTextField
        {...fieldProps(form, 'userEmail')}
        id="login-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPassword')}
        id="login-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton pending={login.isPending}>{t('login.submit')}</SubmitButton>
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
