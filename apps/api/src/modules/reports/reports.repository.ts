import {
  CLASSIFIED_QUANTITIES,
  type ClassBand,
  type ClassifiedQuantity,
  INDOOR_CLIMATE_CLASS_BANDS,
  TIME_ZONE,
} from '@vahti/domain';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  alarmEvents,
  alarms,
  devices,
  measurementDaily,
  measurementData,
  measurementHourly,
  measurements,
  organizations,
  targets,
} from '../../db/schema/index.js';
import { inScope, type Scope, targetVisible } from '../../lib/scope.js';
import type { OccupiedHours } from './report-model.js';

/** The devices, measurement and period a report reads ([from, to)). */
export interface ReportSelection {
  deviceIds: readonly string[];
  measurementId: string;
  from: Date;
  to: Date;
}

/** Rows of the alarm table at most; the counts cover every alarm of the period. */
export const REPORT_ALARM_ROWS = 200;
/** The highest device-hours read, of which the first page lists one a device and day. */
export const REPORT_WORST_HOURS = 60;

export interface ClassShareRow {
  deviceId: string;
  count: number;
  S1: number;
  S2: number;
  S3: number;
}

/**
 * What the report reads beside the sensor-data service: the measurement's quantity, the
 * organization's name, its temperature and CO2 measurements, and the occupied-time counts per
 * Sisäilmastoluokitus class. Read-only; every read is kept to the scope.
 */
