import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateTargetBody, createTargetBody, type TargetRecord } from '@vahti/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useFormFeedback } from '@/lib/form-feedback';
import { useCan } from '@/lib/session';
import { useUpdateTarget } from '../api/update-target';
import { TargetFormFields, type TargetFormValues, targetFormValues } from './target-form-fields';

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
  const updateTarget = useUpdateTarget();
  const form = useForm<TargetFormValues>({
    resolver: zodResolver(createTargetBody),
    defaultValues: targetFormValues(target, choosesOrganization),
  });
  const feedback = useFormFeedback(form);

  const handleValid = (values: CreateTargetBody) => {
    feedback.clear();
    updateTarget.mutate(
      { targetId: target.targetId, ...values },
      { onSuccess: ({ message }) => onSaved(message), onError: feedback.showError },
    );
  };

  return (
    <EditDialog
      open
      title={t('targets.editTitle')}
      onClose={onClose}
      onSubmit={form.handleSubmit(handleValid, feedback.showInvalid)}
      pending={updateTarget.isPending}
      feedback={feedback}
    >
      <TargetFormFields form={form} />
    </EditDialog>
  );
}
