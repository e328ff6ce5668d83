import { z } from 'zod';
import { msg } from './fields.js';
import { checkSensorDataRange, sensorDataFields, withDefaultDays } from './sensor-data.js';

// The PDF measurement report (issue 12): the sensor-data query plus the occupied time its
// Sisäilmastoluokitus table counts.

/** The most devices one report draws (a chart page each). */
export const REPORT_MAX_DEVICES = 50;
/** Occupied time by default: weekdays 8–16, Finnish time. */
export const REPORT_DEFAULT_HOURS = { startHour: 8, endHour: 16 } as const;
export const REPORT_DEFAULT_DAYS = [1, 2, 3, 4, 5] as const;
/** The report's fixed file name. */
export const REPORT_FILE_NAME = 'vahti-mittausraportti.pdf';

const HOURS = /^(\d{1,2})-(\d{1,2})$/;

/** "8-16": occupied hours [start, end) in Finnish time, 0–24, start before end. */
const occupiedHours = z.string({ error: msg('reports.occupiedHours') }).transform((value, ctx) => {
  const match = HOURS.exec(value.trim());
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (!match || start < 0 || end > 24 || start >= end) {
    ctx.addIssue({ code: 'custom', message: msg('reports.occupiedHours') });
    return z.NEVER;
  }
  return { startHour: start, endHour: end };
});

/** "1-5" or "1,2,3,6": ISO weekdays (Monday 1 … Sunday 7), ranges allowed. */
const occupiedDays = z.string({ error: msg('reports.occupiedDays') }).transform((value, ctx) => {
  const days = new Set<number>();
  for (const part of value.split(',').map((p) => p.trim())) {
    const match = /^([1-7])(?:-([1-7]))?$/.exec(part);
    const from = Number(match?.[1]);
    const to = Number(match?.[2] ?? match?.[1]);
    if (!match || from > to) {
      ctx.addIssue({ code: 'custom', message: msg('reports.occupiedDays') });
      return z.NEVER;
    }
    for (let d = from; d <= to; d++) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
});

/**
 * GET /api/reports/measurements.pdf: tid, mid, did, sd, ed as in the sensor data, and the
 * occupied time of the S-class table: oh hours (default 8-16), od weekdays (default 1-5).
 */
export const reportQuery = z
  .object({
    ...sensorDataFields,
    oh: occupiedHours.optional(),
    od: occupiedDays.optional(),
  })
  .superRefine(checkSensorDataRange)
  .superRefine((value, ctx) => {
    if ((value.did?.length ?? 0) > REPORT_MAX_DEVICES) {
      ctx.addIssue({ code: 'custom', path: ['did'], message: msg('reports.tooManyDevices') });
    }
  })
  .transform((value) => {
    const { oh, od, ...rest } = withDefaultDays(value);
    return {
      ...rest,
      occupied: {
        days: od ?? [...REPORT_DEFAULT_DAYS],
        startHour: oh?.startHour ?? REPORT_DEFAULT_HOURS.startHour,
        endHour: oh?.endHour ?? REPORT_DEFAULT_HOURS.endHour,
      },
    };
  });
export type ReportQueryInput = z.input<typeof reportQuery>;
export type ReportQuery = z.output<typeof reportQuery>;
