import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoughnutProps } from './doughnut-chart';

// ECharts is fetched only when a screen draws its first chart: never with the login screen.
const DoughnutChart = lazy(() => import('./doughnut-chart'));

/** The height of a dashboard doughnut, and of its placeholder while ECharts loads. */
const DOUGHNUT_HEIGHT = 220;

/**
 * A doughnut of counts with a text in the centre (Apache ECharts, loaded on demand), for every
 * dashboard. It is decoration, hidden from screen readers: the caller shows the same numbers as
 * text beside it.
 */
export function Doughnut(props: DoughnutProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box sx={{ height: DOUGHNUT_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      }
    >
      <DoughnutChart {...props} height={DOUGHNUT_HEIGHT} />
    </Suspense>
  );
}
