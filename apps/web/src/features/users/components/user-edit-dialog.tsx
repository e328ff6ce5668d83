import type { UserRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useCan, useSession } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateUser } from '../api/update-user';
import { ResetSecondFactor } from './reset-second-factor';
import { UserFormFields } from './user-form-fields';
import { editUserForm, toUserBody, userFormValues } from './user-form-schema';

interface UserEditDialogProps {
  user: UserRecord;
  onClose: () => void;
  /** A successful save: the dialog closes and the list shows the answer's message. */
  onSaved: (message: string) => void;
}

/** The users table's pencil: the admin user form in a dialog; a save closes it. */
export function UserEditDialog({ user, onClose, onSaved }: UserEditDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const manageSignIn = useCan({ do: 'manageSignIn' });
  const manageUser = useCan({ do: 'manageUser', role: user.userRoles });
  const mayResetSecondFactor = manageSignIn && manageUser;
  const { form, feedback, submit, pending } = useMutationForm({
    schema: editUserForm,
    defaultValues: userFormValues(user),
    mutation: useUpdateUser(),
    toVariables: (values) => toUserBody(values, { chooseOrganization }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });

  return (
    <EditDialog
      open
      title={t('users.editTitle', { name: `${user.userFirstName} ${user.userLastName}` })}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <UserFormFields form={form} ownAccount={user.uuid === session.user?.uuid} />
      {mayResetSecondFactor && user.uuid !== session.user?.uuid && (
        <ResetSecondFactor userId={user.uuid} />
      )}
    </EditDialog>
  );
}
