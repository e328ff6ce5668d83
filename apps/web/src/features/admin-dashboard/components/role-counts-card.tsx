import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ROLES, type Role, type RoleCounts } from '@vahti/domain';
import { lazy, Suspense, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT, roleColors } from './role-colors';

// ECharts is fetched only when a dashboard draws its first chart: never with the login screen.
const RoleDoughnutChart = lazy(async () => ({
  default: (await import('./role-doughnut-chart')).RoleDoughnutChart,
}));

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
            <Suspense
              fallback={
                <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
                  <CircularProgress aria-label={t('app.loading')} />
                </Box>
              }
            >
              <RoleDoughnutChart
                roles={roles}
                roleLabel={roleLabel}
                centerText={t('adminDashboard.total', { count: total })}
              />
            </Suspense>
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
