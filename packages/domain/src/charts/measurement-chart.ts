// The time-series chart of one device's measurement, shared by the browser (interactive) and the
// server's PDF report (static SVG): both draw from the option this module returns, so the PDF
// shows what the screen shows. Pure and language-free: texts come in with the input, and no
// ECharts import (the option is plain data that ECharts' own types accept structurally).

import { wallClockShifter } from '../wall-clock.js';
import {
  type AxisFit,
  alarmLane,
  type ChartBandPoint,
  type ChartPoint,
  dataExtent,
  fitValueAxis,
  nearLimits,
  type TimeSpan,
} from './chart-fit.js';

export type { ChartBandPoint, ChartPoint } from './chart-fit.js';

/**
 * Five line colours, cycled by series (spec 001 §9: "chart colours for measurements cycle
 * through five"). Each has at least 4.5:1 contrast on white (WCAG AA for text, so also for the
 * 3:1 of graphics); the unit test computes it.
 */
export const CHART_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#9a4d00'] as const;

/** The colour of the alarm-limit lines and of the alarm marks. */
export const CHART_LIMIT_COLOUR = '#424242';
export const CHART_ALARM_COLOUR = '#b71c1c';

/**
 * Line patterns beside the colours, so two series differ also for a reader who cannot tell the
 * colours apart (WCAG 1.4.1): solid, dashed, dotted, dash-dot, long dash.
 */
export const CHART_DASHES = [
  'solid',
  [8, 4],
  [2, 3],
  [10, 3, 2, 3],
  [14, 4],
] as const satisfies readonly ('solid' | readonly number[])[];

/** The alarm lane's colour (its spans are light, their counts in CHART_ALARM_COLOUR). */
export const CHART_LANE_COLOUR = '#ef9a9a';

export interface ChartSeries {
  name: string;
  points: readonly ChartPoint[];
  /** Per bucket its lowest and highest value: a light band under the line (the line is the mean). */
  band?: readonly ChartBandPoint[];
  /** 1: on the right value axis (a second measurement); default 0, the left one. */
  axis?: 0 | 1;
}

export interface MeasurementChartInput {
  /** Shown above the chart, e.g. "Anturi 1 – Lämpötila". */
  title: string;
  /** Under the title: what a point is ("Tunnin keskiarvot"). */
  subtitle?: string;
  /** The measurement's unit, the y axis's name ("°C", "ppm"); empty for none. */
  unit: string;
  /** The right axis's unit, when a series has axis 1. */
  secondUnit?: string;
  series: readonly ChartSeries[];
  /** The limits of the left axis's measurement; drawn when near the data (nearLimits). */
  lowLimit: number | null;
  highLimit: number | null;
  /**
   * Alarms from their start to their end (null: still open, to the range's end; left out: a
   * moment), drawn as a lane.
   */
  alarms: readonly { timeMs: number; endMs?: number | null; label: string }[];
  /** Where in CHART_COLOURS and CHART_DASHES the first series starts (the n-th chart gets n). */
  colourIndex: number;
  /**
   * Texts of the limit lines, of an empty chart, the alarm lane's name and the time axis's name
   * ("Aika (Suomen aika)"), in the reader's language.
   */
  labels: { lowLimit: string; highLimit: string; noData: string; alarms?: string; time?: string };
  /**
   * IANA time zone of the time axis (the server passes 'Europe/Helsinki'; the browser leaves it
   * out and gets its own local time). With it, the option's times are wall-clock instants of
   * that zone and `useUTC` is set (see wallClockShifter).
   */
  timeZone?: string;
  /**
   * How the value axis writes numbers. ECharts' default groups thousands with a comma ("1,200"),
   * which a Finnish reader takes for a decimal comma; pass e.g. `(v) => v.toLocaleString('fi-FI')`.
   * Without it and formatTime the option is plain JSON data.
   */
  formatValue?: (value: number) => string;
  /** The tooltip's time (given the option's own instants, shifted with timeZone); interactive. */
  formatTime?: (timeMs: number) => string;
}

