import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  devices,
  measurementDaily,
  measurementData,
  measurementHourly,
  organizations,
  rejectedUplinks,
} from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** Where an organization's kept data starts: readings before `cutoff`, days before `cutoffDay`. */
export interface Expiry {
  organizationId: string;
  retentionMonths: number;
  /** The Finnish midnight `retentionMonths` months before today (a whole UTC hour). */
  cutoff: Date;
  /** The same day as a date (measurement_daily's Finnish days). */
  cutoffDay: string;
}

/**
 * The retention job's reads and deletes (ADR 0025). Each delete removes at most `limit` rows of
 * one device (or one organization's rejected uplinks) by their primary key, so a long backlog is
 * deleted in many short statements, never one giant one.
 */
export function createRetentionRepository(db: Db) {
  /** Deletes up to `limit` rows matching `where`, chosen by their primary `key`; how many. */
  async function deleteSome(
    table: PgTable,
    key: AnyPgColumn[],
    where: SQL | undefined,
    limit: number,
  ): Promise<number> {
    const columns = sql.join(key, sql`, `);
    const result = (await db.execute(sql`
      delete from ${table} where ${where} and (${columns}) in (
        select ${columns} from ${table} where ${where} limit ${limit})
      returning 1`)) as unknown as { rows: unknown[] };
    return result.rows.length;
  }

  return {
    /**
     * The organizations in scope that keep data for a limited time, with where it starts: their
     * own retention, or the platform's longest (`maxMonths`) when that is shorter or they have
     * none.
     */
    async expiries(scope: Scope, now: Date, maxMonths: number | null = null): Promise<Expiry[]> {
      // least() passes over a null: the shorter of the two, or whichever is set.
      const months = sql`least(${organizations.organizationRetentionMonths}, ${maxMonths}::int)`;
      const cutoff = sql`((((${now.toISOString()}::timestamptz at time zone 'Europe/Helsinki')::date - make_interval(months => ${months}))::date)::timestamp at time zone 'Europe/Helsinki')`;
      const rows = await db
        .select({
          organizationId: organizations.organizationId,
          retentionMonths: sql<number>`${months}`,
          cutoff: sql<string>`${cutoff}::text`,
          cutoffDay: sql<string>`((${cutoff}) at time zone 'Europe/Helsinki')::date::text`,
        })
        .from(organizations)
        .where(and(sql`${months} is not null`, inScope(organizations.organizationId, scope)));
      return rows.map((row) => ({ ...row, cutoff: new Date(row.cutoff) }));
    },

    /** The ids of the organizations in scope. */
    async organizationIds(scope: Scope): Promise<string[]> {
      const rows = await db
        .select({ id: organizations.organizationId })
        .from(organizations)
        .where(inScope(organizations.organizationId, scope));
      return rows.map((row) => row.id);
    },

    /** Whether any of these organizations has a reading measured in [from, to). */
    async holdsReadingsOf(
      scope: Scope,
      organizationIds: readonly string[],
      from: Date,
      to: Date,
    ): Promise<boolean> {
      const m = measurementData;
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(m)
        .where(
          and(
            inArray(m.organizationId, [...organizationIds]),
            gte(m.createdAt, from),
            lt(m.createdAt, to),
            inScope(m.organizationId, scope),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The ids of the scope's devices. */
    async deviceIds(scope: Scope): Promise<string[]> {
      const rows = await db
        .select({ id: devices.deviceId })
        .from(devices)
        .where(inScope(devices.organizationId, scope));
      return rows.map((row) => row.id);
    },

    /** Deletes up to `limit` of the device's readings measured before `before`. */
    deleteReadings(scope: Scope, deviceId: string, before: Date, limit: number) {
      const m = measurementData;
      return deleteSome(
        m,
        [m.deviceId, m.createdAt, m.id],
        and(eq(m.deviceId, deviceId), lt(m.createdAt, before), inScope(m.organizationId, scope)),
        limit,
      );
    },

    /** Deletes up to `limit` of the device's hourly rollups of hours before `before`. */
    deleteHourly(scope: Scope, deviceId: string, before: Date, limit: number) {
      const h = measurementHourly;
      return deleteSome(
        h,
        [h.deviceId, h.measurementId, h.hour],
        and(eq(h.deviceId, deviceId), lt(h.hour, before), inScope(h.organizationId, scope)),
        limit,
      );
    },

    /** Deletes up to `limit` of the device's daily rollups of days before `beforeDay`. */
    deleteDaily(scope: Scope, deviceId: string, beforeDay: string, limit: number) {
      const d = measurementDaily;
      return deleteSome(
        d,
        [d.deviceId, d.measurementId, d.day],
        and(eq(d.deviceId, deviceId), lt(d.day, beforeDay), inScope(d.organizationId, scope)),
        limit,
      );
    },

    /** Deletes up to `limit` of the scope's rejected uplinks received before `before`. */
    deleteRejected(scope: Scope, before: Date, limit: number) {
      const r = rejectedUplinks;
      return deleteSome(
        r,
        [r.id],
        and(lt(r.receivedAt, before), inScope(r.organizationId, scope)),
        limit,
      );
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
