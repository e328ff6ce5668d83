import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { PlaceCards } from '@/components/place-cards';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useTietoDashboard } from '../api/get-tieto-dashboard';
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
        <PlaceCards
          organization={data.organization}
          targets={data.targets}
          targetsTitle={t('tietoDashboard.targetsTitle')}
          noTargets={t('tietoDashboard.noTargets')}
          card={(place, headingLevel) => <CountsCard {...place} headingLevel={headingLevel} />}
        />
      )}
    </Stack>
  );
}
