import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type AlarmBreakThrough,
  CHART_WIDTH_MAX,
  CHART_WIDTH_MIN,
  type MeasurementChartInput,
  type MeasurementDataResponse,
  sensorDataRange,
} from '@vahti/domain';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { formatDay } from '@/lib/dates';
import { measurementLabel } from '@/lib/measurement-label';
import { formatMeasurementValue } from '@/lib/numbers';
import { useMeasurementData } from '../api/get-measurement-data';
import type { SensorDataFilters } from '../filters';
import { failureText } from '../format';

// ECharts is fetched only when the first chart is drawn: never with the login screen.
const MeasurementChartCanvas = lazy(() => import('./measurement-chart-canvas'));

/** The width the server is asked for, in steps of 100 px so a small resize asks for nothing. */
function requestWidth(pixels: number): number {
  return Math.min(CHART_WIDTH_MAX, Math.max(CHART_WIDTH_MIN, Math.round(pixels / 100) * 100));
}

/** How tall a chart is: a phone keeps room for the slider and the summary. */
const HEIGHT = { phone: 280, wide: 340 };

interface DeviceChartProps {
  deviceId: string;
  deviceName: string;
  filters: SensorDataFilters;
  /** Where the device's colour is in the five-colour cycle (spec 001 §9). */
  colourIndex: number;
}

/**
 * The chart's input from the API's series: points [time ms, value], limits, alarm marks. The
 * time axis is in the browser's own time (no timeZone), as every other time on the screens.
 */
function chartInput(
  data: MeasurementDataResponse,
  title: string,
  colourIndex: number,
  texts: {
    labels: MeasurementChartInput['labels'];
    alarm: (direction: AlarmBreakThrough, value: number) => string;
  },
): MeasurementChartInput {
  const key = data.measurementId;
  const points: [number, number][] = [];
  for (const row of data.measurementData) {
    const value = row.data[key];
    if (typeof value === 'number') points.push([Date.parse(row.createdAt), value]);
  }
  return {
    title,
    unit: data.measurementUnit,
    series: [{ name: title, points }],
    lowLimit: data.lowLimit,
    highLimit: data.highLimit,
    labels: texts.labels,
    alarms: data.alarms.map((alarm) => ({
      timeMs: Date.parse(alarm.createdAt),
      label: texts.alarm(alarm.alarmBreakThrough, alarm.value),
    })),
    colourIndex,
    // The value axis in the language's numbers: ECharts' own "1,200" reads as a decimal in Finnish.
    formatValue: (value) => formatMeasurementValue(value),
  };
}

/**
 * One device's chart of the chosen measurement and range (spec 001 §2 Vainu 6): its series at
 * the container's width, the limit lines and alarms; below it the same in words for a screen
 * reader and anyone who prefers text.
 */
export function DeviceChart({ deviceId, deviceName, filters, colourIndex }: DeviceChartProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(requestWidth(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const data = useMeasurementData(deviceId, filters, width);
  const phone = width > 0 && width < 600;
  const height = phone ? HEIGHT.phone : HEIGHT.wide;

  const { sd, ed } = filters;
  const range = useMemo(() => {
    const { from, to } = sensorDataRange({ sd, ed });
    return { from: from.getTime(), to: to.getTime() };
  }, [sd, ed]);

  const input = useMemo(
    () =>
      data.data &&
      chartInput(data.data, measurementLabel(data.data), colourIndex, {
        labels: {
          lowLimit: t('sensorData.lowLimit'),
          highLimit: t('sensorData.highLimit'),
          noData: t('table.empty'),
        },
        alarm: (direction, value) =>
          direction === 'offline'
            ? t('sensorData.alarmOffline')
            : `${direction === 'up' ? t('sensorData.alarmUp') : t('sensorData.alarmDown')}: ${formatMeasurementValue(value)}`,
      }),
    [data.data, colourIndex, t],
  );

  const summary = useMemo(() => {
    if (!input || !data.data) return '';
    const series = data.data;
    const points = input.series[0]?.points ?? [];
    const about = {
      device: deviceName,
      measurement: series.measurementName,
      unit: series.measurementUnit,
      from: formatDay(filters.sd),
      to: formatDay(filters.ed),
    };
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const [, value] of points) {
      if (value < min) min = value;
      if (value > max) max = value;
    }
    const parts = [
      points.length === 0
        ? t('sensorData.chartSummaryEmpty', about)
        : t('sensorData.chartSummary', {
            ...about,
            count: points.length,
            min: formatMeasurementValue(min),
            max: formatMeasurementValue(max),
            latest: formatMeasurementValue(points.at(-1)?.[1]),
          }),
      series.lowLimit === null && series.highLimit === null
        ? t('sensorData.noLimits')
        : t('sensorData.limitsSummary', {
            low: formatMeasurementValue(series.lowLimit),
            high: formatMeasurementValue(series.highLimit),
          }),
      t('sensorData.alarmsSummary', { count: series.alarms.length }),
    ];
    if (series.downsampled) parts.push(t('sensorData.downsampled'));
    return parts.join(' ');
  }, [input, data.data, deviceName, filters.sd, filters.ed, t]);

  const spinner = (
    <Box sx={{ height, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );

  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ m: 0, p: { xs: 1, sm: 2 }, minWidth: 0 }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ px: 1 }}>
        {deviceName}
      </Typography>
      <AlertMessage message={data.error ? failureText(data.error) : null} />
      <div ref={box}>
        {input ? (
          // Without readings the chart still shows the limits and says 'Tietoa ei saatavilla'.
          <Suspense fallback={spinner}>
            <MeasurementChartCanvas input={input} range={range} height={height} chart={deviceId} />
          </Suspense>
        ) : (
          !data.error && spinner
        )}
      </div>
      {summary && (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {summary}
        </Typography>
      )}
    </Paper>
  );
}
