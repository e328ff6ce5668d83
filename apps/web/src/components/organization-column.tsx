import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/get-organizations';
import { useCan } from '@/lib/session';
import type { Column } from './data-table';

/**
 * The top administrator sees every organization's rows: a column naming each row's
 * organization (issue 27); nothing for anyone else, who sees their own only.
 */
export function useOrganizationColumn<T>(organizationIdOf: (row: T) => string): Column<T>[] {
  const { t } = useTranslation();
  const topAdmin = useCan({ do: 'crossOrganizations' });
  const organizations = useOrganizations({ enabled: topAdmin });
  if (!topAdmin) return [];
  const names = new Map(
    (organizations.data ?? []).map((o) => [o.organizationId, o.organizationName]),
  );
  return [
    {
      key: 'organization',
      label: t('roleCounts.organization'),
      value: (row) => names.get(organizationIdOf(row)) ?? '',
      nowrap: true,
    },
  ];
}
