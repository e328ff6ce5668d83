import {
  MEASUREMENT_QUANTITIES,
  type MeasurementQuantity,
  QUANTITY_APPLICATION,
  type TargetMeasurementOption,
  TIME_ZONE,
} from '@vahti/domain';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, toDate } from '../../db/client.js';
import {
  alarms,
  devices,
  deviceTypeMeasurements,
  measurementDaily,
  measurementData,
  measurementHourly,
  measurements,
  organizationApplications,
  targets,
} from '../../db/schema/index.js';
import { inScope, type Scope, targetVisible } from '../../lib/scope.js';

export interface ReadableMeasurement {
  measurementId: string;
  organizationId: string;
  measurementName: string;
  measurementUnit: string;
  quantity: MeasurementQuantity;
}

export interface SensorDevice {
  deviceId: string;
  deviceName: string;
  targetId: string;
  targetName: string;
  deviceLocation: string;
}

export interface DeviceSummary {
  deviceId: string;
  minValue: number;
  maxValue: number;
  avgValue: number;
  count: number;
  lastAt: Date;
  lastValue: number;
}

export interface Point {
  at: Date;
  value: number;
}

/** A chart bucket: its start, the mean of its readings and their extremes. */
export interface Bucket {
  at: Date;
  mean: number;
  min: number;
  max: number;
}

export interface RawRow {
  createdAt: Date;
  /** The exact stored time as text: the keyset cursor (a Date would drop microseconds). */
  cursorAt: string;
  id: string;
  deviceId: string;
  value: number;
}

/** Rounded to 3 decimals in SQL (numeric rounding: half away from zero). */
const round3 = (expr: SQL) => sql`round((${expr})::numeric, 3)::float8`;

/** The quantities of power guard (1); every other one is indoor air's (2). */
const POWER_QUANTITIES = MEASUREMENT_QUANTITIES.filter((q) => QUANTITY_APPLICATION[q] === 1);

/** The measurement's organization has the application its quantity needs (issue 12, decision 1). */
const quantityGranted = sql`exists (select 1 from ${organizationApplications} oa
  where oa.organization_id = ${measurements.organizationId}
    and oa.application_id = case when ${measurements.measurementQuantity}::text in ${POWER_QUANTITIES} then 1 else 2 end)`;

/** A time as a bound parameter both drivers read the same way. */
const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Reads of measurement data for the summary, the chart and the exports (ADR 0020): summaries
 * and counts from the daily rollup, a long chart's buckets from the hourly or daily one, raw
 * rows only for short ranges and exports. Every read is limited to devices on
 * targets the scope sees.
 */
