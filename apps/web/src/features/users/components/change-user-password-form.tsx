import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeUserPasswordBody, changeUserPasswordBody } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useChangeUserPassword } from '../api/change-user-password';

const EMPTY = { userEmail: '', userPassword: '', confirmPassword: '' };

/** change-user-password: an administrator sets a user's password by e-mail (spec 000 §5). */
export function ChangeUserPasswordForm() {
  const { t } = useTranslation();
  const changeUserPassword = useChangeUserPassword();
  const form = useForm({ resolver: zodResolver(changeUserPasswordBody), defaultValues: EMPTY });
  const feedback = useFormFeedback(form);

  const handleValid = (body: ChangeUserPasswordBody) => {
    feedback.clear();
    changeUserPassword.mutate(body, {
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
        {...fieldProps(form, 'userEmail')}
        label={t('users.email')}
        type="email"
        autoComplete="off"
        required
      />
      <FormTextField
        {...fieldProps(form, 'userPassword')}
        label={t('users.newPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormTextField
        {...fieldProps(form, 'confirmPassword')}
        label={t('users.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitButton pending={changeUserPassword.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('users.changePasswordSubmit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
