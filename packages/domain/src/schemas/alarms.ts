import { z } from 'zod';
import { PAGE_MAX } from '../constants.js';
import { createDiscussionBody } from './discussions.js';
import { calendarDay, id, msg, text } from './fields.js';

// Vainu alarms (spec 001 §2 Vainu 7, §3 Alarm, §4, §7).

/**
 * Upper-limit ('up') or lower-limit ('down') break-through, or one of the device's own kinds (no
 * measurement): 'offline', no uplink for its type's `deviceTypeOfflineAfterMinutes` (ADR 0024);
 * 'lowBattery', its battery below LOW_BATTERY_PERCENT (closes when it is back above by
 * LOW_BATTERY_HYSTERESIS); 'frameCounterReset', its frame counter dropped to a low number (a
 * rejoin or a reset device): informational, closed when a user acknowledges it.
 */
export const ALARM_BREAK_THROUGHS = [
  'up',
  'down',
  'offline',
  'lowBattery',
  'frameCounterReset',
] as const;
export type AlarmBreakThrough = (typeof ALARM_BREAK_THROUGHS)[number];
/** The break-throughs of a measurement's limits. */
export type LimitBreakThrough = Extract<AlarmBreakThrough, 'up' | 'down'>;
/** The device's own alarm kinds: no measurement. */
export type DeviceBreakThrough = Exclude<AlarmBreakThrough, LimitBreakThrough>;

/** A battery (percent) below this opens a lowBattery alarm. */
export const LOW_BATTERY_PERCENT = 20;
/** Percentage points above LOW_BATTERY_PERCENT the battery must reach to close it. */
export const LOW_BATTERY_HYSTERESIS = 5;
/**
 * A frame counter that drops below this from a higher one (uplinks in time order) is a reset: a
 * device counts from 0 again after it rejoins or restarts. A drop to a higher number is an old
 * uplink arriving late, not a reset.
 */
export const FCNT_RESET_BELOW = 100;

/** What an alarm's timeline records. */
export const ALARM_EVENT_KINDS = [
  'opened',
  'closed',
  'acknowledged',
  'unacknowledged',
  'mailed',
  /** An escalation step went out; the comment names the role it reached (issue 28). */
  'escalated',
  /** Staff told the residents (issue 29): the discussion and/or the follow-up survey it made. */
  'notified',
] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];

/** The event-stream type published after an alarm opens, closes or is (un)acknowledged. */
export const ALARM_EVENTS = { changed: 'alarm.changed' } as const;

/** Ids given repeated (tid=a&tid=b) or comma-joined (tid=a,b). */
const idList = (max = 200) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
        .map((v) => (typeof v === 'string' ? v.trim() : v))
        .filter((v) => v !== ''),
    z.array(id()).max(max, { error: msg('invalidValue') }),
  );

/**
 * GET /api/alarms: tid target ids (multi), sd/ed UTC days (ed inclusive), st=0 unacknowledged
 * only (st=1 acknowledged only), ac=1 active (still open) only (ac=0 ended only); in work-queue
 * order (ALARM_QUEUE_STATES, newest first within each), paged.
 */
export const alarmsQuery = z
  .object({
    tid: idList().optional(),
    sd: calendarDay().optional(),
    ed: calendarDay().optional(),
    st: z.enum(['0', '1'], { error: msg('invalidValue') }).optional(),
    ac: z.enum(['0', '1'], { error: msg('invalidValue') }).optional(),
    page: z.coerce
      .number({ error: msg('invalidValue') })
      .int({ error: msg('invalidValue') })
      .min(1, { error: msg('invalidValue') })
      .max(PAGE_MAX, { error: msg('invalidValue') })
      .default(1),
    pageSize: z.coerce
      .number({ error: msg('invalidValue') })
      .int({ error: msg('invalidValue') })
      .min(1, { error: msg('invalidValue') })
      .max(500, { error: msg('invalidValue') })
      .default(200),
  })
  .superRefine((value, ctx) => {
    if (value.sd && value.ed && value.sd > value.ed) {
      ctx.addIssue({ code: 'custom', path: ['ed'], message: msg('invalidValue') });
    }
  });
export type AlarmsQuery = z.input<typeof alarmsQuery>;

/** The by-device lookup: id is a comma-joined device id list. */
export const deviceAlarmsQuery = z.object({
  id: idList().refine((list) => list.length > 0, { error: msg('required') }),
});

export const organizationAlarmsQuery = z.object({ organizationId: id().optional() });

/** The most alarms one bulk acknowledgement takes (the list's largest page). */
export const ALARM_ACK_MAX = 500;
/** The most characters of an acknowledgement's comment. */
export const ALARM_COMMENT_MAX = 500;
const alarmsMsg = (
  key:
    | 'alarmsRequired'
    | 'tooManyAlarms'
    | 'commentTooLong'
    | 'noticeChoiceRequired'
    | 'surveyDays',
) => `validation.alarms.${key}`;

/** An acknowledgement's optional comment, kept in the timeline; blank or null: none. */
const ackComment = text({ error: msg('invalidValue') }, true)
  .trim()
  .max(ALARM_COMMENT_MAX, { error: alarmsMsg('commentTooLong') })
  .nullable()
  .optional();

/** PATCH /api/alarms/ack: state 1 acknowledges, 0 cancels the acknowledgement. */
export const ackAlarmBody = z.object({
  id: id(),
  state: z.union([z.literal(0), z.literal(1)], { error: msg('invalidValue') }),
  comment: ackComment,
});
export type AckAlarmBody = z.input<typeof ackAlarmBody>;

