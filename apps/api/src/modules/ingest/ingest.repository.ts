import type { RejectedUplinkRecord, RejectReason } from '@vahti/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  devices,
  deviceTypeMeasurements,
  measurementData,
  measurements,
  rejectedUplinks,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

export interface ReadingRow {
  organizationId: string;
  deviceId: string;
  createdAt: Date;
  receivedAt: Date;
  fCnt: number | null;
  dedupKey: string;
  data: Record<string, number>;
}

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters (7 a row). */
const INSERT_CHUNK = 1000;

/** Measurement data, the devices uplinks name, their types' layouts, and rejected uplinks. */
export function createIngestRepository(db: Db) {
  return {
    /** Devices of the scope by DevEUI (upper-case hex), with their type. */
    async devicesByEui(scope: Scope, euis: string[]) {
      if (euis.length === 0) return [];
      return db
        .select({
          deviceId: devices.deviceId,
          deviceEui: devices.deviceEui,
          deviceTypeId: devices.deviceTypeId,
          organizationId: devices.organizationId,
        })
        .from(devices)
        .where(and(inArray(devices.deviceEui, euis), inScope(devices.organizationId, scope)));
    },

    /** A device type's measurements in payload order, with their decoding settings. */
    async typeMeasurements(scope: Scope, deviceTypeId: string) {
      return db
        .select({
          measurementId: measurements.measurementId,
          measurementName: measurements.measurementName,
          measurementType: measurements.measurementType,
          measurementSizeInBytes: measurements.measurementSizeInBytes,
          measurementBitNumber: measurements.measurementBitNumber,
          signed: measurements.measurementSigned,
          scale: measurements.measurementScale,
          valueOffset: measurements.measurementOffset,
          byteOrder: measurements.measurementByteOrder,
        })
        .from(deviceTypeMeasurements)
        .innerJoin(
          measurements,
          eq(measurements.measurementId, deviceTypeMeasurements.measurementId),
        )
        .where(
          and(
            eq(deviceTypeMeasurements.deviceTypeId, deviceTypeId),
            inScope(measurements.organizationId, scope),
          ),
        )
        .orderBy(asc(deviceTypeMeasurements.position));
    },

    /**
     * Inserts the readings, skipping any whose (device, dedupKey) is already stored; returns the
     * rows actually inserted (a replay returns nothing).
     */
    async insertReadings(scope: Scope, rows: ReadingRow[]): Promise<ReadingRow[]> {
      const inserted: ReadingRow[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        for (const row of chunk) assertWithin(scope, row.organizationId);
        const stored = await db
          .insert(measurementData)
          .values(chunk)
          .onConflictDoNothing({ target: [measurementData.deviceId, measurementData.dedupKey] })
          .returning({
            organizationId: measurementData.organizationId,
            deviceId: measurementData.deviceId,
            createdAt: measurementData.createdAt,
            receivedAt: measurementData.receivedAt,
            fCnt: measurementData.fCnt,
            dedupKey: measurementData.dedupKey,
            data: measurementData.data,
          });
        inserted.push(...stored);
      }
      return inserted;
    },

    async insertRejected(
      scope: Scope,
      row: {
        organizationId: string;
        source: string;
        reason: RejectReason;
        deviceEui: string | null;
        body: string;
        bodyBytes: number;
      },
    ) {
      assertWithin(scope, row.organizationId);
      await db.insert(rejectedUplinks).values(row);
    },

    async listRejected(scope: Scope, limit: number): Promise<RejectedUplinkRecord[]> {
      const rows = await db
        .select({
          id: rejectedUplinks.id,
          organizationId: rejectedUplinks.organizationId,
          source: rejectedUplinks.source,
          reason: rejectedUplinks.reason,
          deviceEui: rejectedUplinks.deviceEui,
          receivedAt: rejectedUplinks.receivedAt,
          body: rejectedUplinks.body,
        })
        .from(rejectedUplinks)
        .where(inScope(rejectedUplinks.organizationId, scope))
        .orderBy(desc(rejectedUplinks.receivedAt), desc(rejectedUplinks.id))
        .limit(limit);
      return rows.map((row) => ({
        ...row,
        reason: row.reason as RejectReason,
        receivedAt: row.receivedAt.toISOString(),
      }));
    },

    /** How many readings a device has (tests and the benchmark). */
    async countReadings(scope: Scope, deviceId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(measurementData)
        .where(
          and(
            eq(measurementData.deviceId, deviceId),
            inScope(measurementData.organizationId, scope),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
