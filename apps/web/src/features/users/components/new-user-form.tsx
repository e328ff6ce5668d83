import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useFormFeedback } from '@/lib/form-feedback';
import { useCan, useSession } from '@/lib/session';
import { useCreateUser } from '../api/create-user';
import { UserFormFields } from './user-form-fields';
import { emptyUserForm, type NewUserFormValues, newUserForm, toUserBody } from './user-form-schema';

/** add-new-user: an administrator creates a user; success says 'Käyttäjä luotu' and empties it. */
export function NewUserForm() {
  const { t } = useTranslation();
  const session = useSession();
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const createUser = useCreateUser();
  const defaults = (): NewUserFormValues => ({
    ...emptyUserForm(chooseOrganization ? session.user?.userOrganization : undefined),
    userPassword: '',
    confirmPassword: '',
  });
  const form = useForm({ resolver: zodResolver(newUserForm), defaultValues: defaults() });
  const feedback = useFormFeedback(form);

  const handleValid = ({ confirmPassword: _, ...values }: z.output<typeof newUserForm>) => {
    feedback.clear();
    createUser.mutate(toUserBody(values, { chooseOrganization }), {
      onSuccess: ({ message }) => {
        form.reset(defaults());
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
      <UserFormFields
        form={form}
        passwordFields={
          <>
            <FormTextField
              {...fieldProps(form, 'userPassword')}
              label={t('users.password')}
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
          </>
        }
      />
      <SubmitButton pending={createUser.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('users.create')}
      </SubmitButton>
    </FeedbackForm>
  );
}