export interface MeasurementChartOptions {
  /** Zoom (inside + slider), tooltip and animation: the browser. Off: the PDF's static SVG. */
  interactive: boolean;
  /** The time axis's span (the option's own instants): the lane's open alarms end there. */
  span?: TimeSpan;
  /** The alarm lane's shortest span as a share of the time axis (about 16 px of the plot). */
  laneMinShare?: number;
}

/** The colour of the i-th series of a chart whose first series starts at colourIndex. */
export function chartColour(colourIndex: number, seriesIndex = 0): string {
  const n = CHART_COLOURS.length;
  const i = (((colourIndex + seriesIndex) % n) + n) % n;
  return CHART_COLOURS[i] as string;
}

/** The line pattern of the i-th series of a chart whose first series starts at colourIndex. */
export function chartDash(colourIndex: number, seriesIndex = 0) {
  const n = CHART_DASHES.length;
  return CHART_DASHES[(((colourIndex + seriesIndex) % n) + n) % n] as (typeof CHART_DASHES)[number];
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

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * A wall-clock instant (its UTC fields are the zone's time: wallClockShifter) as the screens
 * write times: "27.11.2026 08.05" (DD.MM.YYYY HH.mm, spec 001 §9). The chart's tooltip times.
 */
export function formatWallClock(timeMs: number): string {
  const at = new Date(timeMs);
  const day = `${pad2(at.getUTCDate())}.${pad2(at.getUTCMonth() + 1)}.${at.getUTCFullYear()}`;
  return `${day} ${pad2(at.getUTCHours())}.${pad2(at.getUTCMinutes())}`;
}

/** An instant as DD.MM.YYYY HH.mm in the zone's time, whatever the runtime's own zone. */
export function formatInZone(timeMs: number, timeZone: string): string {
  return formatWallClock(wallClockShifter(timeZone)(timeMs));
}

/** Markup-safe text for the tooltip (device names are the users' own). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The input's instants as the option holds them (wall-clock of timeZone, or as they are). */
function shifted(input: MeasurementChartInput) {
  const at = input.timeZone ? wallClockShifter(input.timeZone) : (timeMs: number) => timeMs;
  return {
    at,
    series: input.series.map((s) => ({
      ...s,
      points: s.points.map(([t, v]) => [at(t), v] as const),
      band: s.band?.map(([t, min, max]) => [at(t), min, max] as const),
    })),
    alarms: input.alarms.map((a) => ({
      timeMs: at(a.timeMs),
      endMs: a.endMs === undefined || a.endMs === null ? a.endMs : at(a.endMs),
    })),
  };
}

/** What follows the visible span: the value axes, the limit lines and the alarm lane. */
export interface MeasurementChartView {
  /** Left and right value axes fitted to the data in view (undefined: nothing to fit). */
  valueAxes: [AxisFit | undefined, AxisFit | undefined];
  limitLines: {
    name: string;
    yAxis: number;
    lineStyle: { color: string; type: 'dashed'; width: number };
    label: { formatter: string; position: 'insideEndTop'; color: string };
  }[];
  lane: [
    {
      xAxis: number;
      itemStyle: { color: string };
      label: {
        show: boolean;
        formatter: string;
        position: 'inside';
        color: string;
        fontSize: number;
      };
    },
    { xAxis: number },
  ][];
}

/** The lane's shortest span when the caller does not say: about 16 px of a 1,100 px plot. */
const LANE_MIN_SHARE = 0.015;

/**
 * The parts of the chart that follow the visible span (the option's own instants; the whole
 * range when none): the value axes fitted to the data in view with the limits near it
 * (fitValueAxis), those limits as dashed labelled lines, and the alarm lane's clusters with
 * their counts. The browser recomputes it after every zoom or pan.
 */
export function measurementChartView(
  input: MeasurementChartInput,
  span?: TimeSpan,
  laneMinShare = LANE_MIN_SHARE,
): MeasurementChartView {
  const { series, alarms } = shifted(input);
  const left = series.filter((s) => (s.axis ?? 0) === 0);
  const right = series.filter((s) => s.axis === 1);
  const leftExtent = dataExtent(left, span);
  const limits = [input.lowLimit, input.highLimit];
  const drawn = new Set(nearLimits(leftExtent, limits));
  const limitLines = [
    { value: input.lowLimit, label: input.labels.lowLimit },
    { value: input.highLimit, label: input.labels.highLimit },
  ]
    .filter((l): l is { value: number; label: string } => l.value !== null && drawn.has(l.value))
    .map((l) => ({
      name: l.label,
      yAxis: l.value,
      lineStyle: { color: CHART_LIMIT_COLOUR, type: 'dashed' as const, width: 1.5 },
      label: {
        formatter: `${l.label} ${input.formatValue ? input.formatValue(l.value) : l.value}`,
        position: 'insideEndTop' as const,
        color: CHART_LIMIT_COLOUR,
      },
    }));
  const laneSpan = span ?? laneSpanOf(series, alarms);
  const lane = laneSpan
    ? alarmLane(alarms, laneSpan, laneMinShare).map(
        (c) =>
          [
            {
              xAxis: c.from,
              itemStyle: { color: CHART_LANE_COLOUR },
              label: {
                show: c.count > 1,
                formatter: String(c.count),
                position: 'inside',
                color: '#212121',
                fontSize: 10,
              },
            },
            { xAxis: c.to },
          ] as MeasurementChartView['lane'][number],
      )
    : [];
  return {
    valueAxes: [
      fitValueAxis(leftExtent, limits),
      right.length > 0 ? fitValueAxis(dataExtent(right, span), []) : undefined,
    ],
    limitLines,
    lane,
  };
}

/** One series of the option: a line, a band edge, or the empty carrier of the lane or limits. */
export interface ChartOptionSeries {
  type: 'line';
  id: string;
  name?: string;
  data: number[][];
  xAxisIndex: number;
  yAxisIndex: number;
  showSymbol?: boolean;
  animation?: boolean;
  symbol?: string;
  symbolSize?: number;
  silent?: boolean;
  z?: number;
  stack?: string;
  lineStyle?: {
    width?: number;
    color?: string;
    opacity?: number;
    type?: (typeof CHART_DASHES)[number];
  };
  itemStyle?: { color: string };
  areaStyle?: { color: string; opacity: number };
  markLine?: {
    silent: boolean;
    symbol: string[];
    animation: boolean;
    data: MeasurementChartView['limitLines'];
  };
  markArea?: { silent: boolean; animation: boolean; data: MeasurementChartView['lane'] };
}

/** Without a span (the PDF), the lane spans the data and the alarms. */
function laneSpanOf(
  series: readonly { points: readonly ChartPoint[] }[],
  alarms: readonly { timeMs: number; endMs?: number | null }[],
): TimeSpan | undefined {
  const times = [
    ...series.flatMap((s) => [s.points[0]?.[0], s.points.at(-1)?.[0]]),
    ...alarms.flatMap((a) => [a.timeMs, a.endMs ?? undefined]),
  ].filter((t): t is number => t !== undefined);
  return times.length ? { from: Math.min(...times), to: Math.max(...times) } : undefined;
}

/** Grid geometry: the title (and subtitle), the alarm lane under it, then the plot. */
function layout(input: MeasurementChartInput, interactive: boolean, lane: boolean) {
  const titleHeight = input.subtitle ? 48 : 28;
  const laneTop = titleHeight + 4;
  const plotTop = lane ? laneTop + 14 + 10 : titleHeight + 16;
  const timeName = input.labels.time ? 22 : 0;
  return {
    laneTop,
    plotTop,
    bottom: (interactive ? 88 : 56) + timeName,
    left: 64,
    right: input.series.some((s) => s.axis === 1) ? 64 : 32,
  };
}

/**
 * The ECharts option of one measurement chart: a line per series (the mean when the points are
 * buckets, over a light band of each bucket's lowest and highest value), a second value axis on
 * the right for a second measurement, the alarm limits as dashed labelled lines when they are
 * near the data, and the alarms as a lane under the title (clusters with their counts, never a
 * label over the title). Each series has its own colour and line pattern.
 */
export function measurementChartOption(
  input: MeasurementChartInput,
  { interactive, span, laneMinShare }: MeasurementChartOptions,
) {
  const hasData = input.series.some((s) => s.points.length > 0);
  // Both time axes span the same instants, so the lane lines up with the plot (the PDF, given
  // no span, takes the data's and the alarms').
  const { series: shiftedSeries, alarms: shiftedAlarms } = shifted(input);
  const axisSpan = span ?? laneSpanOf(shiftedSeries, shiftedAlarms);
  const view = measurementChartView(input, axisSpan, laneMinShare);
  const hasLane = input.alarms.length > 0;
  const hasRight = input.series.some((s) => s.axis === 1);
  const box = layout(input, interactive, hasLane);
  const colour = (i: number) => chartColour(input.colourIndex, i);

  const lines = shiftedSeries.flatMap((s, i): ChartOptionSeries[] => {
    const yAxisIndex = s.axis ?? 0;
    const common = { xAxisIndex: 0, yAxisIndex, showSymbol: false, animation: interactive };
    const band = s.band?.length
      ? [
          {
            ...common,
            type: 'line' as const,
            id: `band-low-${i}`,
            name: s.name,
            stack: `band-${i}`,
            data: s.band.map(([t, min]) => [t, min]),
            lineStyle: { opacity: 0 },
            symbol: 'none',
            silent: true,
            z: 1,
          },
          {
            ...common,
            type: 'line' as const,
            id: `band-high-${i}`,
            name: s.name,
            stack: `band-${i}`,
            data: s.band.map(([t, min, max]) => [t, max - min]),
            lineStyle: { opacity: 0 },
            areaStyle: { color: colour(i), opacity: 0.16 },
            symbol: 'none',
            silent: true,
            z: 1,
          },
        ]
      : [];
    return [
      ...band,
      {
        ...common,
        type: 'line' as const,
        id: `line-${i}`,
        name: s.name,
        data: s.points.map(([t, v]) => [t, v]),
        symbolSize: 6,
        lineStyle: { width: 2, color: colour(i), type: chartDash(input.colourIndex, i) },
        itemStyle: { color: colour(i) },
        z: 3,
      },
    ];
  });

  const valueAxis = (name: string, range: AxisFit | undefined, position: 'left' | 'right') => ({
    type: 'value' as const,
    gridIndex: 0,
    position,
    // Beside the axis, turned: above it the name would meet the alarm lane.
    name,
    nameLocation: 'middle' as const,
    nameGap: 44,
    nameRotate: position === 'left' ? 90 : -90,
    nameTextStyle: { color: '#424242' },
    axisLabel: {
      color: '#424242',
      ...(input.formatValue ? { formatter: input.formatValue } : {}),
    },
    ...(position === 'right' ? { splitLine: { show: false } } : {}),
    ...(range ? { min: range.min, max: range.max, interval: range.interval } : {}),
  });
  const timeAxis = {
    type: 'time' as const,
    ...(axisSpan ? { min: axisSpan.from, max: axisSpan.to } : {}),
  };

  const series: ChartOptionSeries[] = [
    // The lane and the limit lines ride on empty series of their own, so a zoom can replace
    // their marks without touching the lines.
    {
      type: 'line' as const,
      id: 'alarm-lane',
      xAxisIndex: 1,
      yAxisIndex: 2,
      data: [],
      silent: true,
      markArea: { silent: true, animation: false, data: view.lane },
    },
    {
      type: 'line' as const,
      id: 'limits',
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: [],
      silent: true,
      markLine: {
        silent: true,
        symbol: ['none', 'none'],
        animation: false,
        data: view.limitLines,
      },
    },
    ...lines,
  ];

  return {
    animation: interactive,
    ...(input.timeZone ? { useUTC: true } : {}),
    color: input.series.map((_, i) => colour(i)),
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: 'Roboto, Arial, sans-serif' },
    title: {
      text: input.title,
      left: 'center',
      top: 4,
      textStyle: { fontSize: 14, color: '#212121' },
      ...(input.subtitle
        ? { subtext: input.subtitle, itemGap: 8, subtextStyle: { fontSize: 12, color: '#424242' } }
        : {}),
    },
    grid: [
      { left: box.left, right: box.right, top: box.plotTop, bottom: box.bottom },
      { left: box.left, right: box.right, top: box.laneTop, height: 14 },
    ],
    legend: {
      show: !interactive && input.series.length > 1,
      bottom: 8,
      data: input.series.map((s) => s.name),
    },
    xAxis: [
      {
        ...timeAxis,
        gridIndex: 0,
        name: input.labels.time ?? '',
        nameLocation: 'middle' as const,
        nameGap: 28,
        nameTextStyle: { color: '#424242' },
        axisLabel: { color: '#424242', hideOverlap: true, formatter: CHART_TIME_LABELS },
        splitLine: { show: false },
      },
      { ...timeAxis, gridIndex: 1, show: false },
    ],
    yAxis: [
      valueAxis(input.unit, view.valueAxes[0], 'left'),
      { ...valueAxis(input.secondUnit ?? '', view.valueAxes[1], 'right'), show: hasRight },
      {
        type: 'category' as const,
        gridIndex: 1,
        data: [input.labels.alarms ?? ''],
        show: hasLane,
        axisTick: { show: false },
        axisLine: { show: false },
        axisLabel: { color: CHART_ALARM_COLOUR, fontSize: 10 },
      },
    ],
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
          tooltip: {
            trigger: 'axis' as const,
            ...(input.formatTime ? { formatter: tooltipOf(input, input.formatTime) } : {}),
          },
          dataZoom: [
            { type: 'inside' as const, xAxisIndex: [0, 1], filterMode: 'none' as const },
            {
              type: 'slider' as const,
              xAxisIndex: [0, 1],
              filterMode: 'none' as const,
              bottom: 12,
              labelFormatter: '',
            },
          ],
        }
      : {}),
  };
}

