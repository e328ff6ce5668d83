import { z } from 'zod';
import { ROLES } from '../roles.js';
import type { AlarmBreakThrough } from './alarms.js';
import { id, msg } from './fields.js';

// Who hears of an alarm, on which channel and when (issue 28): each user's own settings, or
// their organization's defaults until they save their own; the organization's escalation.

export const NOTIFY_CHANNELS = ['email', 'push'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * The alarm kinds a user chooses among: high ('up'), low ('down'), offline, battery
 * ('lowBattery'). A frame-counter reset (the device restarted or rejoined the network) is a
 * connection event: it follows the 'offline' choice, but is never critical.
 */
export const NOTIFY_KINDS = ['up', 'down', 'offline', 'lowBattery'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export const notifyKindOf = (breakThrough: AlarmBreakThrough): NotifyKind =>
  breakThrough === 'frameCounterReset' ? 'offline' : breakThrough;

/**
 * The only alarms that go out during quiet hours: a device that fell silent (a building that lost
 * its power or network, a sensor taken away), which someone may have to see to at once. A value
 * beyond its limit (CO2 in a bedroom at night, say) and a low battery wait for the end of the
 * quiet hours, so "no mail at night" holds for them.
 */
export const isCritical = (breakThrough: AlarmBreakThrough): boolean => breakThrough === 'offline';

export const NOTIFY_EVENTS = ['opened', 'closed'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** The most targets one channel may name. */
export const NOTIFY_TARGETS_MAX = 200;
/** The most escalation steps per alarm kind. */
export const ESCALATION_STEPS_MAX = 3;
/** The longest wait of an escalation step: a week. */
export const ESCALATION_MINUTES_MAX = 7 * 24 * 60;

const invalid = { error: msg('invalidValue') };
/** HH:MM, Finnish time. */
const clock = z.string(invalid).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: msg('invalidTime') });

export const channelSettings = z.object({
  /** Off: nothing on this channel (email: the own details' "alarm mail" toggle). */
  enabled: z.boolean(invalid),
  /** True: every target the user is a contact person of; false: only `targetIds` among them. */
  allTargets: z.boolean(invalid),
  targetIds: z.array(id(), invalid).max(NOTIFY_TARGETS_MAX, invalid),
  kinds: z.array(z.enum(NOTIFY_KINDS, invalid), invalid).max(NOTIFY_KINDS.length, invalid),
  events: z.array(z.enum(NOTIFY_EVENTS, invalid), invalid).max(NOTIFY_EVENTS.length, invalid),
  /** Finnish time; during them only critical alarms go out, the rest after them. null: none. */
  quietHours: z
    .object({ start: clock, end: clock }, invalid)
    .refine((q) => q.start !== q.end, { path: ['end'], error: msg('invalidValue') })
    .nullable(),
  /** E-mail only: one mail a day at `digestHour` (Finnish time) instead of one per alarm. */
  digest: z.boolean(invalid),
  digestHour: z.number(invalid).int(invalid).min(0, invalid).max(23, invalid),
  /** E-mail only: escalation mails when the user's role is an escalation step. */
  escalations: z.boolean(invalid),
});
export type ChannelSettings = z.infer<typeof channelSettings>;

/** PUT /api/notification-settings and an organization's defaults. */
export const notificationSettingsBody = z.object({
  email: channelSettings,
  push: channelSettings,
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

export const notificationSettingsResponse = notificationSettingsBody.extend({
  message: z.string(),
  /** False while the user follows the organization's defaults. */
  own: z.boolean(),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponse>;

/** What a user gets with no settings of their own and no organization defaults: mail as before. */
export const DEFAULT_CHANNEL: ChannelSettings = {
  enabled: true,
  allTargets: true,
  targetIds: [],
  kinds: [...NOTIFY_KINDS],
  events: ['opened'],
  quietHours: null,
  digest: false,
  digestHour: 7,
  escalations: true,
};
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsBody = {
  email: DEFAULT_CHANNEL,
  push: DEFAULT_CHANNEL,
};

/**
 * One escalation step: an alarm of `alarmKind` still unacknowledged `afterMinutes` after it
 * opened goes to the users of `role` who see its target.
 */
export const escalationStep = z.object({
  alarmKind: z.enum(NOTIFY_KINDS, invalid),
  afterMinutes: z.number(invalid).int(invalid).min(1, invalid).max(ESCALATION_MINUTES_MAX, invalid),
  role: z.enum(ROLES, invalid),
});
export type EscalationStep = z.infer<typeof escalationStep>;

/** PUT /api/organizations/{organizationId}/notifications: the defaults and the escalation. */
export const organizationNotificationsBody = notificationSettingsBody.extend({
  escalation: z
    .array(escalationStep, invalid)
    .max(ESCALATION_STEPS_MAX * NOTIFY_KINDS.length, invalid)
    .superRefine((steps, ctx) => {
      for (const kind of NOTIFY_KINDS) {
        const of = steps.map((s, i) => ({ ...s, i })).filter((s) => s.alarmKind === kind);
        if (of.length > ESCALATION_STEPS_MAX) {
          ctx.addIssue({ code: 'custom', path: [of[0]?.i ?? 0], message: msg('tooManySteps') });
        }
        // Each step of a kind comes later than the one before it.
        for (let n = 1; n < of.length; n++) {
          const step = of[n];
          const before = of[n - 1];
          if (step && before && step.afterMinutes <= before.afterMinutes) {
            ctx.addIssue({
              code: 'custom',
              path: [step.i, 'afterMinutes'],
              message: msg('stepsInOrder'),
            });
          }
        }
      }
    }),
});
export type OrganizationNotificationsBody = z.infer<typeof organizationNotificationsBody>;

export const organizationNotificationsResponse = organizationNotificationsBody.extend({
  message: z.string(),
});
export type OrganizationNotificationsResponse = z.infer<typeof organizationNotificationsResponse>;

export const organizationNotificationsParams = z.object({ organizationId: id() });

/** GET/POST /api/unsubscribe?token=… (the link of a notification mail). */
export const unsubscribeQuery = z.object({
  token: z.string(invalid).min(1, invalid).max(1000, invalid),
});
