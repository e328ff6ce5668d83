import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { DoughnutCard } from '@/components/doughnut-card';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useFileCounts } from '../api/get-file-counts';

/**
 * /materiaalipankki/dashboard: the organization with its address, and its documents by type as
 * a doughnut whose list is its legend (spec 001 §2), as the other dashboards show theirs.
 */
export function MaterialbankDashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const counts = useFileCounts(user?.userOrganization);
  const organization = counts.data?.organization;
  const address = organization
    ? [
        organization.organizationAddress,
        [organization.organizationZipCode, organization.organizationPostalDistrict]
          .filter(Boolean)
          .join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : undefined;
  return (
    <Stack spacing={3}>
      <PageHeader title={t('materialbank.dashboardTitle')} />
      <AlertMessage message={errorText(counts.error)} />
      <Box sx={{ maxWidth: 420 }}>
        {counts.data ? (
          <DoughnutCard
            title={organization?.organizationName ?? user?.Organization.organizationName ?? ''}
            subtitle={address}
            slices={[
              { name: t('materialbank.pdf'), value: counts.data.pdf, color: '#c62828' },
              { name: t('materialbank.jpg'), value: counts.data.jpg, color: '#1565c0' },
            ]}
            centerText={`${counts.data.totalFiles}\n${t('materialbank.documents')}`}
            chart="materialbank-counts"
            listLabel={t('materialbank.documentCounts')}
            extra={`${t('materialbank.documents')}: ${counts.data.totalFiles}`}
          />
        ) : (
          counts.isPending && <CircularProgress aria-label={t('app.loading')} />
        )}
      </Box>
    </Stack>
  );
}
