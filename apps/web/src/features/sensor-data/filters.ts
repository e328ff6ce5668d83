import { helsinkiToday, sensorDataDays } from '@vahti/domain';

/**
 * The screens' state as the query string keeps it (spec 001 §2 Vainu 6): tid (targets, multi),
 * mid (one measurement), did (devices, multi; none = every device of the targets), sd and ed
 * (days YYYY-MM-DD in Europe/Helsinki, ed inclusive). A copied link or a reload shows the same.
 */
export interface SensorDataFilters {
  tid: string[];
  mid: string;
  did: string[];
  sd: string;
  ed: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day moved by days, months or years (plain day arithmetic: no time zone involved). */
export function shiftDay(day: string, change: { days?: number; months?: number; years?: number }) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const years = y + (change.years ?? 0);
  const months = m - 1 + (change.months ?? 0);
  // The last day of a shorter month, not an overflow into the next (31.3. − 1 month = 28.2.).
  const lastDay = new Date(Date.UTC(years, months + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(years, months, Math.min(d, lastDay)));
  date.setUTCDate(date.getUTCDate() + (change.days ?? 0));
  return date.toISOString().slice(0, 10);
}

export const QUICK_RANGES = ['day', 'week', 'month', 'year'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** A quick range back from today (spec 001 §9): sd that far back, ed today. */
export function quickRange(range: QuickRange, today = helsinkiToday()) {
  const back = {
    day: { days: -1 },
    week: { days: -7 },
    month: { months: -1 },
    year: { years: -1 },
  }[range];
  return { sd: shiftDay(today, back), ed: today };
}

/** The quick range the days are, if any (its button then shows as chosen). */
export function quickRangeOf(
  filters: Pick<SensorDataFilters, 'sd' | 'ed'>,
  today = helsinkiToday(),
) {
  return QUICK_RANGES.find((range) => {
    const { sd, ed } = quickRange(range, today);
    return sd === filters.sd && ed === filters.ed;
  });
}

const list = (params: URLSearchParams, key: string) => [
  ...new Set(
    params
      .getAll(key)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

/**
 * The filters from the query string; unreadable days fall back to the API's defaults (the last
 * week up to today), so the screen and its downloads always name a range.
 */
export function filtersOf(params: URLSearchParams, today = helsinkiToday()): SensorDataFilters {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  const defaults = quickRange('week', today);
  return {
    tid: list(params, 'tid'),
    mid: params.get('mid')?.trim() ?? '',
    did: list(params, 'did'),
    sd: day('sd') || defaults.sd,
    ed: day('ed') || defaults.ed,
  };
}

/** The query string of the filters (comma-joined lists), in a fixed order for stable links. */
export function searchOf(filters: SensorDataFilters): string {
  const query = new URLSearchParams();
  if (filters.tid.length) query.set('tid', filters.tid.join(','));
  if (filters.mid) query.set('mid', filters.mid);
  if (filters.did.length) query.set('did', filters.did.join(','));
  if (filters.sd) query.set('sd', filters.sd);
  if (filters.ed) query.set('ed', filters.ed);
  return query.toString();
}

/**
 * What is wrong with the days, as an i18n key on the field it concerns (the end day: before the
 * start, or more than 3 years after it), or null: the queries' own rule (sensorDataDays).
 */
export function rangeError(filters: Pick<SensorDataFilters, 'sd' | 'ed'>): string | null {
  const result = sensorDataDays.safeParse({ sd: filters.sd, ed: filters.ed });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * Whether the filters name what the summary, charts and downloads need: targets, a measurement
 * and a range the API accepts (a reversed one would only fail).
 */
export const isComplete = (filters: SensorDataFilters) =>
  filters.tid.length > 0 && filters.mid !== '' && rangeError(filters) === null;

/**
 * The chart screen's own choices (issue 27), kept in its query string after the filters:
 * view=overlay draws every device in one chart; mid2 adds a second measurement on a right axis.
 * The table and the downloads never see them.
 */
export interface ChartChoices {
  overlay: boolean;
  mid2: string;
}

export const chartChoicesOf = (params: URLSearchParams): ChartChoices => ({
  overlay: params.get('view') === 'overlay',
  mid2: params.get('mid2')?.trim() ?? '',
});

/** The chart screen's query string: the filters, then its own choices. */
export function chartSearchOf(filters: SensorDataFilters, choices: ChartChoices): string {
  const query = new URLSearchParams(searchOf(filters));
  if (choices.overlay) query.set('view', 'overlay');
  if (choices.mid2 && choices.mid2 !== filters.mid) query.set('mid2', choices.mid2);
  return query.toString();
}