export function createSensorDataRepository(db: Db) {
  /** Devices the scope sees (a Käyttäjä only those on linked targets), as a condition. */
  const deviceVisible = (column: AnyPgColumn, scope: Scope) =>
    inArray(
      column,
      db
        .select({ id: devices.deviceId })
        .from(devices)
        .where(
          and(
            inScope(devices.organizationId, scope),
            targetVisible(db, devices.deviceTargetId, scope),
          ),
        ),
    );

  const execute = async <T>(query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));

  /** A rollup's buckets of the device and measurement within `range`, in time order. */
  const rollupBuckets = (
    r: typeof measurementHourly | typeof measurementDaily,
    at: AnyPgColumn | SQL<Date>,
    scope: Scope,
    deviceId: string,
    measurementId: string,
    range: SQL[],
  ): Promise<Bucket[]> =>
    db
      .select({
        at: sql<Date>`${at}`.mapWith(toDate),
        mean: sql<number>`${round3(sql`${r.sumValue} / ${r.count}`)}`.mapWith(Number),
        min: r.minValue,
        max: r.maxValue,
      })
      .from(r)
      .where(
        and(
          eq(r.deviceId, deviceId),
          eq(r.measurementId, measurementId),
          ...range,
          inScope(r.organizationId, scope),
          deviceVisible(r.deviceId, scope),
        ),
      )
      .orderBy(asc(at));

  return {
    /** A measurement the scope sees whose quantity the organization's applications allow. */
    async readableMeasurement(
      scope: Scope,
      measurementId: string,
    ): Promise<ReadableMeasurement | undefined> {
      const [row] = await db
        .select({
          measurementId: measurements.measurementId,
          organizationId: measurements.organizationId,
          measurementName: measurements.measurementName,
          measurementUnit: measurements.measurementUnit,
          quantity: measurements.measurementQuantity,
        })
        .from(measurements)
        .where(
          and(
            eq(measurements.measurementId, measurementId),
            inScope(measurements.organizationId, scope),
            quantityGranted,
          ),
        );
      return row;
    },

    /** Which of the ids are targets the scope sees. */
    async visibleTargetIds(scope: Scope, targetIds: string[]): Promise<string[]> {
      if (targetIds.length === 0) return [];
      const rows = await db
        .select({ id: targets.targetId })
        .from(targets)
        .where(
          and(inArray(targets.targetId, targetIds), targetVisible(db, targets.targetId, scope)),
        );
      return rows.map((row) => row.id);
    },

    /** Which of the ids are devices the scope sees, with their target. */
    async visibleDevices(scope: Scope, deviceIds: string[]) {
      if (deviceIds.length === 0) return [];
      return db
        .select({ deviceId: devices.deviceId, targetId: devices.deviceTargetId })
        .from(devices)
        .where(
          and(
            inArray(devices.deviceId, deviceIds),
            inScope(devices.organizationId, scope),
            targetVisible(db, devices.deviceTargetId, scope),
          ),
        );
    },

    /**
     * Devices the scope sees whose type carries the measurement, on the targets and among the
     * devices given (none given: no restriction), by target name and device name.
     */
    async devicesWith(
      scope: Scope,
      measurementId: string,
      filter: { targetIds?: string[] | undefined; deviceIds?: string[] | undefined },
    ): Promise<SensorDevice[]> {
      return db
        .select({
          deviceId: devices.deviceId,
          deviceName: devices.deviceName,
          targetId: devices.deviceTargetId,
          targetName: targets.targetName,
          deviceLocation: devices.deviceLocation,
        })
        .from(devices)
        .innerJoin(targets, eq(targets.targetId, devices.deviceTargetId))
        .innerJoin(
          deviceTypeMeasurements,
          and(
            eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId),
            eq(deviceTypeMeasurements.measurementId, measurementId),
          ),
        )
        .where(
          and(
            inScope(devices.organizationId, scope),
            targetVisible(db, devices.deviceTargetId, scope),
            filter.targetIds?.length
              ? inArray(devices.deviceTargetId, filter.targetIds)
              : undefined,
            filter.deviceIds?.length ? inArray(devices.deviceId, filter.deviceIds) : undefined,
          ),
        )
        .orderBy(asc(targets.targetName), asc(devices.deviceName), asc(devices.deviceId));
    },

    /**
     * The measurements that devices on the targets (none given: every target the scope sees)
     * carry, leaving out those whose quantity the organization's applications do not allow.
     */
    async measurementsOfTargets(
      scope: Scope,
      targetIds: string[] | undefined,
    ): Promise<TargetMeasurementOption[]> {
      const rows = await db
        .selectDistinct({
          measurementID: measurements.measurementId,
          measurementName: measurements.measurementName,
          measurementUnit: measurements.measurementUnit,
          quantity: measurements.measurementQuantity,
        })
        .from(devices)
        .innerJoin(
          deviceTypeMeasurements,
          eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId),
        )
        .innerJoin(
          measurements,
          eq(measurements.measurementId, deviceTypeMeasurements.measurementId),
        )
        .where(
          and(
            inScope(devices.organizationId, scope),
            targetVisible(db, devices.deviceTargetId, scope),
            targetIds?.length ? inArray(devices.deviceTargetId, targetIds) : undefined,
            quantityGranted,
          ),
        )
        .orderBy(asc(measurements.measurementName), asc(measurements.measurementId));
      return rows;
    },

    /**
     * Per device: min, max, avg (3 decimals), count and the latest value of the Finnish days
     * sd…ed, from the daily rollup. Devices without data in the range are left out.
     */
    async summaryOfDays(
      scope: Scope,
      deviceIds: string[],
      measurementId: string,
      days: { sd: string; ed: string },
    ): Promise<DeviceSummary[]> {
      if (deviceIds.length === 0) return [];
      const d = measurementDaily;
      return db
        .select({
          deviceId: d.deviceId,
          minValue: sql<number>`${round3(sql`min(${d.minValue})`)}`.mapWith(Number),
          maxValue: sql<number>`${round3(sql`max(${d.maxValue})`)}`.mapWith(Number),
          avgValue: sql<number>`${round3(sql`sum(${d.sumValue}) / sum(${d.count})`)}`.mapWith(
            Number,
          ),
          count: sql<number>`sum(${d.count})::int`.mapWith(Number),
          lastAt: sql<Date>`max(${d.lastAt})`.mapWith(toDate),
          lastValue: sql<number>`${round3(
            sql`(array_agg(${d.lastValue} order by ${d.lastAt} desc))[1]`,
          )}`.mapWith(Number),
        })
        .from(d)
        .where(
          and(
            inArray(d.deviceId, deviceIds),
            eq(d.measurementId, measurementId),
            gte(d.day, days.sd),
            lte(d.day, days.ed),
            inScope(d.organizationId, scope),
            deviceVisible(d.deviceId, scope),
          ),
        )
        .groupBy(d.deviceId);
    },

    /** How many readings of the measurement the device has in the Finnish days sd…ed. */
    async countOfDays(
      scope: Scope,
      deviceId: string,
      measurementId: string,
      days: { sd: string; ed: string },
    ): Promise<number> {
      const d = measurementDaily;
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${d.count}), 0)::int`.mapWith(Number) })
        .from(d)
        .where(
          and(
            eq(d.deviceId, deviceId),
            eq(d.measurementId, measurementId),
            gte(d.day, days.sd),
            lte(d.day, days.ed),
            inScope(d.organizationId, scope),
            deviceVisible(d.deviceId, scope),
          ),
        );
      return row?.n ?? 0;
    },

    /** The device's readings of the measurement in [from, to), in time order, at most `limit`. */
    async rawPoints(
      scope: Scope,
      deviceId: string,
      measurementId: string,
      from: Date,
      to: Date,
      limit: number,
    ): Promise<Point[]> {
      const m = measurementData;
      return db
        .select({
          at: m.createdAt,
          value: sql<number>`(${m.data} ->> ${measurementId})::float8`.mapWith(Number),
        })
        .from(m)
        .where(
          and(
            eq(m.deviceId, deviceId),
            gte(m.createdAt, from),
            lt(m.createdAt, to),
            sql`${m.data} ? ${measurementId}`,
            inScope(m.organizationId, scope),
            deviceVisible(m.deviceId, scope),
          ),
        )
        .orderBy(asc(m.createdAt), asc(m.id))
        .limit(limit);
    },

    /**
     * Per UTC hour of [from, to) with readings, from the hourly rollup: the mean (3 decimals) at
     * the hour's start and the lowest and highest value. In time order.
     */
    async hourlyBuckets(
      scope: Scope,
      deviceId: string,
      measurementId: string,
      from: Date,
      to: Date,
    ): Promise<Bucket[]> {
      const h = measurementHourly;
      return rollupBuckets(h, h.hour, scope, deviceId, measurementId, [
        gte(h.hour, from),
        lt(h.hour, to),
      ]);
    },

    /**
     * Per Finnish day sd…ed with readings, from the daily rollup: the mean (3 decimals) at the
     * day's start (00:00 Europe/Helsinki) and the lowest and highest value. In time order.
     */
    async dailyBuckets(
      scope: Scope,
      deviceId: string,
      measurementId: string,
      days: { sd: string; ed: string },
    ): Promise<Bucket[]> {
      const d = measurementDaily;
      const start = sql<Date>`(${d.day}::timestamp at time zone ${TIME_ZONE})`.mapWith(toDate);
      return rollupBuckets(d, start, scope, deviceId, measurementId, [
        gte(d.day, days.sd),
        lte(d.day, days.ed),
      ]);
    },

    /**
     * The same per bucket of `bucketSeconds` from `from`, from the raw rows: a short range with
     * more readings than the chart has room for.
     */
    async rawBuckets(
      scope: Scope,
      deviceId: string,
      measurementId: string,
      from: Date,
      to: Date,
      bucketSeconds: number,
    ): Promise<Bucket[]> {
      const m = measurementData;
      const visible = and(inScope(m.organizationId, scope), deviceVisible(m.deviceId, scope));
      const rows = await execute<Record<string, unknown>>(sql`
        select bucket, ${round3(sql`avg(value)`)} as mean, min(value) as min, max(value) as max
        from (
          select (${m.data} ->> ${measurementId})::float8 as value,
            floor(extract(epoch from ${m.createdAt} - ${iso(from)}) / ${bucketSeconds}) as bucket
          from ${m}
          where ${m.deviceId} = ${deviceId} and ${m.createdAt} >= ${iso(from)} and ${m.createdAt} < ${iso(to)}
            and ${m.data} ? ${measurementId} and ${visible}
        ) readings
        group by bucket
        order by bucket`);
      return rows.map((row) => ({
        at: new Date(from.getTime() + Number(row.bucket) * bucketSeconds * 1000),
        mean: Number(row.mean),
        min: Number(row.min),
        max: Number(row.max),
      }));
    },

    /**
     * The device's alarms of the measurement, and its offline alarms (no measurement: a gap in
     * every chart), that were open at some time in [from, to).
     */
    async alarmsOf(scope: Scope, deviceId: string, measurementId: string, from: Date, to: Date) {
      return db
        .select({
          id: alarms.id,
          createdAt: alarms.createdAt,
          closedAt: alarms.closedAt,
          alarmBreakThrough: alarms.alarmBreakThrough,
          value: alarms.value,
        })
        .from(alarms)
        .where(
          and(
            eq(alarms.deviceId, deviceId),
            // Battery and frame-counter alarms are the device's, no gap in a measurement's chart.
            or(
              eq(alarms.measurementId, measurementId),
              and(isNull(alarms.measurementId), eq(alarms.alarmBreakThrough, 'offline')),
            ),
            lt(alarms.createdAt, to),
            or(isNull(alarms.closedAt), gte(alarms.closedAt, from)),
            inScope(alarms.organizationId, scope),
            deviceVisible(alarms.deviceId, scope),
          ),
        )
        .orderBy(asc(alarms.createdAt), asc(alarms.id))
        .limit(1000);
    },

    /**
     * One keyset page of a device's raw readings in [from, to): after the (time, id) cursor,
     * in (createdAt, id) order, at most `limit` rows.
     */
    async rawPage(
      scope: Scope,
      deviceId: string,
      measurementId: string,
      from: Date,
      to: Date,
      after: { cursorAt: string; id: string } | null,
      limit: number,
    ): Promise<RawRow[]> {
      const m = measurementData;
      return db
        .select({
          createdAt: m.createdAt,
          cursorAt: sql<string>`${m.createdAt}::text`,
          id: m.id,
          deviceId: m.deviceId,
          value: sql<number>`(${m.data} ->> ${measurementId})::float8`.mapWith(Number),
        })
        .from(m)
        .where(
          and(
            eq(m.deviceId, deviceId),
            gte(m.createdAt, from),
            lt(m.createdAt, to),
            after
              ? sql`(${m.createdAt}, ${m.id}) > (${after.cursorAt}::timestamptz, ${after.id}::uuid)`
              : undefined,
            sql`${m.data} ? ${measurementId}`,
            inScope(m.organizationId, scope),
            deviceVisible(m.deviceId, scope),
          ),
        )
        .orderBy(asc(m.createdAt), asc(m.id))
        .limit(limit);
    },
  };
}

export type SensorDataRepository = ReturnType<typeof createSensorDataRepository>;
