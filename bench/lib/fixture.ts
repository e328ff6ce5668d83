import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Db } from '../../apps/api/src/db/client.js';
import { createMeasurementPartitions } from '../../apps/api/src/db/partitions.js';
import { rollUpReadings } from '../../apps/api/src/db/rollup.js';
import {
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  ingestKeys,
  measurementData,
  measurements,
  organizations,
  targets,
} from '../../apps/api/src/db/schema/index.js';
import {
  ingestKeyHash,
  ingestKeyShown,
  newIngestKey,
} from '../../apps/api/src/modules/ingest/ingest-keys.service.js';

/**
 * What the benchmarks add to the demo data (bench/lib/database.ts): targets, device types,
 * devices and generated readings in the demo organization, the readings rolled up as the ingest
 * would (ADR 0020). Each benchmark names its own rows; this is how they are written.
 */

/** The id of the demo organization, Demo Kiinteistöt Oy. */
export async function demoOrganization(db: Db): Promise<string> {
  const [org] = await db
    .select({ id: organizations.organizationId })
    .from(organizations)
    .where(eq(organizations.organizationName, 'Demo Kiinteistöt Oy'));
  if (!org) throw new Error('demo organization missing');
  return org.id;
}

/** The ids of the organization's measurements of these names, in the same order. */
export async function measurementIds<const Names extends readonly string[]>(
  db: Db,
  organizationId: string,
  names: Names,
): Promise<{ [K in keyof Names]: string }> {
  const rows = await db
    .select({ id: measurements.measurementId, name: measurements.measurementName })
    .from(measurements)
    .where(
      and(
        eq(measurements.organizationId, organizationId),
        inArray(measurements.measurementName, [...names]),
      ),
    );
  return names.map((name) => {
    const row = rows.find((m) => m.name === name);
    if (!row) throw new Error(`no measurement ${name}`);
    return row.id;
  }) as { [K in keyof Names]: string };
}

/**
 * The demo organization's indoor-air catalogue the report benchmarks use: its CO2, temperature
 * and humidity measurements and the 'Sisäilma CO2' type that carries them.
 */
export async function indoorAirCatalogue(db: Db) {
  const organizationId = await demoOrganization(db);
  const [co2, temperature, humidity] = await measurementIds(db, organizationId, [
    'CO2',
    'Lämpötila',
    'Kosteus',
  ]);
  const typeId = await deviceTypeId(db, organizationId, 'Sisäilma CO2');
  return { organizationId, co2, temperature, humidity, typeId };
}

/** The id of the organization's device type of this name. */
export async function deviceTypeId(db: Db, organizationId: string, name: string) {
  const [type] = await db
    .select({ id: deviceTypes.deviceTypeId })
    .from(deviceTypes)
    .where(
      and(eq(deviceTypes.organizationId, organizationId), eq(deviceTypes.deviceTypeName, name)),
    );
  if (!type) throw new Error(`no device type ${name}`);
  return type.id;
}

/** A new device type with these measurements, in payload order. */
export async function addDeviceType(
  db: Db,
  organizationId: string,
  name: string,
  measurementIds: readonly string[],
) {
  const [type] = await db
    .insert(deviceTypes)
    .values({ organizationId, deviceTypeName: name })
    .returning({ id: deviceTypes.deviceTypeId });
  if (!type) throw new Error('device type not stored');
  await db.insert(deviceTypeMeasurements).values(
    measurementIds.map((measurementId, position) => ({
      deviceTypeId: type.id,
      position,
      measurementId,
    })),
  );
  return type.id;
}

/**
 * A new target `name` at Penkkikatu `n`, 00100 Helsinki, a Kerrostalo with property id
 * 091-000-n and job number B-n; `fields` replace any of these.
 */
export async function addTarget(
  db: Db,
  organizationId: string,
  name: string,
  n: number,
  fields: Partial<typeof targets.$inferInsert> = {},
) {
  const [target] = await db
    .insert(targets)
    .values({
      organizationId,
      targetName: name,
      targetAddress: `Penkkikatu ${n}`,
      targetZipCode: '00100',
      targetPostalDistrict: 'Helsinki',
      targetType: 'Kerrostalo',
      targetPropertyId: `091-000-${n}`,
      targetJobNumber: `B-${n}`,
      ...fields,
    })
    .returning({ id: targets.targetId });
  if (!target) throw new Error('target not stored');
  return target.id;
}

