import { z } from 'zod';
import { TIME_ZONE } from '../i18n/index.js';
import { wallClockShifter } from '../wall-clock.js';
import { ALARM_BREAK_THROUGHS } from './alarms.js';
import { calendarDay, id, msg } from './fields.js';
import { MEASUREMENT_QUANTITIES } from './measurements.js';

// Vainu sensor data (issue 12, spec 001 §2 Vainu): the summary table, the chart series and the
// raw rows of exports and the report all read one query: targets (tid), one measurement (mid),
// devices (did) and a range of days (sd, ed) in Finnish time, ed inclusive.

/** The longest range a query may ask for, in years. */
export const SENSOR_DATA_MAX_YEARS = 3;
/** The range when sd is not given: ed and the 7 days before it. */
export const SENSOR_DATA_DEFAULT_DAYS = 7;
/** Chart width in pixels (measurement-data): the server sends at most 2 points a pixel. */
export const CHART_WIDTH_MIN = 100;
export const CHART_WIDTH_MAX = 4000;
export const CHART_WIDTH_DEFAULT = 1200;

/**
 * What one point of a chart stands for (issue 27): every reading for a day or a week, the
 * readings' means per bucket of minutes when a short range has more readings than the chart has
 * room for, the hourly rollup's means up to about a quarter, the daily rollup's beyond. The
 * rollups also give each bucket's lowest and highest value (the chart's band).
 */
export const CHART_RESOLUTIONS = ['raw', 'minutes', 'hour', 'day'] as const;
export type ChartResolution = (typeof CHART_RESOLUTIONS)[number];

const DAY_MS = 86_400_000;
/** The longest span drawn from the readings themselves: a week's 8 days, with a DST hour to spare. */
export const CHART_RAW_MAX_DAYS = 8;
/** The longest span drawn from the hourly rollup: a quarter and a little (2,400 hours). */
export const CHART_HOURLY_MAX_DAYS = 100;

/**
 * The resolution of a chart of [from, to): it follows the range, not the screen, so a phone and
 * a desktop show the same means. The raw span may still be reduced to minute buckets when it
 * has more readings than 2 a pixel (the service decides that from the count).
 */
export function chartResolution(range: { from: Date; to: Date }): 'raw' | 'hour' | 'day' {
  const days = (range.to.getTime() - range.from.getTime()) / DAY_MS;
  // Round off the DST hour: 8 Finnish days are 8 days ± 1 h.
  const whole = Math.round(days);
  if (whole <= CHART_RAW_MAX_DAYS) return 'raw';
  if (whole <= CHART_HOURLY_MAX_DAYS) return 'hour';
  return 'day';
}

/** `validation.sensorData.*` keys. */
const sensorMsg = (key: 'edBeforeSd' | 'rangeTooLong') => msg(`sensorData.${key}`);

const calendarDaySchema = calendarDay();
/** True for a real calendar day written YYYY-MM-DD. */
const isDay = (value: unknown): value is string => calendarDaySchema.safeParse(value).success;

/** A calendar day YYYY-MM-DD (in Finnish time when it bounds a range). */
const day = calendarDay;

/** Made once: making a formatter costs tens of µs, and every query and chart asks. */
const HELSINKI_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Finnish wall-clock time of an instant (ms), from offsets kept by the hour. */
const toHelsinkiWallClock = wallClockShifter(TIME_ZONE);

/** The date of an instant in Finnish time, YYYY-MM-DD. */
export function helsinkiDate(at: Date): string {
  return HELSINKI_DATE.format(at);
}

/** Today's date in Finnish time, YYYY-MM-DD. */
export function helsinkiToday(now: Date = new Date()): string {
  return helsinkiDate(now);
}

/**
 * A day as a Finn writes it, "1.3.2026" or "01.03.2026" (a trailing dot and spaces allowed),
 * or YYYY-MM-DD, as YYYY-MM-DD; null unless it is a real calendar day with a 4-digit year.
 */
