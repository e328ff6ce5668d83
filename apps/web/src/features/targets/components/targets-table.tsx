import type { TargetRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/data-table';

interface TargetsTableProps {
  targets: readonly TargetRecord[];
  loading: boolean;
  error: string | null;
  /** The top administrator sees every organization's targets, so the table names it. */
  showOrganization: boolean;
  onEdit: (target: TargetRecord) => void;
}

const contactNames = (target: TargetRecord) =>
  target.TargetContactUsers.map((user) => `${user.userFirstName} ${user.userLastName}`).join(', ');

/** The targets with their contact users; the pencil opens the edit dialog. */
export function TargetsTable({
  targets,
  loading,
  error,
  showOrganization,
  onEdit,
}: TargetsTableProps) {
  const { t } = useTranslation();
  const columns: Column<TargetRecord>[] = [
    { key: 'name', label: t('targets.name'), value: (row) => row.targetName },
    { key: 'address', label: t('targets.address'), value: (row) => row.targetAddress },
    {
      key: 'zipCode',
      label: t('targets.zipCode'),
      value: (row) => row.targetZipCode,
      nowrap: true,
    },
    {
      key: 'postalDistrict',
      label: t('targets.postalDistrict'),
      value: (row) => row.targetPostalDistrict,
    },
    { key: 'type', label: t('targets.type'), value: (row) => row.targetType },
    {
      key: 'propertyId',
      label: t('targets.propertyId'),
      value: (row) => row.targetPropertyId,
      nowrap: true,
    },
    {
      key: 'jobNumber',
      label: t('targets.jobNumber'),
      value: (row) => row.targetJobNumber,
      nowrap: true,
    },
    { key: 'contactUsers', label: t('targets.contactUsers'), value: contactNames },
    {
      key: 'state',
      label: t('targets.state'),
      value: (row) => t(`recordStates.${row.targetState}`),
      nowrap: true,
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            label: t('targets.organization'),
            value: (row: TargetRecord) => row.Organization.organizationName,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('targets.tableLabel')}
      rows={targets}
      columns={columns}
      rowKey={(row) => row.targetId}
      onEdit={onEdit}
      editLabel={(row) => t('targets.editLabel', { name: row.targetName })}
      loading={loading}
      error={error}
      initialSort={{ key: 'name', direction: 'asc' }}
      minWidth={1100}
    />
  );
}
