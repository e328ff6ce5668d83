import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { registerUserForm } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FeedbackForm } from '@/components/feedback-form';
import { FormAlerts } from '@/components/form-alerts';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { registerUser } from '../api/register-user';

/** Self-registration with a registration code (spec 000 §2, §5). */
export function RegisterForm({ initialCode }: { initialCode: string }) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending, succeeded } = useMutationForm({
    schema: registerUserForm,
    defaultValues: {
      userEmail: '',
      userCode: initialCode,
      userPassword: '',
      confirmPassword: '',
      userFirstName: '',
      userLastName: '',
      userPhoneNumber: '',
    },
    mutation: registerUser,
    toVariables: ({ confirmPassword: _, userPhoneNumber, ...values }) => ({
      ...values,
      userPhoneNumber: userPhoneNumber || undefined,
    }),
    // The account exists now: the next step is signing in, not a second registration.
    afterSuccess: 'keep',
    successMessage: 'persist',
  });

  if (succeeded) {
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
    <FeedbackForm feedback={feedback} onSubmit={submit}>
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
      <SubmitButton pending={pending}>{t('register.submit')}</SubmitButton>
      <Button component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
        {t('app.backToLogin')}
      </Button>
    </FeedbackForm>
  );
}
