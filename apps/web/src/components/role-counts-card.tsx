import { useTheme } from '@mui/material/styles';
import { ROLES, type Role, type RoleCounts } from '@vahti/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DoughnutCard } from './doughnut-card';
import { roleColors } from './role-colors';

interface RoleCountsCardProps {
  title: string;
  roles: RoleCounts;
  /** The heading's level in the page outline (default 2). */
  headingLevel?: 2 | 3;
}

/** One doughnut in a card with its heading, and the same numbers as a list for everyone. */
export function RoleCountsCard({ title, roles, headingLevel = 2 }: RoleCountsCardProps) {
  const { t } = useTranslation();
  const colors = roleColors(useTheme());
  const total = ROLES.reduce((sum, role) => sum + roles[role], 0);
  const roleLabel = useCallback((role: Role) => t(`roleCounts.roles.${role}`), [t]);
  return (
    <DoughnutCard
      title={title}
      headingLevel={headingLevel}
      empty={total === 0 ? t('table.empty') : undefined}
      slices={ROLES.map((role) => ({
        name: roleLabel(role),
        value: roles[role],
        color: colors[role],
      }))}
      centerText={t('roleCounts.total', { count: total })}
      listLabel={t('roleCounts.countsLabel', { title })}
    />
  );
}
