import { zodResolver } from '@hookform/resolvers/zod';
import type { UserRecord } from '@vahti/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EditDialog } from '@/components/edit-dialog';
import { useFormFeedback } from '@/lib/form-feedback';
import { useCan, useSession } from '@/lib/session';
import { useUpdateUser } from '../api/update-user';
import { UserFormFields } from './user-form-fields';
import { editUserForm, toUserBody, userFormValues } from './user-form-schema';

interface UserEditDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: UserRecord | null;
  onClose: () => void;
}

/** The users table's pencil: the admin user form in a dialog; a save closes it. */
export function UserEditDialog({ user, onClose }: UserEditDialogProps) {
  const { t } = useTranslation();
  const session = useSession();
  const chooseOrganization = useCan({ do: 'crossOrganizations' });
  const updateUser = useUpdateUser();
  const form = useForm({
    resolver: zodResolver(editUserForm),
    defaultValues: user ? userFormValues(user) : undefined,
  });
  const feedback = useFormFeedback(form);
  const { reset } = form;
  const { clear } = feedback;

  // Each opening starts from the chosen user's saved details, without old messages.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another user opens.
  useEffect(() => {
    if (!user) return;
    reset(userFormValues(user));
    clear();
    updateUser.reset();
  }, [user]);

  const ownAccount = user !== null && user.uuid === session.user?.uuid;

  const handleValid = (values: z.output<typeof editUserForm>) => {
    feedback.clear();
    updateUser.mutate(toUserBody(values, { chooseOrganization }), {
      onSuccess: onClose,
      onError: feedback.showError,
    });
  };

  const name = user ? `${user.userFirstName} ${user.userLastName}` : '';
  return (
    <EditDialog
      open={user !== null}
      title={t('users.editTitle', { name })}
      onClose={onClose}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
      pending={updateUser.isPending}
      feedback={feedback}
    >
      <UserFormFields form={form} ownAccount={ownAccount} />
    </EditDialog>
  );
}
