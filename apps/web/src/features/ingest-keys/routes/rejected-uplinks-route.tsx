import type { RejectedUplinkRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { formatDateTime } from '@/lib/dates';
import { useRejectedUplinks } from '../api/get-rejected-uplinks';

/** /admin/rejected-uplinks: uplinks that came with a valid key but could not be stored. */
export function RejectedUplinksRoute() {
  const { t } = useTranslation();
  const rejected = useRejectedUplinks();
  const columns: Column<RejectedUplinkRecord>[] = [
    {
      key: 'receivedAt',
      label: t('ingestKeys.receivedAt'),
      value: (row) => row.receivedAt,
      render: (row) => formatDateTime(row.receivedAt),
      nowrap: true,
    },
    {
      key: 'reason',
      label: t('ingestKeys.reason'),
      value: (row) => t(`ingestKeys.reasons.${row.reason}`),
    },
    { key: 'field', label: t('ingestKeys.field'), value: (row) => row.field ?? '' },
    {
      key: 'deviceEui',
      label: t('ingestKeys.deviceEui'),
      value: (row) => row.deviceEui ?? '',
      nowrap: true,
    },
    { key: 'source', label: t('ingestKeys.source'), value: (row) => row.source, hideBelow: 'md' },
    {
      key: 'body',
      label: t('ingestKeys.body'),
      value: (row) => row.body,
      render: (row) => (
        <code style={{ wordBreak: 'break-all' }}>
          {row.body.length > 200 ? `${row.body.slice(0, 200)}…` : row.body}
        </code>
      ),
      hideBelow: 'md',
    },
  ];
  return (
    <ResourceListScreen
      title={t('ingestKeys.rejectedTitle')}
      intro={t('ingestKeys.rejectedIntro')}
      query={rejected}
      columns={columns}
      rowKey={(row) => row.id}
      initialSort={{ key: 'receivedAt', direction: 'desc' }}
      minWidth={760}
    />
  );
}
