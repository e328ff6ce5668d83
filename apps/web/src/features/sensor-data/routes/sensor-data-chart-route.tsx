import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CHART_COLOURS } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AlertMessage } from '@/components/alert-message';
import { PageHeader } from '@/components/page-header';
import { formatDay } from '@/lib/dates';
import { measurementLabel } from '@/lib/measurement-label';
import { useMeasurementsByTarget } from '../api/get-measurements-by-target';
import { useTargetMeasurements } from '../api/get-target-measurements';
import { ChartFigure, type ChartLine } from '../components/chart-figure';
import {
  type ChartChoices,
  chartChoicesOf,
  chartSearchOf,
  filtersOf,
  isComplete,
  rangeError,
  searchOf,
} from '../filters';
import { failureText } from '../format';

/** The most lines one chart draws: one per colour and dash pattern. */
const MAX_LINES = CHART_COLOURS.length;

/**
 * /vainu/sensor-data/chart (spec 001 §2 Vainu 6): for the measurement and range of the same
 * query string as the table, one chart per chosen device (all devices of the targets that carry
 * the measurement when none is chosen), or all of them in one chart (view=overlay); either way
 * optionally a second measurement on a right axis (mid2), for the devices that carry it.
 */
export function SensorDataChartRoute() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const choices = chartChoicesOf(params);
  const search = searchOf(filters);
  const complete = isComplete(filters);
  const dayError = rangeError(filters);
  // The summaries name the devices that carry each measurement, with their names.
  const summary = useTargetMeasurements(filters);
  const mid2 = choices.mid2 !== filters.mid ? choices.mid2 : '';
  const second = useTargetMeasurements({ ...filters, mid: mid2 });
  const measurements = useMeasurementsByTarget(filters.tid);
  const rows = summary.data ?? [];
  const measurement = rows[0];
  const secondRow = mid2 ? second.data?.[0] : undefined;
  const carriesSecond = new Set(mid2 ? (second.data ?? []).map((row) => row.deviceId) : []);
  const label = measurement ? measurementLabel(measurement) : '';
  const secondLabel = secondRow ? measurementLabel(secondRow) : '';
  const title = secondLabel ? `${label} – ${secondLabel}` : label;

  const choose = (change: Partial<ChartChoices>) =>
    setParams(chartSearchOf(filters, { ...choices, ...change }), { replace: true });

  const linesOf = (row: (typeof rows)[number], overlay: boolean): ChartLine[] => {
    const prefix = overlay ? `${row.deviceName} – ` : '';
    return [
      {
        deviceId: row.deviceId,
        deviceName: row.deviceName,
        mid: filters.mid,
        name: overlay && !secondLabel ? row.deviceName : `${prefix}${row.measurementName}`,
        axis: 0,
      },
      ...(secondRow && carriesSecond.has(row.deviceId)
        ? [
            {
              deviceId: row.deviceId,
              deviceName: row.deviceName,
              mid: mid2,
              name: `${prefix}${secondRow.measurementName}`,
              axis: 1 as const,
            },
          ]
        : []),
    ];
  };
  const overlayLines = rows.flatMap((row) => linesOf(row, true));
  const shownLines = overlayLines.slice(0, MAX_LINES);
  const loading = summary.isLoading || (mid2 !== '' && second.isLoading);

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <PageHeader title={t('sensorData.chartTitle')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography>
          {label ? `${label}, ` : ''}
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
      {complete && (
        <Stack
          component="fieldset"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0, alignItems: { sm: 'center' } }}
        >
          <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
            {t('sensorData.chartChoices')}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={choices.overlay}
                onChange={(event) => choose({ overlay: event.target.checked })}
              />
            }
            label={t('sensorData.overlay')}
          />
          <FormControl sx={{ width: { xs: '100%', sm: 300 } }}>
            <InputLabel id={`${id}-second`} shrink>
              {t('sensorData.secondMeasurement')}
            </InputLabel>
            <Select
              labelId={`${id}-second`}
              label={t('sensorData.secondMeasurement')}
              notched
              displayEmpty
              value={(measurements.data ?? []).some((m) => m.measurementID === mid2) ? mid2 : ''}
              onChange={(event) => choose({ mid2: event.target.value })}
              renderValue={(selected) => {
                const chosen = measurements.data?.find((m) => m.measurementID === selected);
                return chosen ? measurementLabel(chosen) : t('sensorData.noSecondMeasurement');
              }}
            >
              <MenuItem value="">{t('sensorData.noSecondMeasurement')}</MenuItem>
              {(measurements.data ?? [])
                .filter((m) => m.measurementID !== filters.mid)
                .map((m) => (
                  <MenuItem key={m.measurementID} value={m.measurementID}>
                    {measurementLabel(m)}
                  </MenuItem>
                ))}
            </Select>
          </FormControl>
        </Stack>
      )}
      <AlertMessage
        message={failureText(summary.error ?? second.error ?? measurements.error ?? null)}
      />
      {!complete ? (
        <Typography color={dayError ? 'error' : 'text.secondary'}>
          {dayError ? t(dayError) : t('sensorData.pickTargets')}
        </Typography>
      ) : loading ? (
        <CircularProgress aria-label={t('app.loading')} />
      ) : rows.length === 0 ? (
        !summary.error && <Typography>{t('table.empty')}</Typography>
      ) : choices.overlay ? (
        <>
          {overlayLines.length > shownLines.length && (
            <Typography color="text.secondary">
              {t('sensorData.overlayLimited', { count: MAX_LINES })}
            </Typography>
          )}
          <ChartFigure
            heading={t('sensorData.overlayHeading', { measurement: title })}
            title={title}
            lines={shownLines}
            filters={filters}
            colourIndex={0}
            chart="overlay"
          />
        </>
      ) : (
        rows.map((row, index) => (
          <ChartFigure
            key={row.deviceId}
            heading={row.deviceName}
            title={title}
            lines={linesOf(row, false)}
            filters={filters}
            colourIndex={index}
            chart={row.deviceId}
          />
        ))
      )}
    </Stack>
  );
}
