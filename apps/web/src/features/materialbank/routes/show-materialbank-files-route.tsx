import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { MaterialbankFileRecord } from '@vahti/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { useCan } from '@/lib/session';
import { useMaterialbankFiles } from '../api/get-materialbank-files';
import { DeleteFileDialog } from '../components/delete-file-dialog';
import { FileActions } from '../components/file-actions';
import { MaterialbankEditDialog } from '../components/materialbank-edit-dialog';

/**
 * /materiaalipankki/show-materialbank-files ('Materialipankki tiedostot'): search, the pencil
 * for all but Käyttäjä, view and download for everyone, delete for Ylläpitäjä and Pääylläpitäjä.
 */
export function ShowMaterialbankFilesRoute() {
  const { t } = useTranslation();
  const files = useMaterialbankFiles();
  const canEdit = useCan({ do: 'manageMaterialbank' });
  const canDelete = useCan({ do: 'deleteMaterialbankFile' });
  const [fileError, setFileError] = useState<string | null>(null);
  // Which dialog the row's button asked for: the pencil's edit or the removal's confirmation.
  const mode = useRef<'edit' | 'delete'>('edit');

  const columns: Column<MaterialbankFileRecord>[] = [
    { key: 'title', label: t('materialbank.title'), value: (row) => row.title },
    {
      key: 'organization',
      label: t('materialbank.organization'),
      value: (row) => row.Organization.organizationName,
      hideBelow: 'md',
    },
    { key: 'file', label: t('materialbank.file'), value: (row) => row.fileName },
    {
      key: 'state',
      label: t('materialbank.state'),
      value: (row) => t(`recordStates.${row.state}`),
      nowrap: true,
    },
  ];

  return (
    <Stack spacing={3}>
      <PageHeader title={t('materialbank.listTitle')} />
      <AlertMessage message={fileError} onClose={() => setFileError(null)} />
      <ResourceList
        label={t('materialbank.tableLabel')}
        query={files}
        columns={columns}
        rowKey={(file) => file.id}
        editLabel={
          canEdit ? (file) => t('materialbank.editLabel', { title: file.title }) : undefined
        }
        actions={(file, openDialog) => (
          <>
            <FileActions file={file} onError={setFileError} />
            {canDelete && (
              <Tooltip title={t('materialbank.deleteLabel', { title: file.title })}>
                <IconButton
                  aria-label={t('materialbank.deleteLabel', { title: file.title })}
                  onClick={() => {
                    mode.current = 'delete';
                    openDialog();
                  }}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
        dialog={(file, { close, done }) => {
          // The pencil opens the edit unless the delete button asked otherwise; either way the
          // next opening starts from the edit again.
          const closeDialog = () => {
            mode.current = 'edit';
            close();
          };
          const finish = (message: string) => {
            mode.current = 'edit';
            done(message);
          };
          return mode.current === 'delete' ? (
            <DeleteFileDialog file={file} onClose={closeDialog} onDeleted={finish} />
          ) : (
            <MaterialbankEditDialog file={file} onClose={closeDialog} onSaved={finish} />
          );
        }}
      />
    </Stack>
  );
}
