import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/components/feedback-form';
import { FormTextField, fieldProps } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useCreateUser } from '../api/create-user';
import { UserFormFields } from './user-form-fields';
import { emptyUserForm, newUserForm, toUserBody } from './user-form-schema';

/** add-new-user: an administrator creates a user; success says 'Käyttäjä luotu' and empties it. */
export function NewUserForm() {
  const { t } = useTranslation();
  const session = useSession();
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const { form, feedback, submit, pending } = useMutationForm({
    schema: newUserForm,
    defaultValues: {
      ...emptyUserForm(chooseOrganization ? session.user?.userOrganization : undefined),
      userPassword: '',
      confirmPassword: '',
    },
    mutation: useCreateUser(),
    toVariables: ({ confirmPassword: _, ...values }) => toUserBody(values, { chooseOrganization }),
  });

  return (
    <FeedbackForm feedback={feedback} onSubmit={submit}>
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
      <SubmitButton pending={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('users.create')}
      </SubmitButton>
    </FeedbackForm>
  );
}
