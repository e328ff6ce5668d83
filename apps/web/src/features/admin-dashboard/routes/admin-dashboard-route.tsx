import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUserRoleCounts } from '@/api/get-user-role-counts';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { OrganizationPicker, useChosenOrganization } from '@/components/organization-picker';
import { UserRoleCounts } from '@/components/user-role-counts';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useCan } from '@/lib/session';

/**
 * /admin/dashboard (spec 000 §2): doughnuts of user counts by role, for the organization and per
 * target. The top administrator chooses the organization (their own at first).
 */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const heading = t('area.home', { area: t('sections.hallinta.name') });
  useDocumentTitle(heading);
  const administer = useCan({ do: 'administer' });
  const [organizationId, setOrganizationId] = useChosenOrganization();
  const counts = useUserRoleCounts(organizationId, { enabled: administer });

  const error = errorText(counts.error);

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
          <OrganizationPicker value={organizationId} onChange={setOrganizationId} />
          <AlertMessage message={error} />
          {counts.isPending ? (
            <LoadingFallback />
          ) : (
            counts.data && <UserRoleCounts counts={counts.data} />
          )}
        </>
      )}
    </Stack>
  );
}
