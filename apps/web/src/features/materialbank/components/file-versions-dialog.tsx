import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { MaterialbankFileRecord, MaterialbankFileVersionsResponse } from '@vahti/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { type Column, DataTable } from '@/components/data-table';
import { FilePickerButton } from '@/components/file-picker-button';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { formatFileSize } from '@/lib/numbers';
import { useFileVersions } from '../api/get-file-versions';
import { materialbankKeys } from '../api/materialbank-keys';
import { downloadMaterialbankFile } from '../api/open-materialbank-file';
import { replaceMaterialbankFile } from '../api/upload-materialbank-file';
import { FileThumbnail } from './file-preview';

type Version = MaterialbankFileVersionsResponse['versions'][number];

/**
 * 'Versiot': a file's earlier contents (kept when it was replaced), each with its preview, upload
 * date, uploader and size, and a download; "Korvaa tiedosto" sends a new content, and the one it
 * replaces joins the list (managers of the material bank).
 */
export function FileVersionsDialog({
  file,
  onClose,
}: {
  file: MaterialbankFileRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const versions = useFileVersions(file.id);
  const [fileError, setFileError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const hintId = useId();
  /** The replacing upload: its progress while it goes, then its server's message. */
  const [replacing, setReplacing] = useState<{ percent: number } | null>(null);
  const [replaced, setReplaced] = useState<string | null>(null);
  const replace = (chosen: File) => {
    setFileError(null);
    setReplaced(null);
    setReplacing({ percent: 0 });
    replaceMaterialbankFile(file.id, chosen, (percent) => setReplacing({ percent }))
      .then(({ message }) => {
        setReplaced(message);
        return queryClient.invalidateQueries({ queryKey: materialbankKeys.all });
      })
      .catch((err: unknown) => setFileError(errorText(err)))
      .finally(() => setReplacing(null));
  };
  const label = (row: Version) =>
    t('materialbank.versionLabel', { title: file.title, date: formatDateTime(row.uploadedAt) });
  const columns: Column<Version>[] = [
    {
      key: 'preview',
      label: t('materialbank.preview'),
      value: () => null,
      sortable: false,
      render: (row) => <FileThumbnail file={{ ...row, title: label(row) }} />,
    },
    {
      key: 'uploadedAt',
      label: t('materialbank.uploadedAt'),
      value: (row) => row.uploadedAt,
      render: (row) => formatDateTime(row.uploadedAt),
      nowrap: true,
    },
    { key: 'uploader', label: t('materialbank.uploader'), value: (row) => row.uploaderName },
    {
      key: 'size',
      label: t('materialbank.size'),
      value: (row) => row.fileSize,
      render: (row) => formatFileSize(row.fileSize),
      nowrap: true,
    },
    {
      key: 'download',
      label: t('materialbank.download'),
      value: () => null,
      sortable: false,
      render: (row) => (
        <Tooltip title={t('materialbank.downloadLabel', { title: label(row) })}>
          <IconButton
            aria-label={t('materialbank.downloadLabel', { title: label(row) })}
            onClick={() =>
              downloadMaterialbankFile(row.file, row.fileName).catch(() =>
                setFileError(t('materialbank.fileFailed')),
              )
            }
          >
            <DownloadIcon />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      <DialogTitle id={titleId}>
        {t('materialbank.versionsTitle', { title: file.title })}
      </DialogTitle>
      <DialogContent>
        <AlertMessage message={fileError} onClose={() => setFileError(null)} />
        <AlertMessage severity="success" message={replaced} onClose={() => setReplaced(null)} />
        <Stack spacing={1} sx={{ mb: 2, alignItems: 'flex-start' }}>
          <FilePickerButton
            accept="application/pdf,image/jpeg,.pdf,.jpg,.jpeg"
            icon={<UploadFileIcon />}
            disabled={replacing !== null}
            describedBy={hintId}
            onFile={replace}
          >
            {t('materialbank.replace')}
          </FilePickerButton>
          <Typography id={hintId} variant="body2" color="text.secondary">
            {t('materialbank.replaceHint')}
          </Typography>
          {replacing && (
            <progress
              max={100}
              value={replacing.percent}
              aria-label={t('materialbank.replaceProgress', { title: file.title })}
              style={{ width: '100%' }}
            />
          )}
        </Stack>
        <DataTable
          label={t('materialbank.versionsTitle', { title: file.title })}
          rows={versions.data?.versions ?? []}
          columns={columns}
          rowKey={(row) => row.file}
          loading={versions.isPending}
          error={versions.error ? errorText(versions.error) : null}
          initialSort={{ key: 'uploadedAt', direction: 'desc' }}
          minWidth={480}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
