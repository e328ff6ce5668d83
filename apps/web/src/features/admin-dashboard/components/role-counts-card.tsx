import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ROLES, type Role, type RoleCounts } from '@vahti/domain';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Doughnut } from '@/components/doughnut';
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
  const headingId = useId();
  const total = ROLES.reduce((sum, role) => sum + roles[role], 0);
  const roleLabel = useCallback((role: Role) => t(`adminDashboard.roles.${role}`), [t]);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography id={headingId} component={`h${headingLevel}`} variant="h6" gutterBottom>
          {title}
        </Typography>
        {total === 0 ? (
          <Typography color="text.secondary">{t('table.empty')}</Typography>
        ) : (
          <>
            <Doughnut
              slices={ROLES.map((role) => ({
                name: roleLabel(role),
                value: roles[role],
                color: colors[role],
              }))}
              centerText={t('adminDashboard.total', { count: total })}
            />
            <Box
              component="ul"
              aria-label={t('adminDashboard.countsLabel', { title })}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 1,
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              {ROLES.map((role) => (
                <Typography
                  key={role}
                  component="li"
                  variant="body2"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
                >
                  {/* The swatch makes the list the chart's legend. */}
                  <Box
                    component="span"
                    aria-hidden="true"
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: colors[role] }}
                  />
                  {roleLabel(role)}: {roles[role]}
                </Typography>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
