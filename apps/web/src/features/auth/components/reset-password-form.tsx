import {
  email,
  PASSWORD_RESET_REDIRECT_MS,
  type ResetPasswordBody,
  resetPasswordBody,
} from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { FormAlerts } from '@/components/form-alerts';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { resetPassword } from '../api/reset-password';

/** The login screen's password-change mode sends no e-mail; the /change-password page asks it. */
const withEmail = resetPasswordBody.safeExtend({ userEmail: email() });

interface ResetPasswordFormProps {
  /** The reset link's code (already checked to look like one). */
  code: string;
  /** Adds the "Sähköposti" field, sent as userEmail. */
  askEmail: boolean;
}

/**
 * The last step of the forgot-password flow (spec 000 §4): a new password twice; on success the
 * server's message, then the login screen after PASSWORD_RESET_REDIRECT_MS.
 */
export function ResetPasswordForm({ code, askEmail }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending, succeeded } = useMutationForm({
    schema: (askEmail ? withEmail : resetPasswordBody) as z.ZodType<
      ResetPasswordBody,
      z.input<typeof resetPasswordBody>
    >,
    // The code is not a field on screen; it travels with the values and is validated with them.
    defaultValues: {
      // Without the field the e-mail stays out of the values (an empty one would be invalid).
      userEmail: askEmail ? '' : undefined,
      userPassword: '',
      confirmPassword: '',
      code,
    },
    mutation: resetPassword,
    toVariables: ({ userEmail, ...values }) => ({ ...values, ...(askEmail ? { userEmail } : {}) }),
    afterSuccess: {
      navigate: '/',
      delayMs: PASSWORD_RESET_REDIRECT_MS,
      options: { replace: true },
    },
    successMessage: 'persist',
  });

  if (succeeded) return <FormAlerts feedback={feedback} />;

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      {askEmail && (
        <FormTextField
          {...fieldProps(form, 'userEmail')}
          label={t('resetPassword.email')}
          type="email"
          autoComplete="username"
          required
        />
      )}
      <FormTextField
        {...fieldProps(form, 'userPassword')}
        label={t('resetPassword.newPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'confirmPassword')}
        label={t('resetPassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitButton pending={pending}>{t('resetPassword.submit')}</SubmitButton>
    </FeedbackForm>
  );
}
