import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordBody, forgotPasswordBody } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for the reset mail; the server's answer stays on screen (it says to check the mail). */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const forgotPassword = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { userEmail: '' },
  });
  const feedback = useFormFeedback(form);

  const handleValid = (values: ForgotPasswordBody) => {
    feedback.clear();
    forgotPassword.mutate(values, {
      onSuccess: ({ message }) => feedback.showSuccess(message, { persist: true }),
      onError: feedback.showError,
    });
  };

  return (
    <FeedbackForm
      feedback={feedback}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
    >
      <FormTextField
        {...fieldProps(form, 'userEmail')}
        label={t('forgotPassword.email')}
        type="email"
        autoComplete="email"
        required
      />
      <SubmitButton pending={forgotPassword.isPending}>{t('forgotPassword.submit')}</SubmitButton>
    </FeedbackForm>
  );
}
