// The time-series chart of one device's measurement, shared by the browser (interactive) and the
// server's PDF report (static SVG): both draw from the option this module returns, so the PDF
// shows what the screen shows. Pure and language-free: texts come in with the input, and no
// ECharts import (the option is plain data that ECharts' own types accept structurally).

/**
 * Five line colours, cycled by series (spec 001 §9: "chart colours for measurements cycle
 * through five"). Each has at least 4.5:1 contrast on white (WCAG AA for text, so also for the
 * 3:1 of graphics); the unit test computes it.
 */
export const CHART_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#9a4d00'] as const;

/** The colour of the alarm-limit lines and of the alarm marks. */
export const CHART_LIMIT_COLOUR = '#424242';
export const CHART_ALARM_COLOUR = '#b71c1c';

export type ChartPoint = readonly [timeMs: number, value: number];

export interface MeasurementChartInput {
  /** Shown above the chart, e.g. "Anturi 1 – Lämpötila". */
  title: string;
  /** The measurement's unit, the y axis's name ("°C", "ppm"); empty for none. */
  unit: string;
  series: readonly { name: string; points: readonly ChartPoint[] }[];
  lowLimit: number | null;
  highLimit: number | null;
  /** Alarm starts, marked as vertical lines on the time axis. */
  alarms: readonly { timeMs: number; label: string }[];
  /** Where in CHART_COLOURS the first series starts (the n-th chart of a page gets n). */
  colourIndex: number;
  /** Texts of the limit lines and of an empty chart, in the reader's language. */
  labels: { lowLimit: string; highLimit: string; noData: string };
  /**
   * IANA time zone of the time axis (the server passes 'Europe/Helsinki'; the browser leaves it
   * out and gets its own local time). With it, the option's times are wall-clock instants of
   * that zone and `useUTC` is set (see wallClockShifter).
   */
  timeZone?: string;
  /**
   * How the value axis writes numbers. ECharts' default groups thousands with a comma ("1,200"),
   * which a Finnish reader takes for a decimal comma; pass e.g. `(v) => v.toLocaleString('fi-FI')`.
   * The only function the option may carry; without it the option is plain JSON data.
   */
  formatValue?: (value: number) => string;
}

export interface MeasurementChartOptions {
  /** Zoom (inside + slider), tooltip and animation: the browser. Off: the PDF's static SVG. */
  interactive: boolean;
}

/** The colour of the i-th series of a chart whose first series starts at colourIndex. */
export function chartColour(colourIndex: number, seriesIndex = 0): string {
  const n = CHART_COLOURS.length;
  const i = (((colourIndex + seriesIndex) % n) + n) % n;
  return CHART_COLOURS[i] as string;
}

/**
 * The y-axis bounds that keep both the data and the limit lines in view (ECharts sizes the axis
 * to the data alone, so a limit far from the data would fall off the chart), rounded outwards
 * to a step of 1, 2 or 5 × 10^n. Undefined when there is nothing to show.
 */
export function chartValueExtent(
  series: MeasurementChartInput['series'],
  limits: readonly (number | null)[],
): { min: number; max: number } | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of series) {
    for (const [, v] of s.points) {
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  for (const v of limits) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return undefined;
  const span = hi - lo || Math.abs(hi) || 1;
  const step = niceStep(span / 5);
  return {
    min: Math.floor((lo - span * 0.05) / step) * step,
    max: Math.ceil((hi + span * 0.05) / step) * step,
  };
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/**
 * Time-axis labels as Finnish readers write them ("3.11.", "14.30"), as ECharts templates by tick
 * level: plain data, the same in the browser and on the server.
 */
export const CHART_TIME_LABELS = {
  year: '{yyyy}',
  month: '{d}.{M}.{yyyy}',
  day: '{d}.{M}.',
  hour: '{HH}.{mm}',
  minute: '{HH}.{mm}',
  second: '{HH}.{mm}.{ss}',
  millisecond: '{HH}.{mm}.{ss}',
  none: '{d}.{M}.{yyyy} {HH}.{mm}',
} as const;

const HOUR_MS = 3_600_000;

/** Each zone's UTC offset by the hour since the epoch, kept for the process (a year is 8,760). */
const zoneOffsets = new Map<string, { format: Intl.DateTimeFormat; byHour: Map<number, number> }>();

function offsetOfZone(timeZone: string) {
  let zone = zoneOffsets.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
      byHour: new Map(),
    };
    zoneOffsets.set(timeZone, zone);
  }
  const { format, byHour } = zone;
  const lookUp = (hour: number) => {
    const at = hour * HOUR_MS;
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
    const wall = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    return wall - at;
  };
  return (hour: number) => {
    const known = byHour.get(hour);
    if (known !== undefined) return known;
    // A zone changes its offset at most once in a day: when both ends of the UTC day agree, so
    // does every hour between (2 look-ups a day instead of 24).
    const first = Math.floor(hour / 24) * 24;
    const startOffset = lookUp(first);
    const endOffset = lookUp(first + 24);
    for (let h = first; h < first + 24; h += 1) {
      byHour.set(h, startOffset === endOffset ? startOffset : lookUp(h));
    }
    return byHour.get(hour) as number;
  };
}

