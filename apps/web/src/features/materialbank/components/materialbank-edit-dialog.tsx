import type { MaterialbankFileRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { EditDialog } from '@/components/edit-dialog';
import { useMutationForm } from '@/lib/use-mutation-form';
import { useUpdateMaterialbankFile } from '../api/update-materialbank-file';
import { editFormSchema, MaterialbankFormFields } from './materialbank-form-fields';

interface MaterialbankEditDialogProps {
  file: MaterialbankFileRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** 'Muokkaa tietoja' (Peruuta / Talleta): the details and links of one file. */
export function MaterialbankEditDialog({ file, onClose, onSaved }: MaterialbankEditDialogProps) {
  const { t } = useTranslation();
  const { form, feedback, submit, pending } = useMutationForm({
    schema: editFormSchema,
    defaultValues: {
      title: file.title,
      targets: file.MaterialbankTargets.map((link) => link.targetId),
      permissions: file.MaterialbankPermissions.map((link) => link.permission),
      applications: file.MaterialbankApplications.map((link) => String(link.applicationId)),
      state: file.state,
      info: file.info ?? '',
    },
    mutation: useUpdateMaterialbankFile(),
    toVariables: (values) => ({
      id: file.id,
      ...values,
      applications: values.applications.map(Number),
    }),
    afterSuccess: 'keep',
    successMessage: 'none',
    onSuccess: ({ message }) => onSaved(message),
  });

  return (
    <EditDialog
      open
      title={t('materialbank.editTitle')}
      submitLabel={t('materialbank.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      feedback={feedback}
    >
      <MaterialbankFormFields form={form} organizationId={file.organizationId} />
    </EditDialog>
  );
}
