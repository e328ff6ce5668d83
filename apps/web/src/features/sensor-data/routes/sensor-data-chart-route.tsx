import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { PageHeader } from '@/components/page-header';
import { formatDay } from '@/lib/dates';
import { measurementLabel } from '@/lib/measurement-label';
import { useTargetMeasurements } from '../api/get-target-measurements';
import { DeviceChart } from '../components/device-chart';
import { filtersOf, isComplete, searchOf } from '../filters';
import { failureText } from '../format';

/**
 * /vainu/sensor-data/chart (spec 001 §2 Vainu 6): one chart per chosen device (all devices of
 * the targets that carry the measurement when none is chosen) for the measurement and range of
 * the same query string as the table.
 */
export function SensorDataChartRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filters = filtersOf(params);
  const search = searchOf(filters);
  const complete = isComplete(filters);
  // The summary names the devices that carry the measurement, with their names.
  const summary = useTargetMeasurements(filters);
  const rows = summary.data ?? [];
  const measurement = rows[0];

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <PageHeader title={t('sensorData.chartTitle')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography>
          {measurement ? `${measurementLabel(measurement)}, ` : ''}
          {formatDay(filters.sd)}–{formatDay(filters.ed)}
        </Typography>
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/vainu/sensor-data?${search}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('sensorData.backToTable')}
        </Button>
      </Stack>
      <AlertMessage message={summary.error ? failureText(summary.error) : null} />
      {!complete ? (
        <Typography color="text.secondary">{t('sensorData.pickTargets')}</Typography>
      ) : summary.isLoading ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : rows.length === 0 ? (
        !summary.error && <Typography>{t('table.empty')}</Typography>
      ) : (
        rows.map((row, index) => (
          <DeviceChart
            key={`${row.deviceId}-${row.measurementId}`}
            deviceId={row.deviceId}
            deviceName={row.deviceName}
            filters={filters}
            colourIndex={index}
          />
        ))
      )}
    </Stack>
  );
}
