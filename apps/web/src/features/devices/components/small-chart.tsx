import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { errorText } from '@/lib/api-client';
import { formatMeasurementValue } from '@/lib/numbers';
import { useDeviceSeries } from '../api/get-device-series';

// ECharts is fetched only when the first small chart is drawn.
const SmallChartDrawing = lazy(() => import('./small-chart-drawing'));

const DAY_MS = 86_400_000;

/**
 * One measurement's readings of the last 24 hours or 7 days on the device page, with the same in
 * words below it (lowest, highest, how many readings) for a screen reader and a quick look.
 */
export function SmallChart({
  deviceId,
  measurementId,
  name,
  unit,
  days,
}: {
  deviceId: string;
  measurementId: string;
  name: string;
  unit: string;
  days: 1 | 7;
}) {
  const { t } = useTranslation();
  const series = useDeviceSeries(deviceId, measurementId, days === 1 ? 2 : 7);
  const data = series.data;
  const { points, from, to } = useMemo(() => {
    const end = Date.now();
    const start = end - days * DAY_MS;
    const list: [number, number][] = [];
    for (const row of data?.measurementData ?? []) {
      const value = row.data[measurementId];
      const at = Date.parse(row.createdAt);
      if (typeof value === 'number' && at >= start) list.push([at, value]);
    }
    return { points: list, from: start, to: end };
  }, [data, days, measurementId]);
  const values = points.map(([, value]) => value);
  const suffix = unit ? ` ${unit}` : '';
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid="small-chart">
      <Typography component="figcaption" variant="subtitle2">
        {name}
      </Typography>
      <AlertMessage message={errorText(series.error)} />
      {series.isPending ? (
        <CircularProgress size={24} aria-label={t('devices.page.loadingChart', { name })} />
      ) : points.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('devices.page.noReadings')}
        </Typography>
      ) : (
        <>
          <Suspense fallback={<Box sx={{ height: 160 }} />}>
            <SmallChartDrawing
              points={points}
              from={from}
              to={to}
              lowLimit={data?.lowLimit ?? null}
              highLimit={data?.highLimit ?? null}
              unit={unit}
              chart={`device-${measurementId}`}
            />
          </Suspense>
          <Typography variant="body2" color="text.secondary">
            {t('devices.page.chartSummary', {
              count: points.length,
              min: `${formatMeasurementValue(Math.min(...values))}${suffix}`,
              max: `${formatMeasurementValue(Math.max(...values))}${suffix}`,
            })}
          </Typography>
        </>
      )}
    </Box>
  );
}
