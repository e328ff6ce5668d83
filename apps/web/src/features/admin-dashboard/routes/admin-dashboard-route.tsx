import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizations } from '@/api/organizations';
import { useUserRoleCounts } from '@/api/user-role-counts';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useCan, useSession } from '@/lib/session';
import { RoleCountsCard } from '../components/role-counts-card';

/**
 * /admin/dashboard (spec 000 §2): doughnuts of user counts by role, for the organization and per
 * target. The top administrator chooses the organization (their own at first).
 */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const heading = t('area.home', { area: t('sections.hallinta.name') });
  useDocumentTitle(heading);
  const session = useSession();
  const administer = useCan({ do: 'administer' });
  const topAdmin = useCan({ do: 'crossOrganizations' });
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const organizations = useOrganizations({ enabled: topAdmin });
  const counts = useUserRoleCounts(organizationId, { enabled: administer });
  const selectId = useId();

  const error = errorText(counts.error);
  const chosen = organizationId ?? session.user?.userOrganization ?? '';
  const organizationOptions = organizations.data ?? [];

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {heading}
      </Typography>
      {!administer ? (
        <Typography>{t('adminDashboard.noAccess')}</Typography>
      ) : (
        <>
          <Typography color="text.secondary">{t('adminDashboard.intro')}</Typography>
          {topAdmin && (
            <FormControl sx={{ maxWidth: { xs: '100%', sm: 360 } }} fullWidth>
              <InputLabel id={`${selectId}-label`} shrink>
                {t('adminDashboard.organization')}
              </InputLabel>
              <Select
                labelId={`${selectId}-label`}
                id={selectId}
                label={t('adminDashboard.organization')}
                notched
                value={organizationOptions.some((o) => o.organizationId === chosen) ? chosen : ''}
                onChange={(event) => setOrganizationId(event.target.value || null)}
              >
                {organizationOptions.map((organization) => (
                  <MenuItem key={organization.organizationId} value={organization.organizationId}>
                    {organization.organizationName}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
          <AlertMessage message={error} />
          {counts.isPending ? (
            <LoadingFallback />
          ) : (
            counts.data && (
              <Stack spacing={3}>
                <Box sx={{ maxWidth: { md: '50%' } }}>
                  <RoleCountsCard
                    title={t('adminDashboard.organizationTitle', {
                      name: counts.data.organization.organizationName,
                    })}
                    roles={counts.data.organization.roles}
                  />
                </Box>
                <Typography component="h2" variant="h5">
                  {t('adminDashboard.targetsTitle')}
                </Typography>
                {counts.data.targets.length === 0 ? (
                  <Typography color="text.secondary">{t('table.empty')}</Typography>
                ) : (
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 2,
                      gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
                    }}
                  >
                    {counts.data.targets.map((target) => (
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
            )
          )}
        </>
      )}
    </Stack>
  );
}
