import { createTargetBody, type TargetRecord, targetFieldLabels } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { useTargets } from '@/api/get-targets';
import type { Column } from '@/components/data-table';
import { ResourceListScreen } from '@/components/resource-list-screen';
import { useCan } from '@/lib/session';
import { TargetEditDialog } from '../components/target-edit-dialog';

const shape = createTargetBody.shape;
/** The list's text columns: every required text of the target, in the schema's order. */
const TEXT_COLUMNS = (Object.keys(shape) as Array<keyof typeof shape>).filter(
  (name): name is TextField => shape[name].type === 'string',
);
type TextField = {
  [K in keyof TargetRecord]: TargetRecord[K] extends string ? K : never;
}[keyof TargetRecord] &
  keyof typeof shape;

/** Codes rather than words, by column key: kept on one line, and left out below xl. */
const narrow = { nowrap: true, hideBelow: 'xl' } as const;
const NARROW: Record<string, typeof narrow> = {
  zipCode: narrow,
  propertyId: narrow,
  jobNumber: narrow,
};

const contactNames = (target: TargetRecord) =>
  target.TargetContactUsers.map((user) => `${user.userFirstName} ${user.userLastName}`).join(', ');

/** /admin/show-targets: the targets the caller may see; the pencil edits one. */
export function ShowTargetsRoute() {
  const { t } = useTranslation();
  const targets = useTargets();
  // The top administrator sees every organization's targets, so the table names it.
  const showOrganization = useCan({ do: 'crossOrganizations' });

  const columns: Column<TargetRecord>[] = [
    ...TEXT_COLUMNS.map((name) => {
      const labelKey = targetFieldLabels[name];
      const key = labelKey.slice(labelKey.indexOf('.') + 1);
      return { key, label: t(labelKey), value: (row: TargetRecord) => row[name], ...NARROW[key] };
    }),
    {
      key: 'contactUsers',
      label: t('targets.contactUsers'),
      value: contactNames,
      hideBelow: 'xl',
    },
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
      editLabel={(target) => t('targets.editLabel', { name: target.targetName })}
      dialog={(target, { close, done }) => (
        <TargetEditDialog target={target} onClose={close} onSaved={done} />
      )}
    />
  );
}
