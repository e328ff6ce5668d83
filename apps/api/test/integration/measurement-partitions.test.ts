import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { buildIndexesOnline } from '../../src/db/online-indexes.js';
import { createMeasurementPartitions, MONTHS_AHEAD } from '../../src/db/partitions.js';
import { adminQuery, POSTGRES_RUN_ENV, withDatabase } from '../database-image.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, TEST_DATABASE_URL, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice, EXAMPLE_PAYLOAD } from '../helpers/ingest-fixtures.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The partitions of measurement_data by name, with their bounds. */
async function partitionsOf(db: Db) {
  return rowsOf<{ name: string; bound: string }>(
    await db.execute(sql`
      select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'measurement_data'::regclass order by 1`),
  );
}

const partitionName = (at: Date) =>
  `measurement_data_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * A database of its own, migrated only up to (and including) `lastTag`, then on to the end:
 * a copy of the migrations folder with the journal cut after that migration.
 */
async function databaseUpTo(lastTag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'vahti-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  if (TEST_DATABASE_URL) {
    const name = `${process.env[POSTGRES_RUN_ENV] ?? 'vahti_test'}_${randomBytes(6).toString('hex')}`;
    await adminQuery(TEST_DATABASE_URL, `create database ${name}`);
    const client = new pg.Client({ connectionString: withDatabase(TEST_DATABASE_URL, name) });
    await client.connect();
    const db = drizzleNodePg(client);
    await migrateNodePg(db, { migrationsFolder: folder });
    return {
      db: db as unknown as Db,
      /** What openDatabase does: the online index builds, then the migrations. */
      online: () => buildIndexesOnline(client),
      async finish() {
        await buildIndexesOnline(client);
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS });
      },
      async close() {
        await client.end();
        await adminQuery(
          TEST_DATABASE_URL as string,
          `drop database if exists ${name} with (force)`,
        );
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const client = await PGlite.create();
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Db,
    online: async () => {},
    finish: () => migratePglite(db, { migrationsFolder: MIGRATIONS }),
    async close() {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** An organization with a target, a device type and a device, by SQL (any schema version). */
async function addOrganizationDevice(db: Db) {
  const [org] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into organizations (business_id, contract_number, name, address, zip_code, postal_district, area)
      values ('1234567-8', 'S-1', 'Vanha Oy', 'Katu 1', '00100', 'Helsinki', 'Uusimaa')
      returning organization_id as id`),
  );
  const [target] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into targets (organization_id, name, address, zip_code, postal_district, type, property_id, job_number)
      values (${org?.id}, 'Kohde', 'Katu 1', '00100', 'Helsinki', 'Toimisto', 'P-1', 'J-1')
      returning target_id as id`),
  );
  const [type] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into device_types (organization_id, name) values (${org?.id}, 'Tyyppi')
      returning device_type_id as id`),
  );
  const [device] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into devices (organization_id, target_id, device_type_id, qr_code, name, dev_eui, serial_number,
        commissioning_day, location, latitude, longitude, sw_version, product_code)
      values (${org?.id}, ${target?.id}, ${type?.id}, 'QR', 'Mittari', '0011223344556677', 'SN', '2025-01-01',
        'Kellari', 60.2, 24.9, '1.0', 'VA')
      returning device_id as id`),
  );
  return { org, device };
}

describe(`the migration to monthly partitions (${DRIVER})`, () => {
  it('moves the stored rows into partitions of their months, keeps keys, indexes and cascades', async () => {
    const database = await databaseUpTo('0013_sensor_rollups');
    const { db } = database;
    try {
      const { org, device } = await addOrganizationDevice(db);
      const times = ['2025-01-31T23:59:59.999Z', '2025-03-01T00:00:00Z', '2025-03-15T12:00:00Z'];
      const stored = times.map((at, i) => ({ id: randomUUID(), at, key: `${i}:${at}` }));
      for (const row of stored) {
        await db.execute(sql`
          insert into measurement_data (id, organization_id, device_id, created_at, f_cnt, dedup_key, data)
          values (${row.id}, ${org?.id}, ${device?.id}, ${row.at}, 1, ${row.key}, '{"a": 1}')`);
      }

      await database.finish();

      const [kind] = rowsOf<{ relkind: string }>(
        await db.execute(
          sql`select relkind from pg_class where oid = 'measurement_data'::regclass`,
        ),
      );
      expect(kind?.relkind).toBe('p');
      const names = (await partitionsOf(db)).map((p) => p.name);
      const now = new Date();
      const expected = new Set(['measurement_data_y2025m01', 'measurement_data_y2025m03']);
      for (let ahead = 0; ahead <= 3; ahead++)
        expected.add(
          partitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1))),
        );
      expect(names).toEqual([...expected].sort());
      const bounds = await partitionsOf(db);
      expect(bounds.find((p) => p.name === 'measurement_data_y2025m01')?.bound).toMatch(
        /FROM \('2025-01-01 \d\d:00:00\+\d\d'\) TO \('2025-02-01 \d\d:00:00\+\d\d'\)/,
      );
      // Every row is where its month is, unchanged.
      const moved = rowsOf<{ id: string; partition: string; dedup_key: string }>(
        await db.execute(sql`
          select id, tableoid::regclass::text as partition, dedup_key from measurement_data order by created_at`),
      );
      expect(moved).toEqual([
        { id: stored[0]?.id, partition: 'measurement_data_y2025m01', dedup_key: stored[0]?.key },
        { id: stored[1]?.id, partition: 'measurement_data_y2025m03', dedup_key: stored[1]?.key },
        { id: stored[2]?.id, partition: 'measurement_data_y2025m03', dedup_key: stored[2]?.key },
      ]);
      // The idempotency key (with the partition key) still skips a replay.
      const replay = await db.execute(sql`
        insert into measurement_data (organization_id, device_id, created_at, dedup_key, data)
        values (${org?.id}, ${device?.id}, ${times[1]}, ${stored[1]?.key}, '{}')
        on conflict (device_id, dedup_key, created_at) do nothing returning id`);
      expect(rowsOf(replay)).toHaveLength(0);
      const indexes = rowsOf<{ indexname: string }>(
        await db.execute(
          sql`select indexname from pg_indexes where tablename = 'measurement_data_y2025m01' order by 1`,
        ),
      ).map((row) => row.indexname);
      expect(indexes).toHaveLength(3);
      // A device's deletion still takes its readings along (the foreign keys were recreated).
      await db.execute(sql`delete from devices where device_id = ${device?.id}`);
      const [left] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from measurement_data`),
      );
      expect(left?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

/** The partition indexes attached to a partitioned index, with whether the parent is valid. */
async function indexPartsOf(db: Db, index: string) {
  return rowsOf<{ part: string; table: string; valid: boolean }>(
    await db.execute(sql`
      select c.relname as part, t.relname as table, p.indisvalid as valid
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
        join pg_index x on x.indexrelid = c.oid join pg_class t on t.oid = x.indrelid
        join pg_index p on p.indexrelid = i.inhparent
      where i.inhparent = to_regclass(${index}) order by 2`),
  );
}

describe(`the idempotency key in time order (${DRIVER})`, () => {
  it('replaces the key on a filled table, each month built before the migration on PostgreSQL', async () => {
    const database = await databaseUpTo('0033_tieto_discussions_documents');
    const { db } = database;
    try {
      const { org, device } = await addOrganizationDevice(db);
      await db.execute(sql`select create_measurement_partition('2025-01-10T00:00:00Z')`);
      await db.execute(sql`select create_measurement_partition('2025-02-10T00:00:00Z')`);
      await db.execute(sql`
        insert into measurement_data (organization_id, device_id, created_at, f_cnt, dedup_key, data)
        select ${org?.id}::uuid, ${device?.id}::uuid, t, 0, gen_random_uuid()::text, '{"a": 1}'
        from generate_series(timestamptz '2025-01-20T00:00:00Z', '2025-02-20T00:00:00Z', '1 hour') t`);
      const partitions = (await partitionsOf(db)).map((p) => p.name);

      await database.online();
      if (TEST_DATABASE_URL) {
        // Each partition's index is built, valid, before the migration creates the parent's.
        const built = rowsOf<{ table: string; valid: boolean }>(
          await db.execute(sql`
            select t.relname as table, x.indisvalid as valid
            from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
            where c.relname like '%_device_id_created_at_dedup_key_idx' order by 1`),
        );
        expect(built).toEqual(partitions.map((table) => ({ table, valid: true })));
        expect(await indexPartsOf(db, 'measurement_data_device_time_dedup_key')).toEqual([]);
      }
      await database.finish();

      const parts = await indexPartsOf(db, 'measurement_data_device_time_dedup_key');
      expect(parts.map((p) => p.table)).toEqual(partitions);
      expect(parts.every((p) => p.valid)).toBe(true);
      const [old] = rowsOf<{ gone: boolean }>(
        await db.execute(
          sql`select to_regclass('measurement_data_device_dedup_key') is null as gone`,
        ),
      );
      expect(old?.gone).toBe(true);
      // A replay of a stored reading is still skipped; a new reading at the same time is not.
      const [stored] = rowsOf<{ created_at: string; dedup_key: string }>(
        await db.execute(sql`
          select created_at::text, dedup_key from measurement_data
          where created_at = '2025-02-01T00:00:00Z'`),
      );
      const insert = (key: string) =>
        db.execute(sql`
          insert into measurement_data (organization_id, device_id, created_at, f_cnt, dedup_key, data)
          values (${org?.id}, ${device?.id}, '2025-02-01T00:00:00Z', 0, ${key}, '{}')
          on conflict (device_id, dedup_key, created_at) do nothing returning id`);
      expect(rowsOf(await insert(stored?.dedup_key as string))).toHaveLength(0);
      expect(rowsOf(await insert('uusi'))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe(`partitions created ahead and on demand (${DRIVER})`, () => {
  let ctx: TestContext;
  let fx: Fixtures;
  let as: Actors;
  let key: Client;
  let device: Awaited<ReturnType<typeof createLayoutDevice>>;

  beforeAll(async () => {
    ({ ctx, fx, as } = await startApiTest());
    const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Osiot' });
    key = as.withToken(res.json().key as string);
    device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;

  it('has this month and the next ones once the app is ready', async () => {
    const names = (await partitionsOf(db())).map((p) => p.name);
    const now = new Date();
    for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++)
      expect(names).toContain(
        partitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1))),
      );
  });

  it('stores an uplink of a month without a partition, after creating it; a replay adds nothing', async () => {
    const time = '2024-02-29T23:30:00.000Z';
    expect((await partitionsOf(db())).map((p) => p.name)).not.toContain(
      'measurement_data_y2024m02',
    );
    const body = {
      deviceEui: device.eui,
      time,
      fCnt: 7,
      values: { [device.m.temp.id]: 21.5 },
    };
    const first = await key.post('/api/ingest/generic', body);
    expect(first.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await partitionsOf(db())).map((p) => p.name)).toContain('measurement_data_y2024m02');
    const again = await key.post('/api/ingest/generic', body);
    expect(again.json()).toEqual({ stored: 0, duplicates: 1 });
    // The Things Stack and ChirpStack replays in another empty month.
    const ttn = {
      end_device_ids: { dev_eui: device.eui },
      received_at: '2023-07-01T10:00:00Z',
      uplink_message: {
        f_cnt: 3,
        frm_payload: EXAMPLE_PAYLOAD,
        received_at: '2023-07-01T09:59:59Z',
      },
    };
    expect((await key.post('/api/ingest/ttn', ttn)).json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await key.post('/api/ingest/ttn', ttn)).json()).toEqual({ stored: 0, duplicates: 1 });
    const chirpstack = {
      deduplicationId: randomUUID(),
      time: '2023-07-02T10:00:00Z',
      deviceInfo: { devEui: device.eui },
      fCnt: 4,
      data: EXAMPLE_PAYLOAD,
    };
    const url = '/api/ingest/chirpstack?event=up';
    expect((await key.post(url, chirpstack)).json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await key.post(url, chirpstack)).json()).toEqual({ stored: 0, duplicates: 1 });
  });

  it('stores a ChirpStack uplink without a time once, however often it is replayed', async () => {
    const url = '/api/ingest/chirpstack?event=up';
    const body = {
      deduplicationId: randomUUID(),
      deviceInfo: { devEui: device.eui },
      fCnt: 9,
      data: EXAMPLE_PAYLOAD,
    };
    expect((await key.post(url, body)).json()).toEqual({ stored: 1, duplicates: 0 });
    const replays = await Promise.all([1, 2, 3].map(() => key.post(url, body)));
    expect(replays.map((r) => r.json())).toEqual(
      [1, 2, 3].map(() => ({ stored: 0, duplicates: 1 })),
    );
    const [row] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from measurement_data where dedup_key = ${body.deduplicationId}`,
      ),
    );
    expect(row?.n).toBe(1);
  });

  it('creates one partition when several instances ask for the same month at once', async () => {
    // Each "instance" has its own partition keeper and, on PostgreSQL, its own connection.
    const pools = TEST_DATABASE_URL
      ? Array.from(
          { length: 6 },
          () => new pg.Pool({ connectionString: (ctx.config.databaseUrl as string) ?? '', max: 1 }),
        )
      : [];
    try {
      const handles = TEST_DATABASE_URL
        ? pools.map((pool) => drizzleNodePg(pool) as unknown as Db)
        : Array.from({ length: 6 }, () => db());
      const month = new Date('2031-05-17T08:00:00Z');
      const results = await Promise.all(
        handles.map((handle) => createMeasurementPartitions(handle).ensure([month])),
      );
      expect(results.flat()).toEqual(['2031-05']);
      expect(
        (await partitionsOf(db())).filter((p) => p.name === 'measurement_data_y2031m05'),
      ).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('reads one device-week from that month’s partition only (partition pruning)', async () => {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db().execute(
        sql.raw(`explain select created_at, data from measurement_data
          where device_id = '${device.deviceId}'
            and created_at >= '2024-02-05T00:00:00Z' and created_at < '2024-02-12T00:00:00Z'
          order by created_at`),
      ),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    const scanned = new Set(plan.match(/measurement_data_y\d{4}m\d{2}/g));
    expect([...scanned]).toEqual(['measurement_data_y2024m02']);
  });
});
