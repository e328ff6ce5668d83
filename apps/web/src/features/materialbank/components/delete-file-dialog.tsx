import type { MaterialbankFileRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { useDeleteMaterialbankFile } from '../api/delete-materialbank-file';

interface DeleteFileDialogProps {
  file: MaterialbankFileRecord;
  onClose: () => void;
  onDeleted: (message: string) => void;
}

/** Delete after a confirmation (Ylläpitäjä and Pääylläpitäjä, spec 001 §6). */
export function DeleteFileDialog({ file, onClose, onDeleted }: DeleteFileDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteMaterialbankFile();
  return (
    <ConfirmDialog
      open
      title={t('materialbank.deleteTitle')}
      text={t('materialbank.deleteText', { title: file.title })}
      confirmLabel={t('materialbank.delete')}
      pending={remove.isPending}
      error={errorText(remove.error)}
      onConfirm={() => remove.mutate(file.id, { onSuccess: ({ message }) => onDeleted(message) })}
      onClose={onClose}
    />
  );
}
