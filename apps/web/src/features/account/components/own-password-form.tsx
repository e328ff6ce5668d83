import { changePasswordBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useChangePassword } from '../api/change-password';

/** The signed-in user's own password change (spec 000 §5): every field required, new twice. */
export function OwnPasswordForm() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: changePasswordBody,
    defaultValues: { userCurrentPassword: '', userPassword: '', confirmPassword: '' },
    mutation: useChangePassword(),
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
      <FormTextField
        {...fieldProps(form, 'userCurrentPassword')}
        label={t('ownPassword.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPassword')}
        label={t('ownPassword.newPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'confirmPassword')}
        label={t('ownPassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('ownPassword.submit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
