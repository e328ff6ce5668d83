// The pure geometry of the measurement chart (issue 27): the value axis fitted to the data in
// view, the limits that belong on it, and the alarm lane's clusters. The browser reruns them
// after every zoom or pan; the PDF runs them once for the whole range.

export type ChartPoint = readonly [timeMs: number, value: number];
/** A bucket's lowest and highest value, at the bucket's start. */
export type ChartBandPoint = readonly [timeMs: number, min: number, max: number];

export interface ValueRange {
  min: number;
  max: number;
}

/** A fitted value axis: its ends and the step between its labels. */
export interface AxisFit extends ValueRange {
  interval: number;
}

/** A time span in ms; `to` may equal `from` for an instant. */
export interface TimeSpan {
  from: number;
  to: number;
}

/**
 * How far beyond the data a limit may lie and still be drawn, as a share of the data's span: a
 * limit just above the readings shows where they stand; one far away (CO2's low limit 0 under
 * readings of 400–900 ppm) would squash them into a strip.
 */
export const LIMIT_NEAR_SHARE = 0.25;

/** The lowest and highest value of the points and band entries inside the span (all if none). */
export function dataExtent(
  series: readonly { points: readonly ChartPoint[]; band?: readonly ChartBandPoint[] }[],
  span?: TimeSpan,
): ValueRange | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const inside = (t: number) => !span || (t >= span.from && t <= span.to);
  const take = (v: number) => {
    if (!Number.isFinite(v)) return;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  };
  for (const s of series) {
    for (const [t, v] of s.points) if (inside(t)) take(v);
    for (const [t, min, max] of s.band ?? []) {
      if (!inside(t)) continue;
      take(min);
      take(max);
    }
  }
  return lo > hi ? undefined : { min: lo, max: hi };
}

/** The limits drawn beside data of this extent: those inside it or near it (LIMIT_NEAR_SHARE). */
export function nearLimits(
  extent: ValueRange | undefined,
  limits: readonly (number | null)[],
): number[] {
  const given = limits.filter((v): v is number => v !== null && Number.isFinite(v));
  if (!extent) return given;
  const span = spanOf(extent);
  return given.filter(
    (v) => v >= extent.min - span * LIMIT_NEAR_SHARE && v <= extent.max + span * LIMIT_NEAR_SHARE,
  );
}

/**
 * The value axis for data of this extent and the limits near it (never 0 or a far limit just
 * because it exists): 5 % room on each side, rounded outwards to whole steps of 1, 2, 2.5 or
 * 5 × 10^n (the tightest with at most 8), which are also the labels' interval, so every label
 * sits on the grid and none crowds the axis's end. With no data, the limits alone; undefined when there is
 * nothing at all.
 */
export function fitValueAxis(
  extent: ValueRange | undefined,
  limits: readonly (number | null)[],
): AxisFit | undefined {
  let lo = extent?.min ?? Number.POSITIVE_INFINITY;
  let hi = extent?.max ?? Number.NEGATIVE_INFINITY;
  for (const v of nearLimits(extent, limits)) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return undefined;
  const span = spanOf({ min: lo, max: hi });
  const lower = lo - span * 0.05;
  const upper = hi + span * 0.05;
  // The step of 1, 2, 2.5 or 5 × 10^n that fits the tightest axis with at most 8 intervals.
  const power = 10 ** Math.floor(Math.log10(span / 5));
  let best: AxisFit | undefined;
  for (const p of [power / 10, power, power * 10]) {
    for (const f of [1, 2, 2.5, 5]) {
      const step = f * p;
      // Rounded to the step's own decimals: 0.1 × 3 is 0.30000000000000004.
      const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
      const round = (v: number) => Number(v.toFixed(decimals));
      const min = round(Math.floor(lower / step) * step);
      const max = round(Math.ceil(upper / step) * step);
      if ((max - min) / step > 8.000001) continue;
      if (!best || max - min < best.max - best.min - step * 1e-9)
        best = { min, max, interval: step };
    }
  }
  return best;
}

/** A flat extent still gets a span: a tenth of its value, at least 1. */
function spanOf({ min, max }: ValueRange) {
  return max - min || Math.max(Math.abs(max) * 0.1, 1);
}

/** One span of the alarm lane: one alarm, or several close together. */
export interface LaneCluster extends TimeSpan {
  count: number;
}

/**
 * The alarm lane of the visible span: each alarm from its start to its end (an open one, end
 * null, to the span's end; one without an end as a moment), widened to at least `minShare` of the span around its start so a short alarm in
 * a year still shows, then every two that touch or overlap merged into one cluster with their
 * count. Clusters are in time order, apart from each other, and clipped to the span, so their
 * labels (the count) never overlap. Alarms wholly outside the span are left out.
 */
export function alarmLane(
  alarms: readonly { timeMs: number; endMs?: number | null }[],
  span: TimeSpan,
  minShare: number,
): LaneCluster[] {
  const length = span.to - span.from;
  if (!(length > 0)) return [];
  const min = length * minShare;
  const spans = alarms
    .map((a) => {
      // No end given: a moment (the PDF knows only starts); null: still open.
      const end = Math.max(a.timeMs, a.endMs === undefined ? a.timeMs : (a.endMs ?? span.to));
      const grow = Math.max(0, min - (end - a.timeMs)) / 2;
      return { from: a.timeMs - grow, to: end + grow };
    })
    .filter((s) => s.to >= span.from && s.from <= span.to)
    .sort((a, b) => a.from - b.from);
  const clusters: LaneCluster[] = [];
  for (const s of spans) {
    const last = clusters.at(-1);
    if (last && s.from <= last.to) {
      last.to = Math.max(last.to, s.to);
      last.count += 1;
    } else {
      clusters.push({ ...s, count: 1 });
    }
  }
  return clusters.map((c) => ({
    from: Math.max(c.from, span.from),
    to: Math.min(c.to, span.to),
    count: c.count,
  }));
}
