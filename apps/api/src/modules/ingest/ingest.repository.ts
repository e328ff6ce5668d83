import type { RejectedUplinkRecord, RejectReason } from '@vahti/domain';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type Db, toDate } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { rollupCtes } from '../../db/rollup.js';
import {
  devices,
  deviceTypeMeasurements,
  deviceTypes,
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
  /**
   * The uplink carried no time, so `createdAt` is when it arrived: a replay would arrive at
   * another time, so the insert first takes the time of a stored reading with the same dedupKey.
   */
  untimed?: boolean;
}

/** An uplink that could not be stored, kept with its reason and (the start of) its body. */
export interface RejectedRow {
  organizationId: string;
  source: string;
  reason: RejectReason;
  deviceEui: string | null;
  /** The measurement or body field the reason names, when it names one. */
  field?: string | null;
  /** What a codec said, or where a frame failed. */
  detail?: string | null;
  body: string;
  bodyBytes: number;
}

/**
 * Rows per INSERT statement. They are bound as seven arrays, so PostgreSQL's 65,535 parameters
 * no longer limit it; 1,000 measured no slower than 250 or 5,000 (docs/performance.md).
 */
const INSERT_CHUNK = 1000;
/** Device ids per last-seen query: one bind parameter each. */
const LOOKUP_CHUNK = 1000;

/** What an uplink needs of its device. */
const deviceColumns = {
  deviceId: devices.deviceId,
  deviceEui: devices.deviceEui,
  deviceTypeId: devices.deviceTypeId,
  organizationId: devices.organizationId,
};

