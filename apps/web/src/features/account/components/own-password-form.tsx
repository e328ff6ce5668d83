import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordBody, changePasswordBody } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useChangePassword } from '../api/change-password';

const EMPTY = { userCurrentPassword: '', userPassword: '', confirmPassword: '' };

/** The signed-in user's own password change (spec 000 §5): every field required, new twice. */
export function OwnPasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });
  const feedback = useFormFeedback(form);

  const handleValid = (values: ChangePasswordBody) => {
    feedback.clear();
    changePassword.mutate(values, {
      onSuccess: ({ message }) => {
        form.reset(EMPTY);
        feedback.showSuccess(message);
      },
      onError: feedback.showError,
    });
  };

  return (
    <FeedbackForm
      feedback={feedback}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
    >
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
      <SubmitButton pending={changePassword.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('ownPassword.submit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
