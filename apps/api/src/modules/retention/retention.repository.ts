import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
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

const deleted = (rows: unknown[]) => rows.length;

/**
 * The retention job's reads and deletes (ADR 0025). Each delete removes at most `limit` rows of
 * one device (or one organization's rejected uplinks) by their primary key, so a long backlog is
 * deleted in many short statements, never one giant one.
 */
export function createRetentionRepository(db: Db) {
  return {
    /** The organizations in scope that keep data for a limited time, with where it starts. */
    async expiries(scope: Scope, now: Date): Promise<Expiry[]> {
      const cutoff = sql`((((${now.toISOString()}::timestamptz at time zone 'Europe/Helsinki')::date - make_interval(months => ${organizations.organizationRetentionMonths}))::date)::timestamp at time zone 'Europe/Helsinki')`;
      const rows = await db
        .select({
          organizationId: organizations.organizationId,
          retentionMonths: sql<number>`${organizations.organizationRetentionMonths}`,
          cutoff: sql<string>`${cutoff}::text`,
          cutoffDay: sql<string>`((${cutoff}) at time zone 'Europe/Helsinki')::date::text`,
        })
        .from(organizations)
        .where(
          and(
            isNotNull(organizations.organizationRetentionMonths),
            inScope(organizations.organizationId, scope),
          ),
        );
      return rows.map((row) => ({ ...row, cutoff: new Date(row.cutoff) }));
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
    async deleteReadings(scope: Scope, deviceId: string, before: Date, limit: number) {
      const m = measurementData;
      const where = and(
        eq(m.deviceId, deviceId),
        lt(m.createdAt, before),
        inScope(m.organizationId, scope),
      );
      const batch = db
        .select({ d: m.deviceId, c: m.createdAt, i: m.id })
        .from(m)
        .where(where)
        .limit(limit);
      return deleted(
        await db
          .delete(m)
          .where(and(where, sql`(${m.deviceId}, ${m.createdAt}, ${m.id}) in (${batch})`))
          .returning({ id: m.id }),
      );
    },

    /** Deletes up to `limit` of the device's hourly rollups of hours before `before`. */
    async deleteHourly(scope: Scope, deviceId: string, before: Date, limit: number) {
      const h = measurementHourly;
      const where = and(
        eq(h.deviceId, deviceId),
        lt(h.hour, before),
        inScope(h.organizationId, scope),
      );
      const batch = db
        .select({ d: h.deviceId, m: h.measurementId, t: h.hour })
        .from(h)
        .where(where)
        .limit(limit);
      return deleted(
        await db
          .delete(h)
          .where(and(where, sql`(${h.deviceId}, ${h.measurementId}, ${h.hour}) in (${batch})`))
          .returning({ id: h.deviceId }),
      );
    },

    /** Deletes up to `limit` of the device's daily rollups of days before `beforeDay`. */
    async deleteDaily(scope: Scope, deviceId: string, beforeDay: string, limit: number) {
      const d = measurementDaily;
      const where = and(
        eq(d.deviceId, deviceId),
        lt(d.day, beforeDay),
        inScope(d.organizationId, scope),
      );
      const batch = db
        .select({ d: d.deviceId, m: d.measurementId, t: d.day })
        .from(d)
        .where(where)
        .limit(limit);
      return deleted(
        await db
          .delete(d)
          .where(and(where, sql`(${d.deviceId}, ${d.measurementId}, ${d.day}) in (${batch})`))
          .returning({ id: d.deviceId }),
      );
    },

    /** Deletes up to `limit` of the scope's rejected uplinks received before `before`. */
    async deleteRejected(scope: Scope, before: Date, limit: number) {
      const r = rejectedUplinks;
      const where = and(lt(r.receivedAt, before), inScope(r.organizationId, scope));
      const batch = db.select({ id: r.id }).from(r).where(where).limit(limit);
      return deleted(
        await db
          .delete(r)
          .where(and(where, sql`${r.id} in (${batch})`))
          .returning({ id: r.id }),
      );
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
