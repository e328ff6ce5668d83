import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useTietoDashboard } from '../api/tieto-dashboard';
import { CountsCard } from '../components/counts-card';

/**
 * /tieto/dashboard (spec 001 §2 Tieto 1): the organization's card, then one card per target (a
 * Käyttäjä: their own targets).
 */
export function TietoDashboardRoute() {
  const { t } = useTranslation();
  const heading = t('area.home', { area: t('sections.tieto.name') });
  useDocumentTitle(heading);
  const dashboard = useTietoDashboard('');
  const data = dashboard.data;
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {heading}
      </Typography>
      <AlertMessage message={errorText(dashboard.error)} />
      {dashboard.isPending && <LoadingFallback />}
      {data && (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6, lg: 4 }}>
              <CountsCard
                name={data.organization.organizationName}
                address={data.organization.organizationAddress}
                zipCode={data.organization.organizationZipCode}
                postalDistrict={data.organization.organizationPostalDistrict}
                counts={data.organization.counts}
              />
            </Grid>
          </Grid>
          <Typography component="h2" variant="h5">
            {t('tietoDashboard.targetsTitle')}
          </Typography>
          {data.targets.length === 0 ? (
            <Typography>{t('tietoDashboard.noTargets')}</Typography>
          ) : (
            <Grid container spacing={2}>
              {data.targets.map((target) => (
                <Grid key={target.targetId} size={{ xs: 12, md: 6, lg: 4 }}>
                  <CountsCard
                    name={target.targetName}
                    address={target.targetAddress}
                    zipCode={target.targetZipCode}
                    postalDistrict={target.targetPostalDistrict}
                    counts={target.counts}
                    headingLevel={3}
                  />
                </Grid>
              ))}
            </Grid>
          )}
        </>
      )}
    </Stack>
  );
}
