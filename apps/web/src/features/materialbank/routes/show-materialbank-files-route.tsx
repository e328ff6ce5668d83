import DeleteIcon from '@mui/icons-material/Delete';
import HistoryIcon from '@mui/icons-material/History';
import LayersIcon from '@mui/icons-material/Layers';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { MaterialbankFileRecord } from '@vahti/domain';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import type { Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { ResourceList } from '@/components/resource-list';
import { formatDate } from '@/lib/dates';
import { formatFileSize } from '@/lib/numbers';
import { useCan } from '@/lib/session';
import { useMaterialbankFiles } from '../api/get-materialbank-files';
import { DeleteFileDialog } from '../components/delete-file-dialog';
import { FileAccessDialog } from '../components/file-access-dialog';
import { FileActions } from '../components/file-actions';
import { FileThumbnail } from '../components/file-preview';
import { FileVersionsDialog } from '../components/file-versions-dialog';
import { MaterialbankEditDialog } from '../components/materialbank-edit-dialog';

/** Which dialog a row's button asked for. */
type Mode = 'edit' | 'delete' | 'access' | 'versions';

/**
 * /materiaalipankki/show-materialbank-files ('Materialipankki tiedostot'): search, previews, the
 * pencil and 'Versiot' for all but Käyttäjä, view and download for everyone, delete for
 * Ylläpitäjä and Pääylläpitäjä.
 */
export function ShowMaterialbankFilesRoute() {
  const { t } = useTranslation();
  const files = useMaterialbankFiles();
  const canEdit = useCan({ do: 'manageMaterialbank' });
  const canDelete = useCan({ do: 'deleteMaterialbankFile' });
  const [fileError, setFileError] = useState<string | null>(null);
  // The pencil opens the edit unless another of the row's buttons asked otherwise.
  const mode = useRef<Mode>('edit');

  const columns: Column<MaterialbankFileRecord>[] = [
    {
      key: 'preview',
      label: t('materialbank.preview'),
      value: () => null,
      sortable: false,
      render: (row) => <FileThumbnail file={row} />,
    },
    { key: 'title', label: t('materialbank.title'), value: (row) => row.title },
    {
      key: 'organization',
      label: t('materialbank.organization'),
      value: (row) => row.Organization.organizationName,
      hideBelow: 'md',
    },
    { key: 'file', label: t('materialbank.file'), value: (row) => row.fileName },
    {
      key: 'createdAt',
      label: t('materialbank.uploadedAt'),
      value: (row) => row.createdAt,
      render: (row) => formatDate(row.createdAt),
      nowrap: true,
    },
    {
      key: 'uploader',
      label: t('materialbank.uploader'),
      value: (row) => row.uploaderName,
      hideBelow: 'lg',
    },
    {
      key: 'size',
      label: t('materialbank.size'),
      value: (row) => row.fileSize,
      render: (row) => formatFileSize(row.fileSize),
      nowrap: true,
      hideBelow: 'md',
    },
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
        actions={(file, openDialog) => {
          // A row's button that opens the row's dialog in the given mode.
          const dialogButton = (next: Mode, labelKey: string, icon: ReactNode) => {
            const label = t(labelKey, { title: file.title });
            return (
              <Tooltip title={label}>
                <IconButton
                  aria-label={label}
                  onClick={() => {
                    mode.current = next;
                    openDialog();
                  }}
                >
                  {icon}
                </IconButton>
              </Tooltip>
            );
          };
          return (
            <>
              <FileActions file={file} onError={setFileError} />
              {canEdit && dialogButton('versions', 'materialbank.versionsLabel', <LayersIcon />)}
              {canDelete && dialogButton('access', 'materialbank.accessLabel', <HistoryIcon />)}
              {canDelete && dialogButton('delete', 'materialbank.deleteLabel', <DeleteIcon />)}
            </>
          );
        }}
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
          if (mode.current === 'access') {
            return <FileAccessDialog file={file} onClose={closeDialog} />;
          }
          if (mode.current === 'versions') {
            return <FileVersionsDialog file={file} onClose={closeDialog} />;
          }
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
