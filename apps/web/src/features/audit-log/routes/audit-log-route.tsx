import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@vahti/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/data-table';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/document-title';
import { i18n } from '@/lib/i18n';
import { useAuditLog } from '../api/get-audit-log';
import { formatAuditDetails } from '../components/audit-details';

const DEFAULT_PAGE_SIZE = 25;

/** An action in the user's language ('Käyttäjä luotu'); an unknown one is shown as it is. */
function actionLabel(action: string): string {
  const key = `auditLog.actions.${action}`;
  return i18n.exists(key) ? i18n.t(key) : action;
}

/** /admin/audit-log (Pääylläpitäjä): every change, newest first, paged on the server. */
export function AuditLogRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('auditLog.title'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const auditLog = useAuditLog({ page: page + 1, pageSize });

  const columns: Column<AuditEntry>[] = [
    {
      key: 'at',
      label: t('auditLog.at'),
      value: (entry) => formatDateTime(entry.at),
      nowrap: true,
    },
    { key: 'actor', label: t('auditLog.actor'), value: (entry) => entry.actorEmail ?? '–' },
    { key: 'action', label: t('auditLog.action'), value: (entry) => actionLabel(entry.action) },
    {
      key: 'organization',
      label: t('auditLog.organization'),
      value: (entry) => entry.organizationName ?? '–',
    },
    {
      key: 'details',
      label: t('auditLog.details'),
      value: (entry) => formatAuditDetails(entry.details),
      render: (entry) => (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 240 }}>
          {formatAuditDetails(entry.details)}
        </Typography>
      ),
    },
  ];

  const error = errorText(auditLog.error);

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          {t('auditLog.title')}
        </Typography>
        <Typography color="text.secondary">{t('auditLog.intro')}</Typography>
      </Stack>
      <DataTable
        label={t('auditLog.title')}
        rows={auditLog.data?.auditLog ?? []}
        columns={columns}
        rowKey={(entry) => entry.id}
        loading={auditLog.isPending}
        error={error}
        minWidth={960}
        serverPaging={{
          count: auditLog.data?.total ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: setPageSize,
        }}
      />
    </Stack>
  );
}
