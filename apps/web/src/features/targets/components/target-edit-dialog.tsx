import { createTargetBody, type TargetRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useCan } from '@/lib/session';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateTarget } from '../api/update-target';
import { TargetFormFields, targetFormValues } from './target-form-fields';

interface TargetEditDialogProps {
  target: TargetRecord;
  onClose: () => void;
  /** A successful save: the list reloads and the dialog closes. */
  onSaved: (message: string) => void;
}

/** The pencil's dialog of the targets list: the same form as the add screen. */
export function TargetEditDialog({ target, onClose, onSaved }: TargetEditDialogProps) {
  const { t } = useTranslation();
  const choosesOrganization = useCan({ do: 'crossOrganizations' });
  const { form, feedback, submit, pending } = useMutationForm({
    schema: createTargetBody,
    defaultValues: targetFormValues(target, choosesOrganization),
    mutation: useUpdateTarget(),
    toVariables: (values) => ({ targetId: target.targetId, ...values }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });

  return (
    <EditDialog
      open
      title={t('targets.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <TargetFormFields form={form} />
    </EditDialog>
  );
}
