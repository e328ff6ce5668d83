import type { TargetRecord } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/targets';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useCan } from '@/lib/session';
import { TargetEditDialog } from '../components/target-edit-dialog';

const contactNames = (target: TargetRecord) =>
  target.TargetContactUsers.map((user) => `${user.userFirstName} ${user.userLastName}`).join(', ');

/** /admin/show-targets: the targets the caller may see; the pencil edits one. */
export function ShowTargetsRoute() {
  const { t } = useTranslation();
  const targets = useTargets();
  // The top administrator sees every organization's targets, so the table names it.
  const showOrganization = useCan({ do: 'crossOrganizations' });

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
    <ResourceListScreen
      title={t('targets.listTitle')}
      label={t('targets.tableLabel')}
      query={targets}
      columns={columns}
      rowKey={(target) => target.targetId}
      initialSort={{ key: 'name', direction: 'asc' }}
      minWidth={1100}
      editLabel={(target) => t('targets.editLabel', { name: target.targetName })}
      dialog={(target, { close, done }) => (
        <TargetEditDialog target={target} onClose={close} onSaved={done} />
      )}
    />
  );
}
