import { z } from 'zod';
import { chosenId, id, msg } from './fields.js';

// Scheduled reports (issue 28): the PDF measurement report of a target or of every target of the
// organization, with an XLSX of the readings, mailed weekly or monthly to chosen users.

export const REPORT_SCHEDULE_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];
/** A monthly schedule's day: 1–31 (a shorter month runs on its last day) or its last day. */
export const LAST_DAY_OF_MONTH = 'last' as const;
/** Recipients of one schedule at most. */
export const REPORT_SCHEDULE_RECIPIENTS_MAX = 20;

/**
 * The state of a schedule's latest run: the mails are queued (sending), all sent (sent), the run
 * or a mail failed and is tried again (retrying), or it failed for good (failed).
 */
export const REPORT_SCHEDULE_STATES = ['sending', 'sent', 'retrying', 'failed'] as const;
export type ReportScheduleState = (typeof REPORT_SCHEDULE_STATES)[number];

const scheduleMsg = (key: 'weekdayRequired' | 'monthDayRequired' | 'recipientsRequired') =>
  msg(`reportSchedules.${key}`);

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: msg('invalidValue') })
    .int({ error: msg('invalidValue') })
    .min(min, { error: msg('invalidValue') })
    .max(max, { error: msg('invalidValue') });

/** POST /api/report-schedules and PUT /api/report-schedules/{id}. */
export const reportScheduleBody = z
  .object({
    /** The top administrator names the organization; anyone else gets their own (ADR 0007). */
    organizationId: id().nullish(),
    /** One target, or null for every target of the organization. */
    targetId: id().nullable(),
    /** The report's measurement (CO2, temperature, …). */
    measurementId: chosenId(),
    frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES, { error: msg('invalidValue') }),
    /** Weekly: ISO weekday, Monday 1 … Sunday 7. */
    weekday: wholeNumber(1, 7).nullish(),
    /** Monthly: day 1–31 or 'last'. */
    monthDay: z.union([wholeNumber(1, 31), z.literal(LAST_DAY_OF_MONTH)]).nullish(),
    /** The hour of the run in Finnish time, 0–23. */
    hour: wholeNumber(0, 23),
    /** User ids of the organization who may see the targets' reports. */
    recipients: z
      .array(id(), { error: msg('invalidValue') })
      .max(REPORT_SCHEDULE_RECIPIENTS_MAX, { error: msg('recipientsTooMany') }),
    enabled: z.boolean({ error: msg('invalidValue') }).default(true),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'weekly' && value.weekday == null)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: scheduleMsg('weekdayRequired') });
    if (value.frequency === 'monthly' && value.monthDay == null)
      ctx.addIssue({
        code: 'custom',
        path: ['monthDay'],
        message: scheduleMsg('monthDayRequired'),
      });
    if (value.recipients.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['recipients'],
        message: scheduleMsg('recipientsRequired'),
      });
  });
export type ReportScheduleBodyInput = z.input<typeof reportScheduleBody>;
export type ReportScheduleBody = z.output<typeof reportScheduleBody>;

export const reportScheduleParams = z.object({ id: id() });

/** GET /api/report-schedules/recipients: who may receive a schedule's reports. */
export const reportScheduleRecipientsQuery = z.object({
  organizationId: id().optional(),
  /** A target: its users; none: users who see every target of the organization. */
  targetId: id().optional(),
});

export const reportScheduleRecipient = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
});
export type ReportScheduleRecipient = z.infer<typeof reportScheduleRecipient>;

export const reportScheduleRecord = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  targetId: z.string().nullable(),
  /** The target's name; null for every target of the organization. */
  targetName: z.string().nullable(),
  measurementId: z.string(),
  measurementName: z.string(),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  weekday: z.number().nullable(),
  monthDay: z.union([z.number(), z.literal(LAST_DAY_OF_MONTH)]).nullable(),
  hour: z.number(),
  enabled: z.boolean(),
  recipients: z.array(reportScheduleRecipient),
  nextRunAt: z.string().describe('ISO 8601: the next scheduled run'),
  /** A "Lähetä nyt" waiting for its run. */
  sendRequested: z.boolean(),
  lastRunAt: z.string().nullable().describe('ISO 8601: when the latest run was made'),
  /** The latest run's period, days YYYY-MM-DD in Finnish time, ed inclusive. */
  lastPeriod: z.object({ sd: z.string(), ed: z.string() }).nullable(),
  lastState: z.enum(REPORT_SCHEDULE_STATES).nullable(),
  /** Why the latest run failed, in the caller's language; null when it did not. */
  lastError: z.string().nullable(),
});
export type ReportScheduleRecord = z.infer<typeof reportScheduleRecord>;

export const reportSchedulesResponse = z.object({
  message: z.string(),
  reportSchedules: z.array(reportScheduleRecord),
});
export type ReportSchedulesResponse = z.infer<typeof reportSchedulesResponse>;

export const reportScheduleResponse = z.object({
  message: z.string(),
  reportSchedule: reportScheduleRecord,
});

export const reportScheduleRecipientsResponse = z.object({
  message: z.string(),
  users: z.array(reportScheduleRecipient),
});
export type ReportScheduleRecipientsResponse = z.infer<typeof reportScheduleRecipientsResponse>;