/** Where a device goes: its organization, target and type. */
export interface DevicePlace {
  organizationId: string;
  targetId: string;
  typeId: string;
}

/**
 * A new device number `n` at `place`: BENCH-n, "Bench n", DevEUI BE00…0 + n, serial SN-n,
 * "Huone n", commissioned 2025-01-01, software 1, product B; `fields` replace any of these.
 */
export async function addDevice(
  db: Db,
  place: DevicePlace,
  n: number,
  fields: Partial<typeof devices.$inferInsert> = {},
) {
  const [device] = await db
    .insert(devices)
    .values({
      organizationId: place.organizationId,
      deviceTargetId: place.targetId,
      deviceTypeId: place.typeId,
      deviceQrCode: `BENCH-${n}`,
      deviceName: `Bench ${n}`,
      deviceEui: (0xbe00000000000000n + BigInt(n)).toString(16).toUpperCase(),
      deviceSerialNumber: `SN-${n}`,
      deviceComissioiningDay: '2025-01-01',
      deviceLocation: `Huone ${n}`,
      deviceLatitude: 60.2,
      deviceLongitude: 24.9,
      deviceSwVersion: '1',
      deviceProductCode: 'B',
      ...fields,
    })
    .returning({ id: devices.deviceId });
  if (!device) throw new Error('device not stored');
  return device.id;
}

/** The rows of one reading, as `reading(i)` of addReadings gives them. */
export interface Reading {
  createdAt: Date;
  dedupKey: string;
  data: Record<string, number>;
}

/** `count` readings of a device, `reading(i)` for i = 0…count-1, 2,000 to an insert; rolled up. */
export async function addReadings(
  db: Db,
  organizationId: string,
  deviceId: string,
  count: number,
  reading: (i: number) => Reading,
) {
  for (let from = 0; from < count; from += 2000) {
    const rows = Array.from({ length: Math.min(2000, count - from) }, (_, k) => ({
      organizationId,
      deviceId,
      ...reading(from + k),
    }));
    await db.insert(measurementData).values(rows);
  }
  await db.execute(rollUpReadings(sql`m.device_id = ${deviceId}`));
}

/**
 * Per device, a reading `every` (10 minutes unless told) of the Finnish days `sd`…`ed`, written by the database
 * (at `t` of a generate_series, `data` a jsonb expression of it, f_cnt 0, dedup key b:<epoch>);
 * then all rolled up in one statement.
 */
export async function addReadingSeries(
  db: Db,
  organizationId: string,
  deviceIds: string[],
  days: { sd: string; ed: string },
  data: SQL,
  every = '10 minutes',
) {
  await addPartitions(db, new Date(`${days.sd}T00:00:00Z`), new Date(`${days.ed}T23:59:59Z`));
  for (const id of deviceIds) {
    await db.execute(sql`
      insert into measurement_data (organization_id, device_id, created_at, f_cnt, dedup_key, data)
      select ${organizationId}::uuid, ${id}::uuid, t, 0, 'b:' || extract(epoch from t)::bigint,
        ${data}
      from generate_series((${days.sd}::date)::timestamp at time zone 'Europe/Helsinki',
        ((${days.ed}::date + 1)::timestamp at time zone 'Europe/Helsinki') - ${every}::interval,
        ${every}::interval) t`);
  }
  await db.execute(rollUpReadings(sql`m.device_id in ${deviceIds}`));
}

/**
 * The monthly partitions of measurement_data (ADR 0025) from a day before `from` to a day after
 * `to`: what the ingest creates on demand, for rows a benchmark writes by SQL.
 */
export async function addPartitions(db: Db, from: Date, to: Date) {
  const day = 86_400_000;
  const times: Date[] = [];
  for (let t = from.getTime() - day; t <= to.getTime() + day; t += day) times.push(new Date(t));
  await createMeasurementPartitions(db).ensure(times);
}