export function createReportsRepository(db: Db) {
  /** `value` within the class band (bounds inclusive), as SQL. */
  function inBand(value: SQL, band: ClassBand): SQL {
    const parts: SQL[] = [];
    if (band.min !== undefined) parts.push(sql`${value} >= ${band.min}`);
    if (band.max !== undefined) parts.push(sql`${value} <= ${band.max}`);
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  }

  /** The ids among `ids` of devices on targets the scope sees, as a condition on `column`. */
  function visibleDevices(scope: Scope, column: AnyPgColumn, ids: readonly string[]): SQL {
    return and(
      inArray(column, [...ids]),
      inArray(
        column,
        db
          .select({ id: devices.deviceId })
          .from(devices)
          .where(targetVisible(db, devices.deviceTargetId, scope)),
      ),
    ) as SQL;
  }

  return {
    /** The organization's name and its logo's object name (null: none). */
    async organization(scope: Scope, organizationId: string) {
      const [row] = await db
        .select({ name: organizations.organizationName, logo: organizations.organizationLogo })
        .from(organizations)
        .where(
          and(
            eq(organizations.organizationId, organizationId),
            inScope(organizations.organizationId, scope),
          ),
        )
        .limit(1);
      return row;
    },

    /** The organization's active measurements the report classifies (temperature, CO2). */
    classifiedMeasurements(scope: Scope, organizationId: string) {
      return db
        .select({
          measurementId: measurements.measurementId,
          measurementName: measurements.measurementName,
          measurementUnit: measurements.measurementUnit,
          quantity: measurements.measurementQuantity,
        })
        .from(measurements)
        .where(
          and(
            eq(measurements.organizationId, organizationId),
            inScope(measurements.organizationId, scope),
            inArray(measurements.measurementQuantity, [...CLASSIFIED_QUANTITIES]),
            eq(measurements.measurementState, 'Aktiivinen'),
          ),
        )
        .orderBy(asc(measurements.measurementQuantity), asc(measurements.measurementName));
    },

    /**
     * Per device, the readings of the measurement in the occupied time of [from, to) (weekdays
     * and hours in Finnish time) and how many of them meet each class. Devices the scope does
     * not see count nothing.
     */
    async occupiedClassCounts(
      scope: Scope,
      q: {
        deviceIds: readonly string[];
        measurementId: string;
        quantity: ClassifiedQuantity;
        from: Date;
        to: Date;
        occupied: OccupiedHours;
      },
    ): Promise<ClassShareRow[]> {
      if (q.deviceIds.length === 0 || q.occupied.days.length === 0) return [];
      const bands = INDOOR_CLIMATE_CLASS_BANDS[q.quantity];
      const value = sql`(${measurementData.data} ->> ${q.measurementId})::double precision`;
      const local = sql`(${measurementData.createdAt} at time zone ${TIME_ZONE})`;
      const count = (band: ClassBand) =>
        sql<number>`(count(*) filter (where ${inBand(value, band)}))::int`;
      return db
        .select({
          deviceId: measurementData.deviceId,
          count: sql<number>`count(*)::int`,
          S1: count(bands.S1),
          S2: count(bands.S2),
          S3: count(bands.S3),
        })
        .from(measurementData)
        .where(
          and(
            inScope(measurementData.organizationId, scope),
            visibleDevices(scope, measurementData.deviceId, q.deviceIds),
            sql`${measurementData.createdAt} >= ${q.from.toISOString()}`,
            sql`${measurementData.createdAt} < ${q.to.toISOString()}`,
            sql`${measurementData.data} ->> ${q.measurementId} is not null`,
            sql`extract(isodow from ${local})::int in (${sql.join(
              q.occupied.days.map((d) => sql`${d}`),
              sql`, `,
            )})`,
            sql`extract(hour from ${local})::int >= ${q.occupied.startHour}`,
            sql`extract(hour from ${local})::int < ${q.occupied.endHour}`,
          ),
        )
        .groupBy(measurementData.deviceId);
    },

    /** The targets of these ids the scope sees, with their addresses, by name. */
    targets(scope: Scope, targetIds: readonly string[]) {
      if (targetIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          targetId: targets.targetId,
          name: targets.targetName,
          address: targets.targetAddress,
          zipCode: targets.targetZipCode,
          postalDistrict: targets.targetPostalDistrict,
        })
        .from(targets)
        .where(
          and(
            inArray(targets.targetId, [...targetIds]),
            targetVisible(db, targets.targetId, scope),
          ),
        )
        .orderBy(asc(targets.targetName));
    },

    /**
     * The alarms of the devices opened in [from, to): the measurement's and the devices' own
     * (offline, battery, frame counter), newest first, at most REPORT_ALARM_ROWS; with the count
     * of each kind over all of them. Who acknowledged: the latest acknowledgement's name.
     */
    async alarms(scope: Scope, q: ReportSelection) {
      if (q.deviceIds.length === 0) return { rows: [], counts: [] };
      const where = and(
        inScope(alarms.organizationId, scope),
        visibleDevices(scope, alarms.deviceId, q.deviceIds),
        or(eq(alarms.measurementId, q.measurementId), isNull(alarms.measurementId)),
        sql`${alarms.createdAt} >= ${q.from.toISOString()}`,
        sql`${alarms.createdAt} < ${q.to.toISOString()}`,
      );
      const [rows, counts] = await Promise.all([
        db
          .select({
            id: alarms.id,
            deviceId: alarms.deviceId,
            kind: alarms.alarmBreakThrough,
            state: alarms.state,
            createdAt: alarms.createdAt,
            closedAt: alarms.closedAt,
          })
          .from(alarms)
          .where(where)
          .orderBy(desc(alarms.createdAt))
          .limit(REPORT_ALARM_ROWS),
        db
          .select({ kind: alarms.alarmBreakThrough, count: sql<number>`count(*)::int` })
          .from(alarms)
          .where(where)
          .groupBy(alarms.alarmBreakThrough),
      ]);
      const acknowledged = rows.filter((r) => r.state === 1).map((r) => r.id);
      const acks =
        acknowledged.length === 0
          ? []
          : await db
              .selectDistinctOn([alarmEvents.alarmId], {
                alarmId: alarmEvents.alarmId,
                fullName: alarmEvents.fullName,
              })
              .from(alarmEvents)
              .where(
                and(
                  inScope(alarmEvents.organizationId, scope),
                  inArray(alarmEvents.alarmId, acknowledged),
                  eq(alarmEvents.kind, 'acknowledged'),
                ),
              )
              .orderBy(
                asc(alarmEvents.alarmId),
                desc(alarmEvents.createdAt),
                desc(alarmEvents.serial),
              );
      const by = new Map(acks.map((a) => [a.alarmId, a.fullName]));
      return {
        rows: rows.map(({ id, state, ...row }) => ({
          ...row,
          acknowledgedBy: state === 1 ? (by.get(id) ?? '') : null,
        })),
        counts,
      };
    },

    /**
     * From the hourly rollups of [from, to): how many device-hours had a mean above the limit
     * (`limits` by device; none: not counted), and the REPORT_WORST_HOURS highest hours.
     */
    async hourHighlights(scope: Scope, q: ReportSelection & { limits: Map<string, number> }) {
      if (q.deviceIds.length === 0) return { hoursOver: 0, worst: [] };
      const where = and(
        inScope(measurementHourly.organizationId, scope),
        visibleDevices(scope, measurementHourly.deviceId, q.deviceIds),
        eq(measurementHourly.measurementId, q.measurementId),
        sql`${measurementHourly.hour} >= ${q.from.toISOString()}`,
        sql`${measurementHourly.hour} < ${q.to.toISOString()}`,
      );
      const over = [...q.limits].map(
        ([deviceId, limit]) =>
          sql`(${measurementHourly.deviceId} = ${deviceId} and ${measurementHourly.sumValue} > ${limit} * ${measurementHourly.count})`,
      );
      const [[counted], worst] = await Promise.all([
        over.length === 0
          ? Promise.resolve([{ hoursOver: 0 }])
          : db
              .select({ hoursOver: sql<number>`count(*)::int` })
              .from(measurementHourly)
              .where(and(where, or(...over))),
        db
          .select({
            deviceId: measurementHourly.deviceId,
            at: measurementHourly.maxAt,
            value: measurementHourly.maxValue,
          })
          .from(measurementHourly)
          .where(where)
          .orderBy(desc(measurementHourly.maxValue), asc(measurementHourly.maxAt))
          .limit(REPORT_WORST_HOURS),
      ]);
      return { hoursOver: counted?.hoursOver ?? 0, worst };
    },

    /** Per device and Finnish day of [from, to): the mean and the highest value, by day. */
    daily(scope: Scope, q: ReportSelection) {
      if (q.deviceIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          deviceId: measurementDaily.deviceId,
          day: measurementDaily.day,
          mean: sql<number>`${measurementDaily.sumValue} / ${measurementDaily.count}`,
          max: measurementDaily.maxValue,
        })
        .from(measurementDaily)
        .where(
          and(
            inScope(measurementDaily.organizationId, scope),
            visibleDevices(scope, measurementDaily.deviceId, q.deviceIds),
            eq(measurementDaily.measurementId, q.measurementId),
            sql`${measurementDaily.day} >= (${q.from.toISOString()}::timestamptz at time zone ${TIME_ZONE})::date`,
            sql`${measurementDaily.day} < (${q.to.toISOString()}::timestamptz at time zone ${TIME_ZONE})::date`,
          ),
        )
        .orderBy(asc(measurementDaily.deviceId), asc(measurementDaily.day));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
