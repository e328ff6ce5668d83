import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

// Ingestion (issue "Ingestion and alarms"): ingest keys that authenticate the network servers'
// webhooks, the measurement data they bring, and the uplinks that could not be stored.

/**
 * An organization's ingest key. Only the SHA-256 of the key is kept (256 random bits: nothing
 * to guess, and a fast hash keeps the per-uplink lookup cheap); `prefix` is the key's first
 * characters, shown in lists so an administrator can tell keys apart.
 */
export const ingestKeys = pgTable(
  'ingest_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ingest_keys_key_hash_key').on(t.keyHash),
    index('ingest_keys_organization_idx').on(t.organizationId),
  ],
);

/**
 * Measurement data (spec 001 §3: "createdAt, data keyed by measurement id"): one narrow row per
 * uplink and device. `createdAt` is when the device measured (the uplink's time), `receivedAt`
 * when it arrived here. Idempotent: `dedupKey` (ChirpStack's deduplicationId, else
 * "<fCnt>:<time>") is unique per device and measurement time, so a replayed uplink (same key,
 * same time) adds nothing.
 *
 * Partitioned by month on `created_at` (ADR 0025). Drizzle cannot declare a partitioned table:
 * migration 0014_measurement_partitions (hand-written SQL) makes it one, and
 * src/db/partitions.ts creates the months ahead and on demand. This declaration keeps the
 * columns, keys and indexes in step with that SQL. Every unique key must hold the partition key,
 * so the primary key is (deviceId, createdAt, id) — also the time-ordered access path of a
 * device — and the idempotency key (deviceId, createdAt, dedupKey). Both lead with the device and
 * the time, so a new reading lands at the right edge of its device's entries and the insert
 * working set stays within the newest pages (ADR 0048; a key led by the random dedup key made
 * the whole month's index the working set).
 */
export const measurementData = pgTable(
  'measurement_data',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    fCnt: bigint('f_cnt', { mode: 'number' }),
    dedupKey: text('dedup_key').notNull(),
    data: jsonb('data').$type<Record<string, number>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.createdAt, t.id] }),
    uniqueIndex('measurement_data_device_time_dedup_key').on(t.deviceId, t.createdAt, t.dedupKey),
    // The retention job's path (an organization's oldest readings) and the organization's cascade.
    index('measurement_data_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** The columns both rollups share: the extremes at their times, sum, count and the latest value. */
const rollupValues = () => ({
  minValue: doublePrecision('min_value').notNull(),
  /** When the lowest value was measured (the earliest such reading). */
  minAt: timestamp('min_at', { withTimezone: true }).notNull(),
  maxValue: doublePrecision('max_value').notNull(),
  maxAt: timestamp('max_at', { withTimezone: true }).notNull(),
  sumValue: doublePrecision('sum_value').notNull(),
  count: integer('count').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  lastValue: doublePrecision('last_value').notNull(),
});

/**
 * The rollups of measurement data (issue 12, ADR 0020): per device, measurement and UTC hour
 * (`measurement_hourly`) or Finnish day (`measurement_daily`) the lowest and highest value with
 * their times, the sum and count, and the latest value. Written by the ingest repository in the
 * uplink's transaction (one statement per insert chunk, from the rows actually inserted:
 * src/db/rollup.ts), so they always agree with `measurement_data`. The summary table reads the
 * days (a query's range is whole Finnish days), the chart's long ranges the hours.
 * `measurementId` is a key of `measurement_data.data`.
 */
export const measurementHourly = pgTable(
  'measurement_hourly',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id').notNull(),
    /** The hour's start (UTC). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...rollupValues(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.measurementId, t.hour] })],
);

export const measurementDaily = pgTable(
  'measurement_daily',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.deviceId, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id').notNull(),
    /** The day in Finnish time (Europe/Helsinki). */
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupValues(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.measurementId, t.day] })],
);

/**
 * An uplink that reached us with a valid key but could not be stored as measurement data
 * (unknown device, undecodable payload, bad values): kept for the administrators, never
 * dropped silently. `body` is the raw request text, capped.
 */
export const rejectedUplinks = pgTable(
  'rejected_uplinks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    reason: text('reason').notNull(),
    deviceEui: text('dev_eui'),
    /** The measurement or body field the reason names (invalidValue, invalidTime). */
    field: text('field'),
    /** What a codec said, or where a frame failed (unknownFrame, codecFailed): at most 500 characters. */
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    body: text('body').notNull(),
    bodyBytes: integer('body_bytes').notNull(),
  },
  (t) => [index('rejected_uplinks_organization_idx').on(t.organizationId, t.receivedAt)],
);
