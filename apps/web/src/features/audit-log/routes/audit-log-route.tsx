import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useServerPaging } from '@/components/use-server-paging';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { useAuditLog } from '../api/get-audit-log';
import { formatAuditDetails } from '../components/audit-details';

/** An action in the user's language ('Käyttäjä luotu'); an unknown one is shown as it is. */
function actionLabel(action: string): string {
  const key = `auditLog.actions.${action}`;
  return i18n.exists(key) ? i18n.t(key) : action;
}

/** /admin/audit-log (Pääylläpitäjä): every change, newest first, paged on the server. */
export function AuditLogRoute() {
  const { t } = useTranslation();
  const paging = useServerPaging(25);
  const auditLog = useAuditLog({ page: paging.page + 1, pageSize: paging.pageSize });

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

  return (
    <ResourceListScreen
      title={t('auditLog.title')}
      intro={t('auditLog.intro')}
      query={auditLog}
      paging={paging}
      columns={columns}
      rowKey={(entry) => entry.id}
      minWidth={960}
    />
  );
}