/**
 * An instant moved so that its UTC fields show the wall-clock time of `timeZone`. ECharts places
 * time-axis ticks and formats labels in the runtime's local zone, or in UTC with `useUTC`; a
 * server runs in UTC, so the PDF draws wall-clock instants with `useUTC` to put the day ticks on
 * local midnights. The offsets are looked up a day at a time and kept for the process, so the
 * ten charts of a report (and the next report) share them.
 */
export function wallClockShifter(timeZone: string) {
  const offsetAt = offsetOfZone(timeZone);
  return (timeMs: number) => timeMs + offsetAt(Math.floor(timeMs / HOUR_MS));
}

/**
 * The ECharts option of one measurement chart: a line per series, the alarm limits as two dashed
 * horizontal lines ("Alaraja"/"Yläraja"), alarms as vertical marks on the time axis.
 */
export function measurementChartOption(
  input: MeasurementChartInput,
  { interactive }: MeasurementChartOptions,
) {
  const hasData = input.series.some((s) => s.points.length > 0);
  const at = input.timeZone ? wallClockShifter(input.timeZone) : (timeMs: number) => timeMs;
  const extent = chartValueExtent(input.series, [input.lowLimit, input.highLimit]);

  const limitLines = [
    input.lowLimit === null ? null : { value: input.lowLimit, label: input.labels.lowLimit },
    input.highLimit === null ? null : { value: input.highLimit, label: input.labels.highLimit },
  ]
    .filter((l): l is { value: number; label: string } => l !== null)
    .map((l) => ({
      name: l.label,
      yAxis: l.value,
      lineStyle: { color: CHART_LIMIT_COLOUR, type: 'dashed' as const, width: 1.5 },
      label: {
        formatter: `${l.label} ${l.value}`,
        position: 'insideEndTop' as const,
        color: CHART_LIMIT_COLOUR,
      },
    }));

  const alarmLines = input.alarms.map((a) => ({
    name: a.label,
    xAxis: at(a.timeMs),
    lineStyle: { color: CHART_ALARM_COLOUR, type: 'dotted' as const, width: 1 },
    label: {
      formatter: a.label,
      position: 'end' as const,
      color: CHART_ALARM_COLOUR,
      fontSize: 10,
    },
  }));

  // The marks ride on the first series (ECharts draws marks per series); with no series at all
  // an empty one carries them so the limits still show.
  const seriesList = input.series.length > 0 ? input.series : [{ name: '', points: [] }];
  const series = seriesList.map((s, i) => ({
    type: 'line' as const,
    name: s.name,
    data: s.points.map(([t, v]) => [at(t), v]),
    showSymbol: false,
    symbolSize: 4,
    animation: interactive,
    lineStyle: { width: 1.5, color: chartColour(input.colourIndex, i) },
    itemStyle: { color: chartColour(input.colourIndex, i) },
    ...(i === 0 && (limitLines.length > 0 || alarmLines.length > 0)
      ? {
          markLine: {
            silent: !interactive,
            symbol: ['none', 'none'],
            animation: false,
            data: [...limitLines, ...alarmLines],
          },
        }
      : {}),
  }));

  return {
    animation: interactive,
    ...(input.timeZone ? { useUTC: true } : {}),
    color: seriesList.map((_, i) => chartColour(input.colourIndex, i)),
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: 'Roboto, Arial, sans-serif' },
    title: { text: input.title, left: 'center', textStyle: { fontSize: 14, color: '#212121' } },
    grid: { left: 56, right: 32, top: 48, bottom: interactive ? 88 : 56, containLabel: false },
    legend: {
      show: input.series.length > 1,
      bottom: interactive ? 48 : 8,
      data: input.series.map((s) => s.name),
    },
    xAxis: {
      type: 'time' as const,
      axisLabel: {
        color: '#424242',
        hideOverlap: true,
        formatter: CHART_TIME_LABELS,
      },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value' as const,
      name: input.unit,
      nameTextStyle: { color: '#424242' },
      axisLabel: {
        color: '#424242',
        ...(input.formatValue ? { formatter: input.formatValue } : {}),
      },
      ...(extent ? { min: extent.min, max: extent.max } : {}),
    },
    series,
    ...(hasData
      ? {}
      : {
          graphic: {
            type: 'text' as const,
            left: 'center',
            top: 'middle',
            style: { text: input.labels.noData, fontSize: 14, fill: '#616161' },
          },
        }),
    ...(interactive
      ? {
          tooltip: { trigger: 'axis' as const },
          dataZoom: [
            { type: 'inside' as const, xAxisIndex: 0, filterMode: 'none' as const },
            { type: 'slider' as const, xAxisIndex: 0, filterMode: 'none' as const, bottom: 12 },
          ],
        }
      : {}),
  };
}

export type MeasurementChartOption = ReturnType<typeof measurementChartOption>;
