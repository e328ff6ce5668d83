import {
  type ChartAlarm,
  type ChartBandPoint,
  type ChartPoint,
  formatWallClock,
  type MeasurementChartInput,
  type MeasurementSeries,
  TIME_ZONE,
} from '@vahti/domain';

/** One loaded series of a chart: the API's answer, its name in the legend and its value axis. */
export interface LoadedSeries {
  name: string;
  deviceName: string;
  data: MeasurementSeries;
  /** 0: the chart's measurement (left axis); 1: the second measurement (right axis). */
  axis: 0 | 1;
}

export interface ChartTexts {
  labels: MeasurementChartInput['labels'];
  /** What a point is, e.g. "Tunnin keskiarvot ja vaihteluväli (pienin–suurin)". */
  resolution: (series: MeasurementSeries) => string;
  alarm: (alarm: ChartAlarm) => string;
  formatValue: (value: number) => string;
}

/** The series' points [time ms, value]: the readings, or the bucket means. */
export function pointsOf(series: MeasurementSeries): ChartPoint[] {
  const points: [number, number][] = [];
  for (const row of series.measurementData) {
    const value = row.data[series.measurementId];
    if (typeof value === 'number') points.push([Date.parse(row.createdAt), value]);
  }
  return points;
}

const bandOf = (series: MeasurementSeries): ChartBandPoint[] =>
  series.band.map((b) => [Date.parse(b.createdAt), b.min, b.max] as const);

/**
 * The chart's input from the API's series: lines (over their bands) on the left axis for the
 * chart's measurement and on the right one for a second; the limits when every line of the left
 * axis has the same (overlaid devices may differ: then the caption says them); the alarms of
 * the left axis's devices as the lane. Times in Finnish time, as the PDF draws them.
 */
export function chartInputOf(
  title: string,
  loaded: readonly LoadedSeries[],
  colourIndex: number,
  texts: ChartTexts,
): MeasurementChartInput {
  const left = loaded.filter((l) => l.axis === 0);
  const right = loaded.filter((l) => l.axis === 1);
  const first = left[0]?.data;
  const sameLimits = left.every(
    (l) => l.data.lowLimit === first?.lowLimit && l.data.highLimit === first?.highLimit,
  );
  return {
    title,
    subtitle: loaded[0] ? texts.resolution(loaded[0].data) : undefined,
    unit: first?.measurementUnit ?? '',
    secondUnit: right[0]?.data.measurementUnit,
    series: loaded.map((l) => ({
      name: l.name,
      points: pointsOf(l.data),
      band: bandOf(l.data),
      axis: l.axis,
    })),
    lowLimit: sameLimits ? (first?.lowLimit ?? null) : null,
    highLimit: sameLimits ? (first?.highLimit ?? null) : null,
    alarms: left.flatMap((l) =>
      l.data.alarms.map((alarm) => ({
        timeMs: Date.parse(alarm.createdAt),
        endMs: alarm.closedAt ? Date.parse(alarm.closedAt) : null,
        label: texts.alarm(alarm),
      })),
    ),
    colourIndex,
    labels: texts.labels,
    timeZone: TIME_ZONE,
    // The value axis in the language's numbers: ECharts' own "1,200" reads as a decimal in Finnish.
    formatValue: texts.formatValue,
    formatTime: formatWallClock,
  };
}
