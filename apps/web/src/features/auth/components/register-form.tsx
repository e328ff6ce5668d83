import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type RegisterUserForm, registerUserForm } from '@vahti/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FeedbackForm } from '@/components/feedback-form';
import { FormAlerts } from '@/components/form-alerts';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useRegisterUser } from '../api/register-user';

/** Fields the server may answer about (fields.userCode for a bad code, fields.userEmail if taken). */

/** Self-registration with a registration code (spec 000 §2, §5). */
export function RegisterForm({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation();
  const registerUser = useRegisterUser();
  const [registered, setRegistered] = useState(false);
  const form = useForm({
    resolver: zodResolver(registerUserForm),
    defaultValues: {
      userEmail: '',
      userCode: initialCode,
      userPassword: '',
      confirmPassword: '',
      userFirstName: '',
      userLastName: '',
      userPhoneNumber: '',
    },
  });
  const feedback = useFormFeedback(form);

  const handleValid = ({ confirmPassword: _, userPhoneNumber, ...values }: RegisterUserForm) => {
    feedback.clear();
    registerUser.mutate(
      { ...values, userPhoneNumber: userPhoneNumber || undefined },
      {
        onSuccess: ({ message }) => {
          // The account exists now: the next step is signing in, not a second registration.
          feedback.showSuccess(message, { persist: true });
          setRegistered(true);
        },
        onError: feedback.showError,
      },
    );
  };

  if (registered) {
    return (
      <Stack spacing={2.5}>
        <FormAlerts feedback={feedback} />
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('register.toLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <FeedbackForm
      feedback={feedback}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
    >
      <FormTextField
        {...fieldProps(form, 'userEmail')}
        label={t('register.email')}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userCode')}
        label={t('register.code')}
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPassword')}
        label={t('register.password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'confirmPassword')}
        label={t('register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userFirstName')}
        label={t('register.firstName')}
        autoComplete="given-name"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userLastName')}
        label={t('register.lastName')}
        autoComplete="family-name"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPhoneNumber')}
        label={t('register.phone')}
        type="tel"
        autoComplete="tel"
        hint={t('form.optional')}
      />
      <SubmitButton pending={registerUser.isPending}>{t('register.submit')}</SubmitButton>
      <Button component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
        {t('app.backToLogin')}
      </Button>
    </FeedbackForm>
  );
}