export function parseFinnishDay(text: string): string | null {
  const trimmed = text.trim();
  const finnish = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/.exec(trimmed);
  const day = finnish
    ? `${finnish[3]}-${finnish[2]?.padStart(2, '0')}-${finnish[1]?.padStart(2, '0')}`
    : trimmed;
  return isDay(day) ? day : null;
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. */
export function addDays(value: string, days: number): string {
  const at = new Date(`${value}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Offset of Finnish time from UTC at an instant, in minutes (+120 or +180). */
function helsinkiOffsetMinutes(at: Date): number {
  return (toHelsinkiWallClock(at.getTime()) - at.getTime()) / 60_000;
}

/** The instant a day starts in Finnish time (00:00 Europe/Helsinki). */
export function helsinkiDayStart(value: string): Date {
  const utcMidnight = Date.parse(`${value}T00:00:00Z`);
  // The offset at local midnight: guess with the offset at UTC midnight, then correct once.
  let at = utcMidnight - helsinkiOffsetMinutes(new Date(utcMidnight)) * 60_000;
  at = utcMidnight - helsinkiOffsetMinutes(new Date(at)) * 60_000;
  return new Date(at);
}

/** The half-open instant range [from, to) of the days sd…ed (ed inclusive) in Finnish time. */
export function sensorDataRange(query: { sd: string; ed: string }): { from: Date; to: Date } {
  return { from: helsinkiDayStart(query.sd), to: helsinkiDayStart(addDays(query.ed, 1)) };
}

/** Ids given repeated (tid=a&tid=b) or comma-joined (tid=a,b). */
const idList = (max = 500) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
        .map((v) => (typeof v === 'string' ? v.trim() : v))
        .filter((v) => v !== ''),
    z.array(id()).max(max, { error: msg('invalidValue') }),
  );

/**
 * The fields of the shared query. Reuse them with `checkSensorDataRange` when a route adds its
 * own (`z.object({ ...sensorDataFields, kind }).superRefine(checkSensorDataRange)`): zod does
 * not extend a refined object.
 */
export const sensorDataFields = {
  /** Target ids (multi); none = every target the caller sees. */
  tid: idList().optional(),
  /** One measurement id. */
  mid: id(),
  /** Device ids (multi); none = every device of the targets that carries the measurement. */
  did: idList().optional(),
  /** First day, Finnish time; default 7 days before ed. */
  sd: day().optional(),
  /** Last day (inclusive), Finnish time; default today. */
  ed: day().optional(),
};

/** Fills the default days and checks the range: ed not before sd, at most 3 years. */
export function checkSensorDataRange<
  T extends { sd?: string | undefined; ed?: string | undefined },
>(value: T, ctx: z.RefinementCtx) {
  // zod runs this even when a day itself failed: that field has its own issue already.
  if ((value.ed !== undefined && !isDay(value.ed)) || (value.sd !== undefined && !isDay(value.sd)))
    return;
  const ed = value.ed ?? helsinkiToday();
  const sd = value.sd ?? addDays(ed, -SENSOR_DATA_DEFAULT_DAYS);
  if (ed < sd) {
    ctx.addIssue({ code: 'custom', path: ['ed'], message: sensorMsg('edBeforeSd') });
    return;
  }
  const limit = `${String(Number(sd.slice(0, 4)) + SENSOR_DATA_MAX_YEARS).padStart(4, '0')}${sd.slice(4)}`;
  if (ed >= limit) {
    ctx.addIssue({ code: 'custom', path: ['ed'], message: sensorMsg('rangeTooLong') });
  }
}

/**
 * The range alone, as the screens check it before they ask (issue 27): the same rules and
 * messages as the queries, so a reversed range is an error on its field, not a failed call.
 */
export const sensorDataDays = z
  .object({ sd: sensorDataFields.sd, ed: sensorDataFields.ed })
  .superRefine(checkSensorDataRange);

/** The days filled in: sd and ed are always there after parsing. */
export function withDefaultDays<T extends { sd?: string | undefined; ed?: string | undefined }>(
  value: T,
): T & { sd: string; ed: string } {
  const ed = value.ed ?? helsinkiToday();
  const sd = value.sd ?? addDays(ed, -SENSOR_DATA_DEFAULT_DAYS);
  return { ...value, sd, ed };
}

/**
 * GET /api/target-measurements, the exports and the report: tid, mid, did, sd, ed. After
 * parsing sd and ed are always set (defaults: ed today, sd 7 days before it).
 */
export const sensorDataQuery = z
  .object(sensorDataFields)
  .superRefine(checkSensorDataRange)
  .transform(withDefaultDays);
export type SensorDataQueryInput = z.input<typeof sensorDataQuery>;
export type SensorDataQuery = z.output<typeof sensorDataQuery>;

/** GET /api/measurement-data/:deviceId: mid, sd, ed and the chart's width in pixels. */
export const measurementDataQuery = z
  .object({
    ...sensorDataFields,
    width: z.coerce
      .number({ error: msg('invalidValue') })
      .int({ error: msg('invalidValue') })
      .min(CHART_WIDTH_MIN, { error: msg('invalidValue') })
      .max(CHART_WIDTH_MAX, { error: msg('invalidValue') })
      .default(CHART_WIDTH_DEFAULT),
  })
  .superRefine(checkSensorDataRange)
  .transform(withDefaultDays);
export type MeasurementDataQueryInput = z.input<typeof measurementDataQuery>;
export type MeasurementDataQuery = z.output<typeof measurementDataQuery>;

export const measurementDataParams = z.object({ deviceId: id() });

/** GET /api/measurements-by-target?tid */
export const measurementsByTargetQuery = z.object({ tid: idList().optional() });

export const targetMeasurementOption = z.object({
  measurementID: z.string(),
  measurementName: z.string(),
  measurementUnit: z.string(),
  quantity: z.enum(MEASUREMENT_QUANTITIES),
});
export type TargetMeasurementOption = z.infer<typeof targetMeasurementOption>;
export const measurementsByTargetResponse = z.object({
  message: z.string(),
  measurements: z.array(targetMeasurementOption),
});
export type MeasurementsByTargetResponse = z.infer<typeof measurementsByTargetResponse>;

/** One device's summary of the range (numbers rounded to 3 decimals, null when no data). */
export const targetMeasurementRow = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  deviceLocation: z.string(),
  measurementId: z.string(),
  measurementName: z.string(),
  measurementUnit: z.string(),
  /** The latest value in the range. */
  value: z.number().nullable(),
  /** When the latest value was measured, ISO 8601 UTC. */
  lastAt: z.string().nullable(),
  min_value: z.number().nullable(),
  max_value: z.number().nullable(),
  avg_value: z.number().nullable(),
  count: z.number(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
});
export type TargetMeasurementRow = z.infer<typeof targetMeasurementRow>;
export const targetMeasurementsResponse = z.object({
  message: z.string(),
  rows: z.array(targetMeasurementRow),
});
export type TargetMeasurementsResponse = z.infer<typeof targetMeasurementsResponse>;

export const measurementPoint = z.object({
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** { [mid]: value } */
  data: z.record(z.string(), z.number()),
});
export type MeasurementPoint = z.infer<typeof measurementPoint>;

export const chartAlarm = z.object({
  id: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  alarmBreakThrough: z.enum(ALARM_BREAK_THROUGHS),
  value: z.number(),
});
export type ChartAlarm = z.infer<typeof chartAlarm>;

/** A bucket's lowest and highest value (the chart's min–max band), at the bucket's start. */
export const bandPoint = z.object({
  /** ISO 8601 UTC: the bucket's start, the same instant as its mean in measurementData. */
  createdAt: z.string(),
  min: z.number(),
  max: z.number(),
});
export type BandPoint = z.infer<typeof bandPoint>;

/**
 * A device's series of one measurement (see CHART_RESOLUTIONS): the readings themselves
 * (resolution raw), or per bucket its mean at the bucket's start in measurementData and its
 * lowest and highest value in band, in time order.
 */
export const measurementSeries = z.object({
  deviceId: z.string(),
  measurementId: z.string(),
  measurementName: z.string(),
  measurementUnit: z.string(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  /** True when the points are bucket means (any resolution but raw). */
  downsampled: z.boolean(),
  resolution: z.enum(CHART_RESOLUTIONS),
  /** The bucket's length in minutes for resolution minutes, else null. */
  bucketMinutes: z.number().int().nullable(),
  measurementData: z.array(measurementPoint),
  /** Empty for raw; else one entry per point of measurementData. */
  band: z.array(bandPoint),
  alarms: z.array(chartAlarm),
});
export type MeasurementSeries = z.infer<typeof measurementSeries>;
export const measurementDataResponse = measurementSeries.extend({ message: z.string() });
export type MeasurementDataResponse = z.infer<typeof measurementDataResponse>;

/**
 * GET /api/device-follow-ups (issue 29): id the device; sd, ed days in Finnish time as the sensor
 * data's (defaults: ed today, sd 7 days before it).
 */
export const deviceFollowUpsQuery = z
  .object({ id: id(), sd: sensorDataFields.sd, ed: sensorDataFields.ed })
  .superRefine(checkSensorDataRange)
  .transform(withDefaultDays);

/** The answers of one follow-up survey per day (Finnish time): average of 1–5 and count. */
export const followUpRecord = z.object({
  queryId: z.string(),
  queryTitle: z.string(),
  alarmId: z.string(),
  days: z.array(z.object({ day: z.string(), average: z.number(), count: z.number().int() })),
});
export type FollowUpRecord = z.infer<typeof followUpRecord>;
export const followUpsResponse = z.object({
  message: z.string(),
  followUps: z.array(followUpRecord),
});
