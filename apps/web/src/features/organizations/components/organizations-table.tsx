import type { OrganizationRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/data-table';

interface OrganizationsTableProps {
  organizations: readonly OrganizationRecord[];
  loading: boolean;
  error: string | null;
  onEdit: (organization: OrganizationRecord) => void;
}

const applicationNames = (organization: OrganizationRecord) =>
  organization.OrganizationApplications.map((application) => application.applicationName).join(
    ', ',
  );

/** Every organization with its applications; the pencil opens the edit dialog. */
export function OrganizationsTable({
  organizations,
  loading,
  error,
  onEdit,
}: OrganizationsTableProps) {
  const { t } = useTranslation();
  const columns: Column<OrganizationRecord>[] = [
    { key: 'name', label: t('organizations.name'), value: (o) => o.organizationName },
    {
      key: 'businessId',
      label: t('organizations.businessId'),
      value: (o) => o.organizationBusinessId,
      nowrap: true,
    },
    {
      key: 'contractNumber',
      label: t('organizations.contractNumber'),
      value: (o) => o.organizationContractNumber,
      nowrap: true,
    },
    {
      key: 'postalDistrict',
      label: t('organizations.postalDistrict'),
      value: (o) => o.organizationPostalDistrict,
    },
    { key: 'area', label: t('organizations.area'), value: (o) => o.organizationArea },
    {
      key: 'state',
      label: t('organizations.state'),
      value: (o) => t(`recordStates.${o.organizationState}`),
      nowrap: true,
    },
    { key: 'applications', label: t('organizations.applications'), value: applicationNames },
  ];
  return (
    <DataTable
      label={t('organizations.tableLabel')}
      rows={organizations}
      columns={columns}
      rowKey={(o) => o.organizationId}
      onEdit={onEdit}
      editLabel={(o) => t('organizations.editLabel', { name: o.organizationName })}
      loading={loading}
      error={error}
      initialSort={{ key: 'name', direction: 'asc' }}
      minWidth={900}
    />
  );
}
