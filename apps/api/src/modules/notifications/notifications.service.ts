import {
  type AlarmRecord,
  DEFAULT_CHANNEL,
  type Language,
  NOTIFY_CHANNELS,
  type NotificationSettingsBody,
  type NotifyEvent,
  notifyKindOf,
  type OrganizationNotificationsBody,
} from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, type Scope, systemScope } from '../../lib/scope.js';
import type { AlarmsRepository } from '../alarms/alarms.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Mailer } from '../mail/mailer.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { ReportSchedulesRepository } from '../report-schedules/report-schedules.repository.js';
import type { TargetsRepository } from '../targets/targets.repository.js';
import {
  type AlarmFacts,
  alarmMail,
  alarmPush,
  digestMail,
  digestPush,
  escalationMail,
  escalationPush,
} from './notification-mail.js';
import type {
  NotificationsRepository,
  Person,
  StoredSettings,
} from './notifications.repository.js';
import type { PushChannel } from './push-channel.js';
import { decide } from './routing.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { type Unsubscribe, type UnsubscribeTokens, unsubscribeLink } from './unsubscribe-tokens.js';

const VAINU = { do: 'openSection', section: 'vainu' } as const;
/** Held notifications and escalation steps concern every organization's users. */
const NOTIFY = systemScope('notifications');
/** At most one immediate alarm mail per device and measurement (own kind) in this time. */
export const ALARM_MAIL_THROTTLE_MS = 60 * 60_000;
/** Users whose held notifications one sweep sends at most (the next sweep goes on). */
const HOLDERS_PER_SWEEP = 200;

/** An alarm change as the alarms service reports it; only opened and closed are routed. */
interface Change {
  alarmId: string;
  change: 'opened' | 'closed' | 'acknowledged' | 'unacknowledged';
}

