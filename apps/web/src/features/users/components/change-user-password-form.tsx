import { changeUserPasswordBody } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useMutationForm } from '@/lib/use-mutation-form';
import { changeUserPassword } from '../api/change-user-password';

/** change-user-password: an administrator sets a user's password by e-mail (spec 000 §5). */
export function ChangeUserPasswordForm() {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: changeUserPasswordBody,
    defaultValues: { userEmail: '', userPassword: '', confirmPassword: '' },
    mutation: changeUserPassword,
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
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
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('users.changePasswordSubmit')}
      </SubmitButton>
    </FeedbackForm>
  );
}
