import { forgotPasswordBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { forgotPassword } from '../api/forgot-password';

/** Asks for the reset mail; the server's answer stays on screen (it says to check the mail). */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: forgotPasswordBody,
    defaultValues: { userEmail: '' },
    mutation: forgotPassword,
    afterSuccess: 'keep',
    successMessage: 'persist',
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <FormTextField
        {...fieldProps(form, 'userEmail')}
        label={t('forgotPassword.email')}
        type="email"
        autoComplete="email"
        required
      />
      <SubmitButton pending={pending}>{t('forgotPassword.submit')}</SubmitButton>
    </FeedbackForm>
  );
}