/** POST /api/alarms/acknowledge: acknowledges every alarm named, with one optional comment. */
export const ackAlarmsBody = z.object({
  ids: z
    .array(id(), { error: alarmsMsg('alarmsRequired') })
    .min(1, { error: alarmsMsg('alarmsRequired') })
    .max(ALARM_ACK_MAX, { error: alarmsMsg('tooManyAlarms') }),
  comment: ackComment,
});
export type AckAlarmsBody = z.input<typeof ackAlarmsBody>;
export const ackAlarmsResponse = z.object({
  message: z.string(),
  /** How many were not acknowledged before (the others were left as they were). */
  acknowledged: z.number(),
});

/**
 * The work queue's states in list order: what needs a look first. Each is a filter pair
 * (ac, st) of the list, and `counts` in its answer has one number per state.
 */
export const ALARM_QUEUE_STATES = [
  'activeUnacknowledged',
  'activeAcknowledged',
  'endedUnacknowledged',
  'endedAcknowledged',
] as const;
export type AlarmQueueState = (typeof ALARM_QUEUE_STATES)[number];

export const alarmTimelineEntry = z.object({
  kind: z.enum(ALARM_EVENT_KINDS),
  /** Who did it; '' for the system (opening, closing, mail). */
  fullName: z.string(),
  createdAt: z.string(),
  /** The comment given with an acknowledgement or its cancellation; null: none. */
  comment: z.string().nullable(),
  /** 'notified': the discussion the notice opened; null otherwise or without one. */
  discussionId: z.string().nullable(),
  /** 'notified': the follow-up survey it sent; null otherwise or without one. */
  queryId: z.string().nullable(),
});
export type AlarmTimelineEntry = z.infer<typeof alarmTimelineEntry>;

export const alarmRecord = z.object({
  id: z.string(),
  /** 0 not acknowledged, 1 acknowledged. */
  state: z.number(),
  alarmBreakThrough: z.enum(ALARM_BREAK_THROUGHS),
  /** When the value crossed the limit, ISO 8601 UTC. */
  createdAt: z.string(),
  /** When it came back inside; null while the alarm is active. */
  closedAt: z.string().nullable(),
  active: z.boolean(),
  alarmDeviceId: z.string(),
  alarmDescription: z.string(),
  /** null for a device's own kind: offline, lowBattery, frameCounterReset (measurementName and measurementUnit ''). */
  measurementId: z.string().nullable(),
  measurementName: z.string(),
  measurementUnit: z.string(),
  /**
   * The value that crossed the limit; offline: the minutes of silence when it opened; lowBattery:
   * the battery percent; frameCounterReset: the frame counter after the reset.
   */
  value: z.number(),
  /**
   * The limit crossed; offline: the type's deviceTypeOfflineAfterMinutes; lowBattery:
   * LOW_BATTERY_PERCENT; frameCounterReset: the frame counter before the reset.
   */
  limitValue: z.number(),
  organizationId: z.string(),
  Device: z.object({
    deviceName: z.string(),
    deviceLocation: z.string(),
    deviceTargetId: z.string(),
    Target: z.object({ targetName: z.string() }),
    Organization: z.object({ organizationName: z.string() }),
  }),
  timeline: z.array(alarmTimelineEntry),
});
export type AlarmRecord = z.infer<typeof alarmRecord>;

export const alarmsResponse = z.object({
  message: z.string(),
  alarms: z.array(alarmRecord),
  total: z.number(),
  /** Alarms per queue state under tid, sd and ed (st and ac left out), for the state chips. */
  counts: z.object({
    activeUnacknowledged: z.number(),
    activeAcknowledged: z.number(),
    endedUnacknowledged: z.number(),
    endedAcknowledged: z.number(),
  } satisfies Record<AlarmQueueState, z.ZodNumber>),
});
export type AlarmsResponse = z.infer<typeof alarmsResponse>;
export const alarmResponse = z.object({ message: z.string(), alarm: alarmRecord });
/** The unpaged alarm lists (active, of an organization, of devices). */
export const alarmListResponse = z.object({
  message: z.string(),
  alarms: z.array(alarmRecord),
});

/** The most days a follow-up survey stays open, its first day included. */
export const NOTICE_SURVEY_DAYS_MAX = 30;
export const NOTICE_SURVEY_DAYS_DEFAULT = 7;

/**
 * POST /api/alarms/notice ("Tiedota asukkaille", issue 29): the notice's title and text (the
 * discussion's fields, and the follow-up survey's description), which of the two to make, how
 * many days the survey is open, and `key`, a uuid the dialog makes once: a second call with the
 * same key (a double click, a retry) makes nothing new.
 */
export const alarmNoticeFields = createDiscussionBody
  .pick({ discussionTitle: true, discussionDescription: true })
  .extend({
    id: id(),
    key: id(),
    discussion: z.boolean({ error: msg('invalidValue') }),
    survey: z.boolean({ error: msg('invalidValue') }),
    surveyDays: z
      .number({ error: alarmsMsg('surveyDays') })
      .int({ error: alarmsMsg('surveyDays') })
      .min(1, { error: alarmsMsg('surveyDays') })
      .max(NOTICE_SURVEY_DAYS_MAX, { error: alarmsMsg('surveyDays') })
      .default(NOTICE_SURVEY_DAYS_DEFAULT),
  });

/** The notice, the survey or both: else the error on `discussion` (the body and the form). */
export const withNoticeChoice = <T extends z.ZodType<{ discussion: boolean; survey: boolean }>>(
  schema: T,
) =>
  schema.refine((body) => body.discussion || body.survey, {
    path: ['discussion'],
    error: alarmsMsg('noticeChoiceRequired'),
  });

export const alarmNoticeBody = withNoticeChoice(alarmNoticeFields);
export type AlarmNoticeBody = z.input<typeof alarmNoticeBody>;
