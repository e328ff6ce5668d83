import {
  CLASSIFIED_QUANTITIES,
  type ClassBand,
  type ClassifiedQuantity,
  INDOOR_CLIMATE_CLASS_BANDS,
  TIME_ZONE,
} from '@vahti/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, measurementData, measurements, organizations } from '../../db/schema/index.js';
import { inScope, type Scope, targetVisible } from '../../lib/scope.js';
import type { OccupiedHours } from './report-model.js';

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

  return {
    async organizationName(scope: Scope, organizationId: string) {
      const [row] = await db
        .select({ name: organizations.organizationName })
        .from(organizations)
        .where(
          and(
            eq(organizations.organizationId, organizationId),
            inScope(organizations.organizationId, scope),
          ),
        )
        .limit(1);
      return row?.name;
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
            inArray(measurementData.deviceId, [...q.deviceIds]),
            inScope(measurementData.organizationId, scope),
            inArray(
              measurementData.deviceId,
              db
                .select({ id: devices.deviceId })
                .from(devices)
                .where(targetVisible(db, devices.deviceTargetId, scope)),
            ),
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
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