/**
 * Readings of these measurements at `t` (SQL) for addReadingSeries: measurement k swings daily
 * around 20 + 100·k by 3 + 10·k, plus noise up to 1 + k, to two decimals.
 */
export function dailySwing(measurementIds: readonly string[]): SQL {
  const values = measurementIds.map(
    (id, k) =>
      sql`${id}::text, round((${20 + k * 100} + ${3 + k * 10} * sin(extract(epoch from t) / 86400 * 2 * pi()) + random() * ${1 + k})::numeric, 2)`,
  );
  return sql`jsonb_build_object(${sql.join(values, sql`, `)})`;
}

/** A new ingest key `name` of the organization; returns the key as a network server sends it. */
export async function addIngestKey(db: Db, organizationId: string, name: string) {
  const key = newIngestKey();
  await db.insert(ingestKeys).values({
    organizationId,
    name,
    prefix: ingestKeyShown(key),
    keyHash: ingestKeyHash(key),
  });
  return key;
}

/** How many readings the organization has (the ingest benches count what was committed). */
export async function countReadings(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(measurementData)
    .where(eq(measurementData.organizationId, organizationId));
  return row?.n ?? 0;
}

/** A reading as the raw COPY baseline writes it (`receivedAt` defaults to `createdAt`). */
export interface CopiedReading {
  organizationId: string;
  deviceId: string;
  createdAt: Date;
  receivedAt?: Date;
  fCnt: number | null;
  dedupKey: string;
  data: Record<string, number>;
}

const COPY_READINGS =
  'copy measurement_data (organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data)';

/**
 * The ingest benches' baseline: a raw COPY of the readings (text format; no value needs
 * escaping), through pg-copy-streams on PostgreSQL and PGlite's /dev/blob. Their months'
 * partitions must exist (addPartitions).
 */
export async function copyReadings(database: Database, rows: readonly CopiedReading[]) {
  const text = rows
    .map(
      (r) =>
        `${r.organizationId}\t${r.deviceId}\t${r.createdAt.toISOString()}\t${(r.receivedAt ?? r.createdAt).toISOString()}\t${r.fCnt ?? '\\N'}\t${r.dedupKey}\t${JSON.stringify(r.data)}\n`,
    )
    .join('');
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.query(`${COPY_READINGS} from '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    await pipeline(Readable.from([text]), client.query(copyFrom(`${COPY_READINGS} from stdin`)));
  } finally {
    client.release();
  }
}

/**
 * ChirpStack v4's `up` event (integration JSON) as its HTTP integration posts it, with one
 * gateway's rxInfo: the body the benches time and keep. `data` is base64.
 */
export function chirpstackUpEvent(fields: {
  devEui: string;
  deviceProfileName: string;
  fPort: number;
  data: string;
}) {
  return {
    deduplicationId: '3ee0a2a4-0a4a-4b8d-9b1c-6a2f0e8f1c11',
    time: '2026-03-02T10:00:00.000000+00:00',
    deviceInfo: {
      tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
      tenantName: 'Vahti',
      applicationId: '2c0b5a3e-3f1e-4a59-8f0c-3c7d0f5e4b21',
      applicationName: 'Sisäilma',
      deviceProfileId: '9a6d1a1e-5b0b-4f0e-a9a4-1b1f0c3d2e11',
      deviceProfileName: fields.deviceProfileName,
      deviceName: 'Luokka 204',
      devEui: fields.devEui,
      tags: {},
    },
    devAddr: '01fe0c2a',
    adr: true,
    dr: 5,
    fCnt: 1234,
    fPort: fields.fPort,
    confirmed: false,
    data: fields.data,
    rxInfo: [
      {
        gatewayId: '0016c001ff10a2b3',
        uplinkId: 21987,
        rssi: -97,
        snr: 7.5,
        channel: 2,
        location: {},
        context: 'A1bXPw==',
        metadata: { region_config_id: 'eu868', region_common_name: 'EU868' },
        crcStatus: 'CRC_OK',
      },
    ],
    txInfo: {
      frequency: 868500000,
      modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
    },
  };
}
