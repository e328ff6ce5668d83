import { and, arrayContains, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  mailOutbox,
  measurements,
  organizations,
  reportScheduleRecipients,
  reportSchedules,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
/** What a schedule's form sets. */
export type ScheduleFields = Pick<
  typeof reportSchedules.$inferInsert,
  'targetId' | 'measurementId' | 'frequency' | 'weekday' | 'monthDay' | 'hour' | 'enabled'
> & { nextRunAt: Date };

/** Vainu is application 2: only its users may receive its reports. */
const VAINU = 2;

/**
 * Report schedules and their recipients (issue 28). Every function is scoped; a caller limited
 * to its own schedules (`ownerId`) reaches no other. The runner's functions take the system scope
 * of report delivery.
 */
export function createReportSchedulesRepository(db: Db) {
  const visible = (scope: Scope, ownerId: string | null) =>
    and(
      inScope(reportSchedules.organizationId, scope),
      ownerId === null ? undefined : eq(reportSchedules.createdBy, ownerId),
    );

  async function recipientsOf(ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        scheduleId: reportScheduleRecipients.scheduleId,
        userId: users.userId,
        firstName: users.userFirstName,
        lastName: users.userLastName,
        email: users.userEmail,
      })
      .from(reportScheduleRecipients)
      .innerJoin(users, eq(users.userId, reportScheduleRecipients.userId))
      .where(inArray(reportScheduleRecipients.scheduleId, ids))
      .orderBy(asc(users.userLastName), asc(users.userFirstName));
  }

  /** The delivery state of the mails of each schedule's latest run. */
  async function mailsOf(ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: mailOutbox.id,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids));
  }

  return {
    async list(scope: Scope, { ownerId, id }: { ownerId: string | null; id?: string }) {
      const rows = await db
        .select({
          schedule: reportSchedules,
          organizationName: organizations.organizationName,
          targetName: targets.targetName,
          measurementName: measurements.measurementName,
        })
        .from(reportSchedules)
        .innerJoin(organizations, eq(organizations.organizationId, reportSchedules.organizationId))
        .innerJoin(measurements, eq(measurements.measurementId, reportSchedules.measurementId))
        .leftJoin(targets, eq(targets.targetId, reportSchedules.targetId))
        .where(and(visible(scope, ownerId), id ? eq(reportSchedules.id, id) : undefined))
        .orderBy(asc(organizations.organizationName), asc(reportSchedules.createdAt));
      const ids = rows.map((r) => r.schedule.id);
      const [recipients, mails] = await Promise.all([
        recipientsOf(ids),
        mailsOf(rows.flatMap((r) => r.schedule.lastMailIds ?? [])),
      ]);
      return rows.map((row) => ({
        ...row,
        recipients: recipients.filter((r) => r.scheduleId === row.schedule.id),
        mails: mails.filter((m) => row.schedule.lastMailIds?.includes(m.id)),
      }));
    },

    async insert(
      scope: Scope,
      values: ScheduleFields & { organizationId: string; createdBy: string | null },
      recipientIds: string[],
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db
        .insert(reportSchedules)
        .values(values)
        .returning({ id: reportSchedules.id });
      if (!row) throw new Error('report schedule not stored');
      await db
        .insert(reportScheduleRecipients)
        .values(recipientIds.map((userId) => ({ scheduleId: row.id, userId })));
      return row.id;
    },

    /** Rewrites the schedule and its recipients; 0 when it is not within reach. */
    async update(
      scope: Scope,
      ownerId: string | null,
      id: string,
      values: ScheduleFields,
      recipientIds: string[],
    ): Promise<number> {
      const changed = await db
        .update(reportSchedules)
        .set({ ...values, attempts: 0, leaseUntil: null })
        .where(and(eq(reportSchedules.id, id), visible(scope, ownerId)))
        .returning({ id: reportSchedules.id });
      if (changed.length === 0) return 0;
      await db.delete(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, id));
      await db
        .insert(reportScheduleRecipients)
        .values(recipientIds.map((userId) => ({ scheduleId: id, userId })));
      return changed.length;
    },

    async remove(scope: Scope, ownerId: string | null, id: string): Promise<number> {
      const removed = await db
        .delete(reportSchedules)
        .where(and(eq(reportSchedules.id, id), visible(scope, ownerId)))
        .returning({ id: reportSchedules.id });
      return removed.length;
    },

    /** "Lähetä nyt": the runner takes the row on its next round (a pending retry at once). */
    async requestSend(scope: Scope, ownerId: string | null, id: string): Promise<number> {
      const changed = await db
        .update(reportSchedules)
        // Milliseconds, as a Date holds it: the run clears the request it read by comparing.
        .set({
          sendRequestedAt: sql`date_trunc('milliseconds', now())`,
          attempts: 0,
          leaseUntil: null,
        })
        .where(and(eq(reportSchedules.id, id), visible(scope, ownerId)))
        .returning({ id: reportSchedules.id });
      return changed.length;
    },

    /**
     * Users of the organization who may receive reports of the target (or, with none, of every
     * target): active, with the Vainu permission, and seeing the target — a role above Käyttäjä
     * sees every target, a Käyttäjä only those linked to them.
     */
    async candidates(scope: Scope, organizationId: string, targetId: string | null) {
      assertWithin(scope, organizationId);
      const linked = targetId
        ? inArray(
            users.userId,
            db
              .select({ id: userTargets.userId })
              .from(userTargets)
              .where(eq(userTargets.targetId, targetId)),
          )
        : undefined;
      return db
        .select({
          userId: users.userId,
          firstName: users.userFirstName,
          lastName: users.userLastName,
          email: users.userEmail,
          role: users.userRoles,
          language: users.language,
          permissions: users.userPermissions,
        })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.userState, 'Aktiivinen'),
            arrayContains(users.userPermissions, [VAINU]),
            or(sql`${users.userRoles} <> 'Käyttäjä'`, linked ?? sql`false`),
          ),
        )
        .orderBy(asc(users.userLastName), asc(users.userFirstName));
    },

    /** Whether the organization has the target and the measurement. */
    async ownsRecords(
      scope: Scope,
      organizationId: string,
      { targetId, measurementId }: { targetId: string | null; measurementId?: string },
    ) {
      assertWithin(scope, organizationId);
      const [target] = targetId
        ? await db
            .select({ id: targets.targetId })
            .from(targets)
            .where(and(eq(targets.targetId, targetId), eq(targets.organizationId, organizationId)))
        : [{ id: null }];
      const [measurement] = measurementId
        ? await db
            .select({ id: measurements.measurementId })
            .from(measurements)
            .where(
              and(
                eq(measurements.measurementId, measurementId),
                eq(measurements.organizationId, organizationId),
              ),
            )
        : [{ id: null }];
      return { target: target !== undefined, measurement: measurement !== undefined };
    },

    /** Every target id of the organization (a schedule of every target). */
    async targetIds(scope: Scope, organizationId: string): Promise<string[]> {
      assertWithin(scope, organizationId);
      const rows = await db
        .select({ id: targets.targetId })
        .from(targets)
        .where(eq(targets.organizationId, organizationId))
        .orderBy(asc(targets.targetName));
      return rows.map((r) => r.id);
    },

    /** Takes the user off the schedule's recipients (its mail's unsubscribe link); 0 if not one. */
    async removeRecipient(scope: Scope, scheduleId: string, userId: string): Promise<number> {
      const rows = await db
        .delete(reportScheduleRecipients)
        .where(
          and(
            eq(reportScheduleRecipients.scheduleId, scheduleId),
            eq(reportScheduleRecipients.userId, userId),
            inArray(
              reportScheduleRecipients.scheduleId,
              db
                .select({ id: reportSchedules.id })
                .from(reportSchedules)
                .where(inScope(reportSchedules.organizationId, scope)),
            ),
          ),
        )
        .returning({ id: reportScheduleRecipients.userId });
      return rows.length;
    },

    /** The schedule's recipients (user ids). */
    async recipientIds(_scope: Scope, scheduleId: string): Promise<string[]> {
      const rows = await db
        .select({ id: reportScheduleRecipients.userId })
        .from(reportScheduleRecipients)
        .where(eq(reportScheduleRecipients.scheduleId, scheduleId));
      return rows.map((r) => r.id);
    },

    /**
     * Claims up to `limit` schedules due now — enabled ones whose next run has come, and any with
     * a "Lähetä nyt" — that no runner holds and no retry waits for: locked with SKIP LOCKED and
     * leased by moving lease_until ahead, in one statement. Another instance never takes a
     * held row; a runner that dies leaves it to the next once the lease runs out.
     */
    claimDue(_scope: Scope, limit: number, leaseMs: number): Promise<ReportScheduleRow[]> {
      const due = db
        .select({ id: reportSchedules.id })
        .from(reportSchedules)
        .where(
          and(
            or(
              and(eq(reportSchedules.enabled, true), lte(reportSchedules.nextRunAt, sql`now()`)),
              sql`${reportSchedules.sendRequestedAt} is not null`,
            ),
            or(isNull(reportSchedules.leaseUntil), lte(reportSchedules.leaseUntil, sql`now()`)),
          ),
        )
        .orderBy(reportSchedules.nextRunAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(reportSchedules)
        .set({
          leaseUntil: sql`date_trunc('milliseconds', now() + make_interval(secs => ${leaseMs / 1000}))`,
        })
        .where(inArray(reportSchedules.id, due))
        .returning();
    },

    /**
     * A run that mailed: its period and mails recorded, the "Lähetä nyt" it served cleared, the
     * next run set, the lease let go — only while this runner still holds the lease (1), else 0
     * and the caller rolls back (another runner has taken the row since).
     */
    async completed(
      _scope: Scope,
      claimed: Pick<ReportScheduleRow, 'id' | 'leaseUntil' | 'sendRequestedAt'>,
      run: { period: { sd: string; ed: string }; mailIds: string[]; nextRunAt: Date | null },
    ): Promise<number> {
      const changed = await db
        .update(reportSchedules)
        .set({
          lastRunAt: sql`now()`,
          lastPeriodStart: run.period.sd,
          lastPeriodEnd: run.period.ed,
          lastMailIds: run.mailIds,
          lastFailure: null,
          lastError: null,
          attempts: 0,
          leaseUntil: null,
          ...(run.nextRunAt && { nextRunAt: run.nextRunAt }),
          sendRequestedAt: servedRequest(claimed.sendRequestedAt),
        })
        .where(leaseHeld(claimed))
        .returning({ id: reportSchedules.id });
      return changed.length;
    },

    /**
     * A run that failed: its error kept, tried again after `retryInMs`; or, with null, given up
     * for this period — the next scheduled run and any later "Lähetä nyt" start afresh.
     */
    async failed(
      _scope: Scope,
      claimed: Pick<ReportScheduleRow, 'id' | 'leaseUntil' | 'sendRequestedAt' | 'attempts'>,
      failure: { error: string; retryInMs: number | null; nextRunAt: Date | null },
    ): Promise<void> {
      await db
        .update(reportSchedules)
        .set({
          lastRunAt: sql`now()`,
          lastError: failure.error,
          lastMailIds: null,
          ...(failure.retryInMs === null
            ? {
                lastFailure: 'failed' as const,
                attempts: 0,
                leaseUntil: null,
                sendRequestedAt: servedRequest(claimed.sendRequestedAt),
                ...(failure.nextRunAt && { nextRunAt: failure.nextRunAt }),
              }
            : {
                lastFailure: 'retrying' as const,
                attempts: claimed.attempts + 1,
                leaseUntil: sql`now() + make_interval(secs => ${failure.retryInMs / 1000})`,
              }),
        })
        .where(leaseHeld(claimed));
    },
  };
}

/** The row while the runner's lease on it is still the one it claimed. */
const leaseHeld = (claimed: Pick<ReportScheduleRow, 'id' | 'leaseUntil'>) =>
  and(
    eq(reportSchedules.id, claimed.id),
    claimed.leaseUntil
      ? eq(reportSchedules.leaseUntil, claimed.leaseUntil)
      : isNull(reportSchedules.leaseUntil),
  );

/** Clears the "Lähetä nyt" the run served; a newer click (during the run) stays. */
const servedRequest = (served: Date | null) =>
  served === null
    ? sql`${reportSchedules.sendRequestedAt}`
    : sql`case when ${reportSchedules.sendRequestedAt} <= ${served.toISOString()}::timestamptz then null else ${reportSchedules.sendRequestedAt} end`;

export type ReportSchedulesRepository = ReturnType<typeof createReportSchedulesRepository>;
