import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { Doughnut } from '@/components/doughnut';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useFileCounts } from '../api/get-file-counts';

/** /materiaalipankki/dashboard: the organization and its documents by type (spec 001 §2). */
export function MaterialbankDashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  const counts = useFileCounts(user?.userOrganization);
  const pdf = counts.data?.pdf ?? 0;
  const jpg = counts.data?.jpg ?? 0;
  const total = counts.data?.totalFiles ?? 0;
  return (
    <Stack spacing={3}>
      <PageHeader title={t('materialbank.dashboardTitle')} />
      <AlertMessage message={errorText(counts.error)} />
      <Card variant="outlined" sx={{ maxWidth: 420 }}>
        <CardContent>
          <Typography component="h2" variant="h6">
            {user?.Organization.organizationName}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {user?.Organization.organizationPostalDistrict}
          </Typography>
          <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
            {t('materialbank.documentCounts')}
          </Typography>
          {counts.isPending ? (
            <CircularProgress aria-label={t('app.loading')} />
          ) : (
            <>
              <Doughnut
                slices={[
                  { name: t('materialbank.pdf'), value: pdf, color: '#c62828' },
                  { name: t('materialbank.jpg'), value: jpg, color: '#1565c0' },
                ]}
                centerText={`${total}\n${t('materialbank.documents')}`}
                chart="materialbank-counts"
              />
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                <li>
                  <Typography>
                    {t('materialbank.pdf')}: {pdf}
                  </Typography>
                </li>
                <li>
                  <Typography>
                    {t('materialbank.jpg')}: {jpg}
                  </Typography>
                </li>
                <li>
                  <Typography sx={{ fontWeight: 600 }}>
                    {t('materialbank.documents')}: {total}
                  </Typography>
                </li>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