const pad = (n: number) => String(n).padStart(2, '0');
/** DD.MM.YYYY HH.mm UTC: alarm times are shown in UTC (spec 000 §9). */
function utcText(iso: string) {
  const d = new Date(iso);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}.${pad(d.getUTCMinutes())} UTC`;
}

function factsOf(alarm: AlarmRecord): AlarmFacts {
  const unit = alarm.measurementUnit ? ` ${alarm.measurementUnit}` : '';
  return {
    targetName: alarm.Device.Target.targetName,
    deviceName: alarm.Device.deviceName,
    measurementName: alarm.measurementName,
    direction: alarm.alarmBreakThrough,
    value: `${Math.round(alarm.value * 1000) / 1000}${unit}`,
    limit: alarm.measurementId === null ? `${alarm.limitValue}` : `${alarm.limitValue}${unit}`,
    time: utcText(alarm.createdAt),
  };
}

/** A user's settings in force: their own per channel, else the organization's, else the default. */
function effective(own: StoredSettings | undefined, defaults: StoredSettings | undefined) {
  return Object.fromEntries(
    NOTIFY_CHANNELS.map((channel) => [
      channel,
      own?.[channel] ?? defaults?.[channel] ?? DEFAULT_CHANNEL,
    ]),
  ) as NotificationSettingsBody;
}

/**
 * Notifications of alarms (issue 28): each user's settings and the organization's defaults and
 * escalation; `route` turns an alarm event into mail (the mailer's outbox), push (PushChannel)
 * or held rows, in the caller's transaction; the sweep sends what was held and the due
 * escalation steps.
 */
export function createNotificationsService({
  db,
  notifications,
  alarms,
  organizations,
  targets,
  audit,
  mailer,
  push,
  tokens,
  reportRecipients,
  publicUrl,
  log,
  now = () => new Date(),
}: {
  db: Db;
  notifications: NotificationsRepository;
  alarms: Pick<AlarmsRepository, 'find' | 'mailedSince' | 'recordMailed'>;
  organizations: Pick<OrganizationsRepository, 'lookup'>;
  targets: Pick<TargetsRepository, 'listNames' | 'listIdsOfOrganization'>;
  audit: Pick<AuditService, 'record'>;
  mailer: Pick<Mailer, 'enqueue' | 'kick'>;
  push: PushChannel;
  tokens: UnsubscribeTokens;
  /** A scheduled report's unsubscribe link takes the user off its recipients. */
  reportRecipients: Pick<ReportSchedulesRepository, 'removeRecipient'>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const settingsScreen = `${publicUrl}/#/vainu/notifications`;
  const alarmList = (targetId?: string) =>
    `${publicUrl}/#/vainu/show-alarms?ac=1${targetId ? `&tid=${targetId}` : ''}`;
  const unsubscribeUrl = (userId: string, what: Unsubscribe) =>
    unsubscribeLink(tokens, publicUrl, userId, what).url;
  const languageOf = (person: Person): Language => person.language ?? 'fi';

  async function settingsOfPeople(scope: Scope, people: readonly Person[]) {
    const { own, defaults } = await notifications.settingsOf(
      scope,
      people.map((p) => p.userId),
      [...new Set(people.map((p) => p.organizationId))],
    );
    return new Map(
      people.map((p) => [p.userId, effective(own.get(p.userId), defaults.get(p.organizationId))]),
    );
  }

  async function settingsOf(scope: Scope, user: { userId: string; organizationId: string }) {
    const [own, defaults] = await Promise.all([
      notifications.ownSettings(scope, user.userId),
      notifications.organizationDefaults(scope, user.organizationId),
    ]);
    return { settings: effective(own, defaults), own: Object.keys(own).length > 0 };
  }

  /** A mail with its RFC 8058 one-click unsubscribe headers (RFC 2369 List-Unsubscribe). */
  function notificationMail(
    person: Person,
    what: Unsubscribe,
    content: { subject: string; text: string; html: string },
  ) {
    return {
      to: person.email,
      language: languageOf(person),
      ...content,
      headers: unsubscribeLink(tokens, publicUrl, person.userId, what).headers,
    };
  }

  /** An organization's defaults in force (DEFAULT_CHANNEL where it has none) and escalation. */
  async function organizationSettings(scope: Scope, organizationId: string) {
    const [defaults, escalation] = await Promise.all([
      notifications.organizationDefaults(scope, organizationId),
      notifications.escalationOf(scope, organizationId),
    ]);
    return { ...effective(undefined, defaults), escalation };
  }

  /** Every setting targets must be among the targets the scope sees (else 404, nothing saved). */
  async function requireTargets(
    scope: Scope,
    body: NotificationSettingsBody,
    organizationId?: string,
  ) {
    const wanted = [...new Set(NOTIFY_CHANNELS.flatMap((c) => body[c].targetIds))];
    if (wanted.length === 0) return;
    const seen = organizationId
      ? new Set(await targets.listIdsOfOrganization(scope, organizationId, wanted))
      : new Set((await targets.listNames(scope)).map((t) => t.id));
    if (wanted.some((id) => !seen.has(id))) throw notFound('TARGET_NOT_FOUND');
  }

  /**
   * Routes alarm events (opened, closed) to the target's contact users by their settings, in the
   * caller's transaction: mail into the outbox, push through the PushChannel, the rest held for
   * a digest or the end of quiet hours. Keeps the hourly throttle of immediate alarm mail per
   * device and measurement. Call `kick` after the commit.
   */
  async function route(scope: Scope, changes: readonly Change[]) {
    const at = now();
    for (const change of changes) {
      if (change.change !== 'opened' && change.change !== 'closed') continue;
      const event: NotifyEvent = change.change;
      const alarm = await alarms.find(scope, change.alarmId);
      if (!alarm) continue;
      const targetId = alarm.Device.deviceTargetId;
      const people = await notifications.contactUsers(scope, targetId);
      if (people.length === 0) continue;
      const settings = await settingsOfPeople(scope, people);
      const throttled =
        event === 'opened' &&
        (await alarms.mailedSince(
          scope,
          alarm.alarmDeviceId,
          alarm.measurementId,
          new Date(at.getTime() - ALARM_MAIL_THROTTLE_MS),
          alarm.alarmBreakThrough,
        ));
      const facts = factsOf(alarm);
      const routed = { event, breakThrough: alarm.alarmBreakThrough, targetId };
      const held: Parameters<NotificationsRepository['hold']>[1] = [];
      let mailed = false;
      for (const person of people) {
        const language = languageOf(person);
        for (const decision of decide(
          settings.get(person.userId) ?? effective(undefined, undefined),
          routed,
          at,
        )) {
          if (decision.send === 'later') {
            held.push({
              organizationId: alarm.organizationId,
              userId: person.userId,
              channel: decision.channel,
              alarmId: alarm.id,
              event,
              releaseAt: decision.until,
            });
          } else if (decision.channel === 'email') {
            if (throttled) continue;
            const what = { kind: notifyKindOf(routed.breakThrough) };
            const unsubscribe = unsubscribeUrl(person.userId, what);
            await mailer.enqueue(
              notificationMail(
                person,
                what,
                alarmMail(language, {
                  firstName: person.firstName,
                  event,
                  alarm: facts,
                  link: alarmList(targetId),
                  settings: settingsScreen,
                  unsubscribe,
                }),
              ),
            );
            mailed = true;
          } else {
            await push.enqueue(scope, person.userId, {
              ...alarmPush(language, event, facts),
              url: `/#/vainu/show-alarms?ac=1&tid=${targetId}`,
              tag: alarm.id,
            });
          }
        }
      }
      await notifications.hold(scope, held);
      if (mailed && event === 'opened') {
        await alarms.recordMailed(scope, alarm.organizationId, alarm.id);
      }
    }
  }

  function kick() {
    mailer.kick();
    push.kick();
  }

  /** Sends each user's held notifications due at `at`: one digest mail, one push. */
  async function sendHeld(at = now()): Promise<number> {
    let sent = 0;
    for (const userId of await notifications.dueHolders(NOTIFY, at, HOLDERS_PER_SWEEP)) {
      const done = await db.transaction(async () => {
        const rows = await notifications.takeDue(NOTIFY, userId, at);
        const person = rows.length > 0 ? await notifications.person(NOTIFY, userId) : undefined;
        if (!person) return false;
        const language = languageOf(person);
        for (const channel of NOTIFY_CHANNELS) {
          const items: { event: NotifyEvent; alarm: AlarmFacts }[] = [];
          for (const row of rows.filter((r) => r.channel === channel)) {
            const alarm = await alarms.find(NOTIFY, row.alarmId);
            if (alarm) items.push({ event: row.event, alarm: factsOf(alarm) });
          }
          if (items.length === 0) continue;
          if (channel === 'email') {
            const what = { email: 'all' } as const;
            await mailer.enqueue(
              notificationMail(
                person,
                what,
                digestMail(language, {
                  firstName: person.firstName,
                  items,
                  link: alarmList(),
                  settings: settingsScreen,
                  unsubscribe: unsubscribeUrl(person.userId, what),
                }),
              ),
            );
          } else {
            await push.enqueue(NOTIFY, person.userId, {
              ...digestPush(
                language,
                items.map((i) => i.alarm),
              ),
              url: '/#/vainu/show-alarms?ac=1',
              tag: 'digest',
            });
          }
        }
        return true;
      });
      if (done) sent += 1;
    }
    if (sent > 0) kick();
    return sent;
  }

  /**
   * Sends the escalation steps due at `at`, once across instances (an advisory lock for the
   * sweep's transaction): mail (unless the user turned escalation mail off) and push to the
   * step's role, and the step in the alarm's timeline. An acknowledged alarm is not looked at.
   */
  async function sweepEscalations(at = now()): Promise<number> {
    const count = await db.transaction(async () => {
      if (!(await notifications.trySweepLock(NOTIFY, 'escalation sweep'))) return 0;
      const due = await notifications.dueEscalations(NOTIFY, at);
      for (const step of due) {
        const alarm = await alarms.find(NOTIFY, step.alarmId);
        if (!alarm) continue;
        const facts = factsOf(alarm);
        const people = await notifications.roleUsers(
          NOTIFY,
          step.organizationId,
          step.role,
          step.targetId,
        );
        const settings = await settingsOfPeople(NOTIFY, people);
        for (const person of people) {
          const s = settings.get(person.userId);
          const language = languageOf(person);
          if (s?.email.enabled && s.email.escalations) {
            const what = { escalations: false } as const;
            await mailer.enqueue(
              notificationMail(
                person,
                what,
                escalationMail(language, {
                  firstName: person.firstName,
                  minutes: step.afterMinutes,
                  alarm: facts,
                  link: alarmList(step.targetId),
                  settings: settingsScreen,
                  unsubscribe: unsubscribeUrl(person.userId, what),
                }),
              ),
            );
          }
          if (s?.push.enabled) {
            await push.enqueue(NOTIFY, person.userId, {
              ...escalationPush(language, step.afterMinutes, facts),
              url: `/#/vainu/show-alarms?ac=1&tid=${step.targetId}`,
              tag: alarm.id,
            });
          }
        }
        await notifications.recordEscalated(
          NOTIFY,
          step.organizationId,
          step.alarmId,
          step.role,
          at,
        );
        log.info({ alarmId: step.alarmId, step: step.step, role: step.role }, 'alarm escalated');
      }
      return due.length;
    });
    if (count > 0) kick();
    return count;
  }

  /** What one verified token turns off, applied to the user's settings in force. */
  function turnOff(
    settings: NotificationSettingsBody,
    what: Exclude<Unsubscribe, { report: string }>,
  ): NotificationSettingsBody {
    const email = { ...settings.email };
    if ('kind' in what) email.kinds = email.kinds.filter((k) => k !== what.kind);
    else if ('email' in what) email.enabled = false;
    else email.escalations = false;
    return { ...settings, email };
  }

  /** The person a token names, or undefined for a bad, expired or orphaned token. */
  async function tokenOwner(token: string) {
    const verified = tokens.verify(token);
    if (!verified) return undefined;
    const person = await notifications.person(NOTIFY, verified.userId);
    return person ? { person, what: verified.what } : undefined;
  }

  return {
    route,
    kick,
    sendHeld,
    sweepEscalations,

    /** The periodic sweep: held notifications, then escalation steps. */
    async sweep(at = now()) {
      await sendHeld(at);
      await sweepEscalations(at);
    },

    /** GET /api/notification-settings: the caller's settings in force. */
    async getOwn(caller: Caller) {
      const scope = authorize(caller, VAINU);
      return settingsOf(scope, caller);
    },

    /** PUT /api/notification-settings: targets must be among those the caller sees. */
    async saveOwn(caller: Caller, body: NotificationSettingsBody) {
      const scope = authorize(caller, VAINU);
      await requireTargets(scope, body);
      await db.transaction(() => notifications.saveOwn(scope, caller, body));
      return settingsOf(scope, caller);
    },

    /** DELETE /api/notification-settings: back to the organization's defaults. */
    async resetOwn(caller: Caller) {
      const scope = authorize(caller, VAINU);
      await db.transaction(() => notifications.saveOwn(scope, caller, null));
      return settingsOf(scope, caller);
    },

    /**
     * The own details' alarm-mail toggle (PATCH /api/users-own userAlarmMail): e-mail on or off
     * in the user's settings, the rest as in force.
     */
    async setAlarmMail(
      scope: Scope,
      user: { userId: string; organizationId: string },
      on: boolean,
    ) {
      const { settings } = await settingsOf(scope, user);
      await notifications.saveOwn(scope, user, {
        ...settings,
        email: { ...settings.email, enabled: on },
      });
    },

    async getOrganization(caller: Caller, organizationId: string) {
      const scope = authorize(caller, { do: 'manageNotifications' });
      if (!(await organizations.lookup(scope, organizationId)))
        throw notFound('ORGANIZATION_NOT_FOUND');
      const [defaults, escalation] = await Promise.all([
        notifications.organizationDefaults(scope, organizationId),
        notifications.escalationOf(scope, organizationId),
      ]);
      return { ...effective(undefined, defaults), escalation };
    },

    async saveOrganization(
      caller: Caller,
      organizationId: string,
      body: OrganizationNotificationsBody,
    ) {
      const scope = authorize(caller, { do: 'manageNotifications' });
      if (!(await organizations.lookup(scope, organizationId)))
        throw notFound('ORGANIZATION_NOT_FOUND');
      await requireTargets(scope, body, organizationId);
      await db.transaction(async () => {
        await notifications.saveDefaults(scope, organizationId, body);
        await notifications.saveEscalation(scope, organizationId, body.escalation);
        await audit.record(scope, {
          action: 'organization.notifications',
          entityId: organizationId,
          organizationId,
          details: { escalationSteps: body.escalation.length },
        });
      });
      return organizationSettings(scope, organizationId);
    },

    /** GET /api/unsubscribe: a page that asks to confirm (mail scanners fetch links). */
    async unsubscribeForm(token: string, fallback: Language) {
      const found = await tokenOwner(token);
      if (!found) return { status: 400, html: unsubscribePage(fallback, 'invalid') };
      return {
        status: 200,
        html: unsubscribePage(languageOf(found.person), 'confirm', found.what),
      };
    },

    /** POST /api/unsubscribe (the page's button, or the mail client's RFC 8058 one-click). */
    async unsubscribe(token: string, fallback: Language) {
      const found = await tokenOwner(token);
      if (!found) return { status: 400, html: unsubscribePage(fallback, 'invalid') };
      const { person, what } = found;
      const scope = systemScope('notifications', person.organizationId);
      await db.transaction(async () => {
        if ('report' in what) {
          await reportRecipients.removeRecipient(scope, what.report, person.userId);
          return;
        }
        const { settings } = await settingsOf(scope, person);
        await notifications.saveOwn(scope, person, turnOff(settings, what));
      });
      log.info({ userId: person.userId }, 'notification turned off from a mail');
      return { status: 200, html: unsubscribePage(languageOf(person), 'done', what) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
