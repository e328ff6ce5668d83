import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserRoleCountsResponse } from '@vahti/domain';
import { useTranslation } from 'react-i18next';
import { RoleCountsCard } from './role-counts-card';

interface UserRoleCountsProps {
  counts: Omit<UserRoleCountsResponse, 'message'>;
}

/**
 * The two user-count doughnut variants (spec 000 §2 Hallinta dashboard, spec 001 §2 Vainu 8): the
 * organization's users by role, then one card per target with the users linked to it. Headings
 * h2 and h3: it sits right under the page's h1.
 */
export function UserRoleCounts({ counts }: UserRoleCountsProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Box sx={{ maxWidth: { md: '50%' } }}>
        <RoleCountsCard
          title={t('roleCounts.organizationTitle', {
            name: counts.organization.organizationName,
          })}
          roles={counts.organization.roles}
        />
      </Box>
      <Typography component="h2" variant="h5">
        {t('roleCounts.targetsTitle')}
      </Typography>
      {counts.targets.length === 0 ? (
        <Typography color="text.secondary">{t('table.empty')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
          }}
        >
          {counts.targets.map((target) => (
            <RoleCountsCard
              key={target.targetId}
              title={target.targetName}
              roles={target.roles}
              headingLevel={3}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