/** Measurement data, the devices uplinks name, their types' layouts, and rejected uplinks. */
export function createIngestRepository(db: Db) {
  /**
   * Devices by DevEUI (an array bound as one parameter), in every organization or in one: every
   * batch of uplinks asks, so the query is built and prepared once (issue 30).
   */
  const byEui = (inOrganization: boolean) =>
    db
      .select(deviceColumns)
      .from(devices)
      .where(
        and(
          sql`${devices.deviceEui} = any(${sql.placeholder('euis')}::text[])`,
          inOrganization
            ? eq(devices.organizationId, sql.placeholder('organizationId'))
            : undefined,
        ),
      );
  const devicesEverywhere = preparedQuery('ingest_devices_by_eui', () => byEui(false));
  const devicesInOrganization = preparedQuery('ingest_devices_by_eui_in_organization', () =>
    byEui(true),
  );

  return {
    /** Devices of the scope by DevEUI (upper-case hex), with their type. */
    async devicesByEui(scope: Scope, euis: string[]) {
      if (euis.length === 0) return [];
      return scope.organizationId === null
        ? devicesEverywhere({ euis })
        : devicesInOrganization({ euis, organizationId: scope.organizationId });
    },

    /**
     * Devices of the scope whose serial number or name, lower-cased, is among the names (The
     * Things Stack's device ids, which are lower-case): with both to tell which one matched.
     */
    async devicesByName(scope: Scope, names: string[]) {
      if (names.length === 0) return [];
      return db
        .select({
          ...deviceColumns,
          serialNumber: devices.deviceSerialNumber,
          name: devices.deviceName,
        })
        .from(devices)
        .where(
          and(
            inScope(devices.organizationId, scope),
            or(
              inArray(sql`lower(${devices.deviceSerialNumber})`, names),
              inArray(sql`lower(${devices.deviceName})`, names),
            ),
          ),
        );
    },

    /** A device type's measurements in payload order, with their decoding settings. */
    /** A device type's codec and its measurements in position order: what decoding needs. */
    async typeCodec(scope: Scope, deviceTypeId: string) {
      const [type] = await db
        .select({ codec: deviceTypes.deviceTypeCodec, updatedAt: deviceTypes.updatedAt })
        .from(deviceTypes)
        .where(
          and(
            eq(deviceTypes.deviceTypeId, deviceTypeId),
            inScope(deviceTypes.organizationId, scope),
          ),
        );
      const rows = await db
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
          measurementValidMin: measurements.measurementValidMin,
          measurementValidMax: measurements.measurementValidMax,
          decodedPath: deviceTypeMeasurements.decodedPath,
          decimals: deviceTypeMeasurements.decimals,
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
      return {
        codec: type?.codec ?? null,
        updatedAt: type ? toDate(type.updatedAt).getTime() : 0,
        rows,
      };
    },

    /**
     * Inserts the readings, skipping any whose (device, dedupKey, createdAt) is already stored;
     * returns the rows actually inserted (a replay returns nothing). Call it in a transaction.
     * The months' partitions must exist (src/db/partitions.ts).
     */
    async insertReadings(scope: Scope, rows: ReadingRow[]): Promise<ReadingRow[]> {
      const inserted: ReadingRow[] = [];
      // Every row is checked before anything is written.
      for (const row of rows) assertWithin(scope, row.organizationId);
      // The idempotency key holds the partition key (ADR 0025). An uplink without a time is
      // stored at its arrival, so its replay is found by (device, dedupKey) in every partition
      // — under a lock on that key until commit, so two deliveries at once cannot both miss it —
      // and takes the stored time: the insert below then skips it. Network servers send times;
      // this path is rare.
      for (const row of rows) {
        if (!row.untimed) continue;
        await db.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`${row.deviceId} ${row.dedupKey}`}, 0))`,
        );
        const [stored] = await db
          .select({ createdAt: measurementData.createdAt })
          .from(measurementData)
          .where(
            and(
              eq(measurementData.deviceId, row.deviceId),
              eq(measurementData.dedupKey, row.dedupKey),
              inScope(measurementData.organizationId, scope),
            ),
          )
          .limit(1);
        if (stored) row.createdAt = stored.createdAt;
      }
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        // The insert and the rollups of exactly the rows it stored (a replay stores none), in
        // one statement: no second round trip, no re-read (ADR 0020). The rows travel as seven
        // arrays, one bind parameter a column (ADR 0022): the same short SQL text whatever the
        // chunk's size, cheap to build and to parse, where a VALUES list had 7 a row.
        const column = <T>(pick: (row: ReadingRow) => T) => sql.param(chunk.map(pick));
        const result = (await db.execute(sql`
          with stored as (
            insert into measurement_data
              (organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data)
            select * from unnest(
              ${column((r) => r.organizationId)}::uuid[],
              ${column((r) => r.deviceId)}::uuid[],
              ${column((r) => r.createdAt.toISOString())}::timestamptz[],
              ${column((r) => r.receivedAt.toISOString())}::timestamptz[],
              ${column((r) => r.fCnt)}::bigint[],
              ${column((r) => r.dedupKey)}::text[],
              ${column((r) => JSON.stringify(r.data))}::jsonb[])
            on conflict (device_id, dedup_key, created_at) do nothing
            returning id, organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data
          ),
          ${rollupCtes(sql`stored m`)}
          select organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data
          from stored`)) as unknown as { rows: Record<string, unknown>[] };
        const stored = result.rows.map(
          (row): ReadingRow => ({
            organizationId: String(row.organization_id),
            deviceId: String(row.device_id),
            createdAt: toDate(row.created_at),
            receivedAt: toDate(row.received_at),
            fCnt: row.f_cnt === null || row.f_cnt === undefined ? null : Number(row.f_cnt),
            dedupKey: String(row.dedup_key),
            data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<
              string,
              number
            >,
          }),
        );
        inserted.push(...stored);
      }
      return inserted;
    },

    async insertRejected(scope: Scope, rows: RejectedRow[]) {
      if (rows.length === 0) return;
      for (const row of rows) assertWithin(scope, row.organizationId);
      await db.insert(rejectedUplinks).values(rows);
    },

    async listRejected(scope: Scope, limit: number): Promise<RejectedUplinkRecord[]> {
      const rows = await db
        .select({
          id: rejectedUplinks.id,
          organizationId: rejectedUplinks.organizationId,
          source: rejectedUplinks.source,
          reason: rejectedUplinks.reason,
          deviceEui: rejectedUplinks.deviceEui,
          field: rejectedUplinks.field,
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

    /**
     * Per device of the scope's organization: the newest stored uplink by measurement time and
     * when it arrived (the Vainu dashboard's "last seen"); a device without data is absent. A
     * lateral LIMIT 1 per device walks the (deviceId, createdAt) index backwards: one probe per
     * device, never a scan of its data.
     */
    async lastSeenOf(scope: Scope, deviceIds: readonly string[]) {
      const found: { deviceId: string; createdAt: Date; receivedAt: Date }[] = [];
      for (let i = 0; i < deviceIds.length; i += LOOKUP_CHUNK) {
        const newest = db
          .select({
            createdAt: measurementData.createdAt,
            receivedAt: measurementData.receivedAt,
          })
          .from(measurementData)
          .where(
            and(
              eq(measurementData.deviceId, devices.deviceId),
              inScope(measurementData.organizationId, scope),
            ),
          )
          .orderBy(desc(measurementData.createdAt))
          .limit(1)
          .as('newest');
        const rows = await db
          .select({
            deviceId: devices.deviceId,
            createdAt: newest.createdAt,
            receivedAt: newest.receivedAt,
          })
          .from(devices)
          .innerJoinLateral(newest, sql`true`)
          .where(
            and(
              inArray(devices.deviceId, deviceIds.slice(i, i + LOOKUP_CHUNK)),
              inScope(devices.organizationId, scope),
            ),
          );
        found.push(...rows);
      }
      return found;
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
