import { changePasswordBody, msg } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useChangePassword } from '../api/change-password';

/**
 * The request schema with the repeated password required too: an empty submit flags all three
 * fields (the match check alone runs only once the other fields pass).
 */
const ownPasswordForm = changePasswordBody.safeExtend({
  confirmPassword: z.string().min(1, { error: msg('passwordRequired') }),
});

/** The signed-in user's own password change (spec 000 §5): every field required, new twice. */
export function OwnPasswordForm() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: ownPasswordForm,
    defaultValues: { userCurrentPassword: '', userPassword: '', confirmPassword: '' },
    mutation: useChangePassword(),
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <FormTextField
        {...fieldProps(form, 'userCurrentPassword')}
        label={t('account.ownPassword.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPassword')}
        label={t('account.ownPassword.newPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'confirmPassword')}
        label={t('account.ownPassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('account.ownPassword.submit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
