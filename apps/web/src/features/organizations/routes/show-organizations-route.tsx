import type { OrganizationRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/get-organizations';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { OrganizationEditDialog } from '../components/organization-edit-dialog';

const applicationNames = (organization: OrganizationRecord) =>
  organization.OrganizationApplications.map((application) => application.applicationName).join(
    ', ',
  );

/** /admin/show-organizations (Pääylläpitäjä): every organization; the pencil edits one. */
export function ShowOrganizationsRoute() {
  const { t } = useTranslation();
  const organizations = useOrganizations();

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
    <ResourceListScreen
      title={t('organizations.listTitle')}
      label={t('organizations.tableLabel')}
      query={organizations}
      columns={columns}
      rowKey={(o) => o.organizationId}
      initialSort={{ key: 'name', direction: 'asc' }}
      minWidth={900}
      editLabel={(o) => t('organizations.editLabel', { name: o.organizationName })}
      dialog={(organization, { close, done }) => (
        <OrganizationEditDialog organization={organization} onClose={close} onSaved={done} />
      )}
    />
  );
}
