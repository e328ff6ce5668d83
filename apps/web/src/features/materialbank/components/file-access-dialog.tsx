import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { MaterialbankFileRecord } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/data-table';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useFileAccess } from '../api/get-file-access';

type Access = NonNullable<ReturnType<typeof useFileAccess>['data']>['access'][number];

/** 'Avaukset ja lataukset': who opened or downloaded the file and when (Ylläpitäjä). */
export function FileAccessDialog({
  file,
  onClose,
}: {
  file: MaterialbankFileRecord;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const access = useFileAccess(file.id);
  const columns: Column<Access>[] = [
    { key: 'user', label: t('materialbank.accessUser'), value: (row) => row.fullName },
    {
      key: 'how',
      label: t('materialbank.accessHow'),
      value: (row) => (row.download ? t('materialbank.downloaded') : t('materialbank.opened')),
    },
    {
      key: 'at',
      label: t('materialbank.accessAt'),
      value: (row) => row.at,
      render: (row) => formatDateTime(row.at),
      nowrap: true,
    },
  ];
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md">
      <DialogTitle id={titleId}>{t('materialbank.accessTitle', { title: file.title })}</DialogTitle>
      <DialogContent>
        <DataTable
          label={t('materialbank.accessTitle', { title: file.title })}
          rows={access.data?.access ?? []}
          columns={columns}
          rowKey={(row) => `${row.userId}-${row.at}-${row.download}`}
          loading={access.isPending}
          error={access.error ? errorText(access.error) : null}
          initialSort={{ key: 'at', direction: 'desc' }}
          minWidth={480}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.close')}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
