import { forgotPasswordBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { forgotPassword } from '../api/forgot-password';

/** What the login screen hands to /forgot-password (router state, so the address stays out of the URL). */
export interface ForgotPasswordState {
  userEmail?: string;
}

/** The address a refused sign-in handed over, if any. */
export function initialEmailOf(state: unknown): string {
  const email = (state as ForgotPasswordState | null)?.userEmail;
  return typeof email === 'string' ? email : '';
}

/**
 * Asks for the reset mail; the server's answer stays on screen (it says to check the mail).
 * `initialEmail` is the address of the refused sign-in the user came from.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: forgotPasswordBody,
    defaultValues: { userEmail: initialEmail },
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
