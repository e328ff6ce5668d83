import type {
  ChannelSettings,
  EscalationStep,
  NotificationSettingsBody,
  NotifyChannel,
  NotifyEvent,
  Role,
} from '@vahti/domain';
import { PERMISSIONS } from '@vahti/domain';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import {
  alarmEvents,
  alarms,
  devices,
  escalationSteps,
  notificationHeld,
  notificationSettings,
  targetContactUsers,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';
import { clockOf, minutesOf } from './local-time.js';

type SettingsRow = typeof notificationSettings.$inferSelect;

/** A user a notification may go to. */
export interface Person {
  userId: string;
  organizationId: string;
  email: string;
  firstName: string;
  language: 'fi' | 'en' | 'sv' | null;
}

const personColumns = {
  userId: users.userId,
  organizationId: users.organizationId,
  email: users.userEmail,
  firstName: users.userFirstName,
  language: users.language,
};

function toSettings(row: SettingsRow): ChannelSettings {
  return {
    enabled: row.enabled,
    allTargets: row.allTargets,
    targetIds: row.targetIds,
    kinds: row.kinds,
    events: row.events,
    quietHours:
      row.quietStart === null || row.quietEnd === null
        ? null
        : { start: clockOf(row.quietStart), end: clockOf(row.quietEnd) },
    digest: row.digest,
    digestHour: row.digestHour,
    escalations: row.escalations,
  };
}

function toRows(organizationId: string, userId: string | null, body: NotificationSettingsBody) {
  return (['email', 'push'] as const).map((channel) => {
    const s = body[channel];
    return {
      organizationId,
      userId,
      channel,
      enabled: s.enabled,
      allTargets: s.allTargets,
      targetIds: [...new Set(s.targetIds)],
      kinds: [...new Set(s.kinds)],
      events: [...new Set(s.events)],
      quietStart: s.quietHours ? minutesOf(s.quietHours.start) : null,
      quietEnd: s.quietHours ? minutesOf(s.quietHours.end) : null,
      digest: s.digest,
      digestHour: s.digestHour,
      escalations: s.escalations,
    };
  });
}

/** Stored settings by channel: a user's own, or an organization's defaults. */
export type StoredSettings = Partial<Record<NotifyChannel, ChannelSettings>>;

const byChannel = (rows: SettingsRow[]): StoredSettings =>
  Object.fromEntries(rows.map((row) => [row.channel, toSettings(row)]));

/**
 * Notification settings (a user's and an organization's defaults), the held events of digests
 * and quiet hours, and the organization's escalation steps. Every function takes the scope.
 */
export function createNotificationsRepository(db: Db) {
  /** A transaction-level advisory lock by name: true if taken, false if another holds it. */
  async function tryLock(name: string): Promise<boolean> {
    const result = await db.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) as locked`,
    );
    return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
  }

  return {
    /** The user's own settings (none: follows the defaults). */
    async ownSettings(scope: Scope, userId: string): Promise<StoredSettings> {
      const rows = await db
        .select()
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.userId, userId),
            inScope(notificationSettings.organizationId, scope),
          ),
        );
      return byChannel(rows);
    },

    async organizationDefaults(scope: Scope, organizationId: string): Promise<StoredSettings> {
      assertWithin(scope, organizationId);
      const rows = await db
        .select()
        .from(notificationSettings)
        .where(
          and(
            eq(notificationSettings.organizationId, organizationId),
            isNull(notificationSettings.userId),
          ),
        );
      return byChannel(rows);
    },

    /** Own settings of several users and their organizations' defaults, in one read. */
    async settingsOf(
      scope: Scope,
      userIds: readonly string[],
      organizationIds: readonly string[],
    ): Promise<{ own: Map<string, StoredSettings>; defaults: Map<string, StoredSettings> }> {
      const rows =
        userIds.length === 0
          ? []
          : await db
              .select()
              .from(notificationSettings)
              .where(
                and(
                  or(
                    inArray(notificationSettings.userId, [...userIds]),
                    and(
                      isNull(notificationSettings.userId),
                      inArray(notificationSettings.organizationId, [...organizationIds]),
                    ),
                  ),
                  inScope(notificationSettings.organizationId, scope),
                ),
              );
      const group = (key: (row: SettingsRow) => string | null) => {
        const map = new Map<string, SettingsRow[]>();
        for (const row of rows) {
          const k = key(row);
          if (k !== null) map.set(k, [...(map.get(k) ?? []), row]);
        }
        return new Map([...map].map(([k, list]) => [k, byChannel(list)]));
      };
      return {
        own: group((row) => row.userId),
        defaults: group((row) => (row.userId === null ? row.organizationId : null)),
      };
    },

    /** Replaces the user's own settings (null: removes them, back to the defaults). */
    async saveOwn(
      scope: Scope,
      user: { userId: string; organizationId: string },
      body: NotificationSettingsBody | null,
    ) {
      assertWithin(scope, user.organizationId);
      await db.delete(notificationSettings).where(eq(notificationSettings.userId, user.userId));
      if (body)
        await db
          .insert(notificationSettings)
          .values(toRows(user.organizationId, user.userId, body));
    },

    async saveDefaults(scope: Scope, organizationId: string, body: NotificationSettingsBody) {
      assertWithin(scope, organizationId);
      await db
        .delete(notificationSettings)
        .where(
          and(
            eq(notificationSettings.organizationId, organizationId),
            isNull(notificationSettings.userId),
          ),
        );
      await db.insert(notificationSettings).values(toRows(organizationId, null, body));
    },

    async escalationOf(scope: Scope, organizationId: string): Promise<EscalationStep[]> {
      assertWithin(scope, organizationId);
      return db
        .select({
          alarmKind: escalationSteps.alarmKind,
          afterMinutes: escalationSteps.afterMinutes,
          role: escalationSteps.role,
        })
        .from(escalationSteps)
        .where(eq(escalationSteps.organizationId, organizationId))
        .orderBy(asc(escalationSteps.alarmKind), asc(escalationSteps.step));
    },

    /** Replaces the steps; each kind's steps are numbered 1, 2, … in the order given. */
    async saveEscalation(scope: Scope, organizationId: string, steps: readonly EscalationStep[]) {
      assertWithin(scope, organizationId);
      await db.delete(escalationSteps).where(eq(escalationSteps.organizationId, organizationId));
      const counts = new Map<string, number>();
      const rows = steps.map((s) => {
        const step = (counts.get(s.alarmKind) ?? 0) + 1;
        counts.set(s.alarmKind, step);
        return { organizationId, ...s, step };
      });
      if (rows.length > 0) await db.insert(escalationSteps).values(rows);
    },

    /** An active user, for a held notification or an unsubscribe link. */
    async person(scope: Scope, userId: string): Promise<Person | undefined> {
      const [row] = await db
        .select(personColumns)
        .from(users)
        .where(
          and(
            eq(users.userId, userId),
            eq(users.userState, 'Aktiivinen'),
            inScope(users.organizationId, scope),
          ),
        );
      return row;
    },

    /** The target's contact users who are active: who hears of its alarms. */
    contactUsers(scope: Scope, targetId: string): Promise<Person[]> {
      return db
        .select(personColumns)
        .from(targetContactUsers)
        .innerJoin(users, eq(users.userId, targetContactUsers.userId))
        .where(
          and(
            eq(targetContactUsers.targetId, targetId),
            eq(users.userState, 'Aktiivinen'),
            inScope(users.organizationId, scope),
          ),
        );
    },

    /** Active users of the role with Vainu who see the target (Käyttäjä: linked to it). */
    roleUsers(
      scope: Scope,
      organizationId: string,
      role: Role,
      targetId: string,
    ): Promise<Person[]> {
      assertWithin(scope, organizationId);
      return db
        .select(personColumns)
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.userRoles, role),
            eq(users.userState, 'Aktiivinen'),
            sql`${PERMISSIONS.vainu} = any(${users.userPermissions})`,
            role === 'Käyttäjä'
              ? inArray(
                  users.userId,
                  db
                    .select({ id: userTargets.userId })
                    .from(userTargets)
                    .where(eq(userTargets.targetId, targetId)),
                )
              : undefined,
          ),
        );
    },

    async hold(
      scope: Scope,
      rows: {
        organizationId: string;
        userId: string;
        channel: NotifyChannel;
        alarmId: string;
        event: NotifyEvent;
        releaseAt: Date;
      }[],
    ) {
      for (const row of rows) assertWithin(scope, row.organizationId);
      if (rows.length > 0) await db.insert(notificationHeld).values(rows);
    },

    /** Users with held events due at `now`, oldest first. */
    async dueHolders(scope: Scope, now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ userId: notificationHeld.userId, first: sql`min(${notificationHeld.releaseAt})` })
        .from(notificationHeld)
        .where(
          and(
            lte(notificationHeld.releaseAt, now),
            inScope(notificationHeld.organizationId, scope),
          ),
        )
        .groupBy(notificationHeld.userId)
        .orderBy(sql`min(${notificationHeld.releaseAt})`)
        .limit(limit);
      return rows.map((row) => row.userId);
    },

    /**
     * Takes (deletes and returns) the user's held events due at `now`, in the caller's
     * transaction, under a transaction-level advisory lock of the user: another instance taking
     * the same user's events waits for nothing (try-lock) and gets none until this commits — by
     * then they are gone. Empty when another instance holds the user.
     */
    async takeDue(scope: Scope, userId: string, now: Date) {
      if (!(await tryLock(`notification_held ${userId}`))) return [];
      return db
        .delete(notificationHeld)
        .where(
          and(
            eq(notificationHeld.userId, userId),
            lte(notificationHeld.releaseAt, now),
            inScope(notificationHeld.organizationId, scope),
          ),
        )
        .returning();
    },

    /** How many events are held for the user (tests, and the settings screen's hint). */
    async heldCount(scope: Scope, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notificationHeld)
        .where(
          and(eq(notificationHeld.userId, userId), inScope(notificationHeld.organizationId, scope)),
        );
      return row?.n ?? 0;
    },

    /**
     * Tries the sweep's transaction-level advisory lock: true in the one instance that sweeps
     * now, false in any other meanwhile.
     */
    trySweepLock: (_scope: Scope, name: string) => tryLock(name),

    /**
     * Open, unacknowledged alarms whose next escalation step is due at `now`: the step after the
     * ones already in the timeline ('escalated'), counted from the alarm's opening.
     */
    dueEscalations(scope: Scope, now: Date) {
      const done = sql<number>`(select count(*) from ${alarmEvents} where ${alarmEvents.alarmId} = ${alarms.id} and ${alarmEvents.kind} = 'escalated')`;
      const kind = sql`(case when ${alarms.alarmBreakThrough} = 'frameCounterReset' then 'offline' else ${alarms.alarmBreakThrough}::text end)`;
      return db
        .select({
          alarmId: alarms.id,
          organizationId: alarms.organizationId,
          targetId: devices.deviceTargetId,
          step: escalationSteps.step,
          afterMinutes: escalationSteps.afterMinutes,
          role: escalationSteps.role,
        })
        .from(alarms)
        .innerJoin(devices, eq(devices.deviceId, alarms.deviceId))
        .innerJoin(
          escalationSteps,
          and(
            eq(escalationSteps.organizationId, alarms.organizationId),
            sql`${escalationSteps.alarmKind}::text = ${kind}`,
            sql`${escalationSteps.step} = ${done} + 1`,
          ),
        )
        .where(
          and(
            eq(alarms.state, 0),
            isNull(alarms.closedAt),
            lte(
              sql`${alarms.createdAt} + make_interval(mins => ${escalationSteps.afterMinutes})`,
              now,
            ),
            inScope(alarms.organizationId, scope),
          ),
        )
        .limit(500);
    },

    /** The escalation step in the alarm's timeline; the comment names the role it reached. */
    async recordEscalated(
      scope: Scope,
      organizationId: string,
      alarmId: string,
      role: Role,
      at: Date,
    ) {
      assertWithin(scope, organizationId);
      await db
        .insert(alarmEvents)
        .values({ organizationId, alarmId, kind: 'escalated', comment: role, createdAt: at });
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
