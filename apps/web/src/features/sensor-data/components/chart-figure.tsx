import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CHART_WIDTH_MAX,
  CHART_WIDTH_MIN,
  type ChartAlarm,
  type MeasurementSeries,
  measurementDecimals,
  sensorDataRange,
} from '@vahti/domain';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/alert-message';
import { formatDay } from '@/lib/dates';
import { formatMeasurementValue } from '@/lib/numbers';
import { useMeasurementDataList } from '../api/get-measurement-data';
import type { SensorDataFilters } from '../filters';
import { failureText } from '../format';
import { type ChartTexts, chartInputOf, type LoadedSeries, pointsOf } from './chart-input';
import { ChartLegend } from './chart-legend';

// ECharts is fetched only when the first chart is drawn: never with the login screen.
const MeasurementChartCanvas = lazy(() => import('./measurement-chart-canvas'));

/** The width the server is asked for, in steps of 100 px so a small resize asks for nothing. */
function requestWidth(pixels: number): number {
  return Math.min(CHART_WIDTH_MAX, Math.max(CHART_WIDTH_MIN, Math.round(pixels / 100) * 100));
}

/** How tall a chart is: a phone keeps room for the slider and the summary. */
const HEIGHT = { phone: 320, wide: 380 };

/** One line of a chart: a device's measurement, its legend name and value axis. */
export interface ChartLine {
  deviceId: string;
  deviceName: string;
  mid: string;
  name: string;
  axis: 0 | 1;
}

interface ChartFigureProps {
  /** The figure's heading (its accessible name). */
  heading: string;
  /** The chart's own title, drawn above the plot. */
  title: string;
  lines: readonly ChartLine[];
  filters: SensorDataFilters;
  /** Where the first line is in the five-colour cycle (spec 001 §9). */
  colourIndex: number;
  /** A name for tests (`data-chart`). */
  chart: string;
}

/** The chart's texts in the reader's language. */
function textsOf(t: TFunction): ChartTexts {
  return {
    labels: {
      lowLimit: t('sensorData.lowLimit'),
      highLimit: t('sensorData.highLimit'),
      noData: t('table.empty'),
      alarms: t('sensorData.alarmLane'),
      time: t('sensorData.timeAxis'),
    },
    resolution: (series: MeasurementSeries) =>
      t(`sensorData.resolution.${series.resolution}`, { minutes: series.bucketMinutes }),
    alarm: (alarm: ChartAlarm) =>
      alarm.alarmBreakThrough === 'offline'
        ? t('sensorData.alarmOffline')
        : `${alarm.alarmBreakThrough === 'up' ? t('sensorData.alarmUp') : t('sensorData.alarmDown')}: ${formatMeasurementValue(alarm.value)}`,
    formatValue: (value: number) => formatMeasurementValue(value),
  };
}

/** The chart in words, for a screen reader and anyone who prefers text. */
function summaryOf(
  t: TFunction,
  loaded: readonly LoadedSeries[],
  filters: SensorDataFilters,
): string {
  const parts = loaded.map(({ deviceName, data }) => {
    const points = pointsOf(data);
    const about = {
      device: deviceName,
      measurement: data.measurementName,
      unit: data.measurementUnit,
      from: formatDay(filters.sd),
      to: formatDay(filters.ed),
    };
    if (points.length === 0) return t('sensorData.chartSummaryEmpty', about);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const [, value] of points) {
      if (value < min) min = value;
      if (value > max) max = value;
    }
    for (const b of data.band) {
      if (b.min < min) min = b.min;
      if (b.max > max) max = b.max;
    }
    const limits =
      data.lowLimit === null && data.highLimit === null
        ? t('sensorData.noLimits')
        : t('sensorData.limitsSummary', {
            low: formatMeasurementValue(data.lowLimit),
            high: formatMeasurementValue(data.highLimit),
          });
    // One precision for the three, as in the table: the extremes' (a bucket's mean is rounded).
    const decimals = measurementDecimals(
      data.band.length ? [min, max] : [min, max, points.at(-1)?.[1]],
    );
    const value = (v: number | undefined) => formatMeasurementValue(v, undefined, decimals);
    return [
      t('sensorData.chartSummary', {
        ...about,
        count: points.length,
        min: value(min),
        max: value(max),
        latest: value(points.at(-1)?.[1]),
      }),
      limits,
      t('sensorData.alarmsSummary', { count: data.alarms.length }),
    ].join(' ');
  });
  const first = loaded[0]?.data;
  if (first)
    parts.push(
      `${t(`sensorData.resolution.${first.resolution}`, { minutes: first.bucketMinutes })}.`,
    );
  return parts.join(' ');
}

/**
 * A chart of one or more lines (spec 001 §2 Vainu 6; issue 27): a device's measurement, several
 * devices overlaid, a second measurement on the right axis. Each line at the range's resolution
 * (the server's), drawn at the container's width; a legend with each line's colour and pattern
 * when there are several; below it the same in words.
 */
export function ChartFigure({
  heading,
  title,
  lines: given,
  filters,
  colourIndex,
  chart,
}: ChartFigureProps) {
  const { t } = useTranslation();
  // The same lines from a new array (the route builds them per render) keep the chart as drawn.
  const linesKey = JSON.stringify(given);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the lines.
  const lines = useMemo(() => given, [linesKey]);
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
  const data = useMeasurementDataList(lines, filters, width);
  const phone = width > 0 && width < 600;
  const height = phone ? HEIGHT.phone : HEIGHT.wide;

  const { sd, ed } = filters;
  const range = useMemo(() => {
    const { from, to } = sensorDataRange({ sd, ed });
    return { from: from.getTime(), to: to.getTime() };
  }, [sd, ed]);

  const loaded = useMemo(
    () =>
      data.data?.map((series, i) => ({
        name: lines[i]?.name ?? '',
        deviceName: lines[i]?.deviceName ?? '',
        axis: lines[i]?.axis ?? 0,
        data: series,
      })),
    [data.data, lines],
  );
  const input = useMemo(
    () => loaded && chartInputOf(title, loaded, colourIndex, textsOf(t)),
    [loaded, title, colourIndex, t],
  );
  const summary = useMemo(
    () => (loaded ? summaryOf(t, loaded, filters) : ''),
    [loaded, filters, t],
  );

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
        {heading}
      </Typography>
      <AlertMessage message={data.error ? failureText(data.error) : null} />
      <div ref={box}>
        {input ? (
          // Without readings the chart still shows the limits and says 'Tietoa ei saatavilla'.
          <Suspense fallback={spinner}>
            <MeasurementChartCanvas input={input} range={range} height={height} chart={chart} />
          </Suspense>
        ) : (
          !data.error && spinner
        )}
      </div>
      {input && input.series.length > 1 && (
        <ChartLegend names={input.series.map((s) => s.name)} colourIndex={colourIndex} />
      )}
      {summary && (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {summary}
        </Typography>
      )}
    </Paper>
  );
}