/** What ECharts hands an axis tooltip's formatter, as far as it is read here. */
interface TooltipParam {
  seriesId?: string;
  marker?: unknown;
  dataIndex: number;
  axisValue?: number | string;
  value?: unknown;
}

/**
 * The axis tooltip: the time as Finns write it, then per line its name and value with the unit
 * and, for a bucket, its lowest and highest value ("Anturi 1: 21,3 °C (20,1–22,8)").
 */
function tooltipOf(input: MeasurementChartInput, formatTime: (timeMs: number) => string) {
  const format = input.formatValue ?? ((v: number) => String(v));
  return (raw: unknown) => {
    const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
    const first = params[0];
    if (!first) return '';
    const rows = params.flatMap((p) => {
      const match = /^line-(\d+)$/.exec(p.seriesId ?? '');
      const s = match ? input.series[Number(match[1])] : undefined;
      if (!s) return [];
      const point = s.points[p.dataIndex];
      if (!point) return [];
      const unit = s.axis === 1 ? (input.secondUnit ?? '') : input.unit;
      const band = s.band?.[p.dataIndex];
      const range = band ? ` (${format(band[1])}–${format(band[2])})` : '';
      return [
        `${typeof p.marker === 'string' ? p.marker : ''}${escapeHtml(s.name)}: <b>${format(point[1])}${unit ? ` ${escapeHtml(unit)}` : ''}</b>${range}`,
      ];
    });
    return [escapeHtml(formatTime(Number(first.axisValue))), ...rows].join('<br>');
  };
}

export type MeasurementChartOption = ReturnType<typeof measurementChartOption>;
