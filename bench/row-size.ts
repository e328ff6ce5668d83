/**
 * What an uplink costs on disk (issue 16, docs/scale-out.md). Loads a fleet into the bench
 * database with the real schema (migrations): DEVICES devices of the demo organization's six
 * device types in turn (2–3 measurements an uplink, as the demo's), 10 to a target, each sending
 * one uplink every 5 minutes at its own phase for DAYS days (one month's partition). Each hour of
 * the fleet's uplinks is written, in time order, by one statement of the ingest's shape: the
 * insert into measurement_data with the rollups of its RETURNING (src/db/rollup.ts), so the
 * rollups' daily rows are updated through the day as the ingest updates them. Values are
 * realistic for each measurement (temperature to 0.01, CO2 a whole number, …) and the dedup key
 * is a UUID (ChirpStack's deduplicationId). Then a sample of rejected uplinks (a ChirpStack body
 * of an unknown device) and of alarms with their events, and VACUUM ANALYZE.
 *
 * Prints, per table (measurement_data's partition, each of its indexes, its TOAST; the hourly and
 * daily rollups; rejected uplinks; alarms and alarm events): bytes, bytes a row and bytes an
 * uplink; the WAL the load wrote per uplink (EXPLAIN's WAL counters of each statement, so other
 * databases on the server do not count); and the projection for PROJECT_DEVICES (100,000) devices
 * at one uplink per 5 minutes: rows/s, GB a month and a year, with and without the rollups.
 *
 * Then the reads on that volume, warm, each beside its baseline from the same run (as in
 * bench/sensor-data.ts and bench/reports.ts): one target of 10 devices over the loaded days —
 * the plain scan of its raw rows (baseline), GET /api/target-measurements (daily rollup) and the
 * PDF report (GET /api/reports/measurements.pdf); one device's chart at 1,200 px
 * (GET /api/measurement-data) beside reading its raw points.
 *
 * PostgreSQL only (BENCH_DATABASE_URL, a database of its own: it is emptied first).
 * Run: npm run bench -- row-size   (DEVICES=10000 DAYS=2 ROUNDS=30 PROJECT_DEVICES=100000; about 30 min on the 2 shared cores)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sensorDataRange } from '@vahti/domain';
import { eq, sql } from 'drizzle-orm';
import { rollupCtes } from '../apps/api/src/db/rollup.js';
import {
  deviceTypeMeasurements,
  deviceTypes,
  measurements,
} from '../apps/api/src/db/schema/index.js';
import { serveApp } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { addPartitions, chirpstackUpEvent, demoOrganization } from './lib/fixture.js';
import { percentile, printTable, ROUNDS, time } from './stats.js';

if (!process.env.BENCH_DATABASE_URL) {
  console.error('row-size measures PostgreSQL: set BENCH_DATABASE_URL (a database of its own)');
  process.exit(2);
}
const DEVICES = Number(process.env.DEVICES ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 2);
const PROJECT_DEVICES = Number(process.env.PROJECT_DEVICES ?? 100_000);
const REJECTED = Number(process.env.REJECTED ?? 10_000);
const ALARMS = Number(process.env.ALARMS ?? 10_000);
const PER_TARGET = 10;
const INTERVAL_S = 300;
/** The loaded days: Finnish days from the first Monday of March 2026, inside one month. */
const FIRST_DAY = '2026-03-02';
const days = Array.from({ length: DAYS }, (_, i) =>
  new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
);
const RANGE = { sd: days[0] as string, ed: days.at(-1) as string };

const database = await openBenchDatabase();
const { db } = database;
type Rows<T> = { rows: T[] };
const query = async <T>(q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as Rows<T>).rows;
const orgId = await demoOrganization(db);

// The demo organization's device types with their measurements in payload order.
const layout = await db
  .select({
    typeId: deviceTypes.deviceTypeId,
    typeName: deviceTypes.deviceTypeName,
    measurementId: measurements.measurementId,
    measurementName: measurements.measurementName,
  })
  .from(deviceTypeMeasurements)
  .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, deviceTypeMeasurements.deviceTypeId))
  .innerJoin(measurements, eq(measurements.measurementId, deviceTypeMeasurements.measurementId))
  .where(eq(deviceTypes.organizationId, orgId))
  .orderBy(deviceTypes.deviceTypeName, deviceTypeMeasurements.position);
const types = [...new Set(layout.map((l) => l.typeId))].map((typeId) => ({
  typeId,
  name: layout.find((l) => l.typeId === typeId)?.typeName as string,
  measurements: layout.filter((l) => l.typeId === typeId),
}));

/**
 * A measurement's value at `t` (the reading's time) of device `f` (a row of row_size_fleet), as
 * the decoder gives it: the measurement's usual range and resolution.
 */
const readingValue = (name: string) => {
  switch (name) {
    case 'Lämpötila':
      return sql`round((21 + 2 * sin(extract(epoch from t) / 86400 * 2 * pi()) + random())::numeric, 2)`;
    case 'Kosteus':
      return sql`round((30 + 20 * random())::numeric, 1)`;
    case 'CO2':
      return sql`(420 + floor(random() * 800))::int`;
    case 'PM2.5':
    case 'PM10':
      return sql`round((random() * 25)::numeric, 1)`;
    case 'Paine-ero':
      return sql`round((random() * 20 - 10)::numeric, 1)`;
    case 'TVOC':
      return sql`floor(random() * 600)::int`;
    case 'Paristo vähissä':
      return sql`0`;
    case 'Energia':
      return sql`round((f.n * 1000 + extract(epoch from t) / 3600 * 1.7)::numeric, 2)`;
    case 'Teho':
      return sql`floor(500 + random() * 4000)::int`;
    default:
      return sql`round((random() * 100)::numeric, 2)`;
  }
};
const dataOf = sql`case f.type_id ${sql.join(
  types.map(
    (t) =>
      sql`when ${t.typeId}::uuid then jsonb_build_object(${sql.join(
        t.measurements.map(
          (m) => sql`${m.measurementId}::text, ${readingValue(m.measurementName)}`,
        ),
        sql`, `,
      )})`,
  ),
  sql` `,
)} end`;

// The fleet: targets of 10 devices, devices of the six types in turn, each at its own phase.
const started = performance.now();
await db.execute(sql`
  insert into targets (organization_id, name, address, zip_code, postal_district, type, property_id, job_number)
  select ${orgId}::uuid, 'Kokokohde ' || g, 'Kokokatu ' || g, '00100', 'Helsinki', 'Kerrostalo',
    '091-900-' || g, 'K-' || g
  from generate_series(1, ${Math.ceil(DEVICES / PER_TARGET)}) g`);
await db.execute(sql`
  create table row_size_fleet (n int primary key, device_id uuid not null, type_id uuid not null,
    target_id uuid not null, phase interval not null)`);
await db.execute(sql`
  with t as (
    select target_id, row_number() over (order by target_id) - 1 as k
    from targets where organization_id = ${orgId} and name like 'Kokokohde %'
  ), ty as (
    select type_id, (row_number() over (order by type_id) - 1)::int as k
    from (select unnest(${sql.param(types.map((t) => t.typeId))}::uuid[]) as type_id) x
  ), d as (
    insert into devices (organization_id, target_id, device_type_id, qr_code, name, dev_eui,
      serial_number, commissioning_day, location, latitude, longitude, sw_version, product_code)
    select ${orgId}::uuid, t.target_id, ty.type_id, 'KOKO-' || g, 'Koko ' || g,
      upper(lpad(to_hex(${0xbe0000000}::bigint * 65536 + g), 16, '0')), 'SN-K' || g, '2026-01-01',
      'Huone ' || g, 60.2, 24.9, '1', 'K'
    from generate_series(0, ${DEVICES - 1}) g
      join t on t.k = g / ${PER_TARGET}
      join ty on ty.k = g % ${types.length}
    returning device_id, device_type_id, target_id, serial_number
  )
  insert into row_size_fleet
  select substr(serial_number, 5)::int, device_id, device_type_id, target_id,
    make_interval(secs => random() * ${INTERVAL_S})
  from d`);
await addPartitions(db, new Date(`${RANGE.sd}T00:00:00Z`), new Date(`${RANGE.ed}T23:59:59Z`));
const fleetMs = performance.now() - started;

/** Sums the WAL bytes of every write node of an EXPLAIN (ANALYZE, WAL) plan. */
type PlanNode = { 'Node Type': string; 'WAL Bytes'?: number; Plans?: PlanNode[] };
const walOf = (node: PlanNode): number =>
  (node['Node Type'] === 'ModifyTable' ? (node['WAL Bytes'] ?? 0) : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + walOf(child), 0);
/** Runs a write statement under EXPLAIN (ANALYZE, WAL): its WAL bytes alone. */
async function withWal(statement: ReturnType<typeof sql>) {
  const [row] = await query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    sql`explain (analyze, wal, timing off, costs off, format json) ${statement}`,
  );
  const plan = row?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error('no plan');
  return walOf(plan);
}

// The uplinks, an hour of the whole fleet a statement, in time order, with their rollups.
let walReadings = 0;
const loadStarted = performance.now();
const firstHour = Date.parse(`${RANGE.sd}T00:00:00+02:00`);
for (let h = 0; h < DAYS * 24; h++) {
  const hour = new Date(firstHour + h * 3_600_000).toISOString();
  walReadings += await withWal(sql`
    with stored as (
      insert into measurement_data
        (organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data)
      select ${orgId}::uuid, f.device_id, t, t + random() * interval '2 s',
        ${h * 12} + k, gen_random_uuid()::text, ${dataOf}
      from row_size_fleet f
        cross join generate_series(0, 11) k
        cross join lateral (select ${hour}::timestamptz + f.phase + k * interval '5 minutes' as t) x
      order by t
      returning id, organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data
    ),
    ${rollupCtes(sql`stored m`)}
    select count(*) from stored`);
}
const loadMs = performance.now() - loadStarted;

// Rejected uplinks: ChirpStack's JSON of an unknown device, as the ingest keeps it.
const rejectedBody = JSON.stringify(
  chirpstackUpEvent({
    devEui: '70b3d57ed0000abc',
    deviceProfileName: 'Vahti T/RH/CO2',
    fPort: 2,
    data: 'AQLUAzwE/w==',
  }),
);
const walRejected = await withWal(sql`
  insert into rejected_uplinks (organization_id, source, reason, dev_eui, received_at, body, body_bytes)
  select ${orgId}::uuid, 'chirpstack', 'unknownDevice', '70B3D57ED0000ABC',
    ${`${RANGE.sd}T00:00:00Z`}::timestamptz + g * interval '7 s', ${rejectedBody}, ${Buffer.byteLength(rejectedBody)}
  from generate_series(1, ${REJECTED}) g`);

// Alarms (a limit crossed and back) with their opened, closed and acknowledged events.
const walAlarms = await withWal(sql`
  with a as (
    insert into alarms (organization_id, device_id, measurement_id, break_through, value,
      limit_value, state, created_at, closed_at)
    select ${orgId}::uuid, f.device_id, ${layout[0]?.measurementId}::uuid, 'up', 1234.5, 1200, 1,
      ${`${RANGE.sd}T00:00:00Z`}::timestamptz + g * interval '13 s',
      ${`${RANGE.sd}T00:00:00Z`}::timestamptz + g * interval '13 s' + interval '1 hour'
    from generate_series(1, ${ALARMS}) g join row_size_fleet f on f.n = g % ${DEVICES}
    returning id, created_at
  )
  insert into alarm_events (organization_id, alarm_id, kind, full_name, created_at)
  select ${orgId}::uuid, a.id, k.kind::alarm_event_kind, k.who, a.created_at + k.after
  from a cross join (values ('opened', '', interval '0'), ('closed', '', interval '1 hour'),
    ('acknowledged', 'Ylläpitäjä Demo', interval '2 hours')) k(kind, who, after)`);
await db.execute(sql`vacuum analyze`);

// Sizes: each partition of measurement_data, each of its indexes, its TOAST; the rest whole.
interface Size {
  name: string;
  rows: number;
  heap: number;
  toast: number;
  indexes: number;
}
const tableSizes = await query<Size>(sql`
  select c.relname as name, c.reltuples::bigint::float8 as rows,
    (pg_table_size(c.oid) - coalesce(pg_total_relation_size(c.reltoastrelid), 0))::float8 as heap,
    coalesce(pg_total_relation_size(c.reltoastrelid), 0)::float8 as toast,
    pg_indexes_size(c.oid)::float8 as indexes
  from pg_class c
  where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
    and (c.oid in (select inhrelid from pg_inherits where inhparent = 'measurement_data'::regclass)
      or c.relname in ('measurement_hourly', 'measurement_daily', 'rejected_uplinks', 'alarms',
        'alarm_events', 'alarm_pending'))
  order by c.relname`);
const partitionIndexes = await query<{ name: string; bytes: number }>(sql`
  select regexp_replace(i.relname, '^measurement_data_y[0-9]+m[0-9]+_', '') as name,
    sum(pg_relation_size(i.oid))::float8 as bytes
  from pg_index x join pg_class i on i.oid = x.indexrelid
  where x.indrelid in (select inhrelid from pg_inherits where inhparent = 'measurement_data'::regclass)
  group by 1 order by 1`);
const [counts] = await query<{ uplinks: number; readings: number; jsonb: number }>(sql`
  select count(*)::float8 as uplinks,
    sum((select count(*) from jsonb_object_keys(data)))::float8 as readings,
    avg(pg_column_size(data))::float8 as jsonb
  from measurement_data`);
if (!counts) throw new Error('no counts');
const partitions = tableSizes.filter((t) => t.name.startsWith('measurement_data_'));
const one = (name: string) => tableSizes.find((t) => t.name === name) as Size;
const total = (s: Size) => s.heap + s.toast + s.indexes;
const sum = (list: Size[]): Size =>
  list.reduce(
    (a, s) => ({
      name: a.name,
      rows: a.rows + s.rows,
      heap: a.heap + s.heap,
      toast: a.toast + s.toast,
      indexes: a.indexes + s.indexes,
    }),
    { name: 'measurement_data (all partitions)', rows: 0, heap: 0, toast: 0, indexes: 0 },
  );
const data = sum(partitions);
const hourly = one('measurement_hourly');
const daily = one('measurement_daily');
const uplinks = counts.uplinks;
const perUplink = {
  data: total(data) / uplinks,
  rollups: (total(hourly) + total(daily)) / uplinks,
  wal: walReadings / uplinks,
};

/**
 * What packing the readings would save (a proxy for TimescaleDB's compressed chunks, which this
 * server does not have): the same readings as one row per device and Finnish day, (a) the data
 * as stored, jsonb[], and (b) narrow, one float8 array per measurement, each with its times as
 * timestamptz[], compressed by PostgreSQL's lz4 (TOAST). lz4 on raw float8 is weaker than
 * TimescaleDB's delta-of-delta and Gorilla encodings, so this is a bound from below.
 */
async function packedSize(name: string, columns: string, select: ReturnType<typeof sql>) {
  await db.execute(sql.raw(`create table ${name} (${columns})`));
  await db.execute(sql`${sql.raw(`insert into ${name}`)} ${select}`);
  await db.execute(sql.raw(`vacuum analyze ${name}`));
  const [row] = await query<{ bytes: number }>(
    sql`select pg_total_relation_size(${name}::regclass)::float8 as bytes`,
  );
  await db.execute(sql.raw(`drop table ${name}`));
  return row?.bytes ?? 0;
}
const dayOf = sql`(created_at at time zone 'Europe/Helsinki')::date`;
const packedJsonb = await packedSize(
  'row_size_packed_jsonb',
  'device_id uuid, day date, at timestamptz[] compression lz4, data jsonb[] compression lz4, primary key (device_id, day)',
  sql`select device_id, ${dayOf}, array_agg(created_at order by created_at),
    array_agg(data order by created_at)
    from measurement_data group by 1, 2`,
);
const packedNarrow = await packedSize(
  'row_size_packed_narrow',
  'device_id uuid, measurement_id uuid, day date, at timestamptz[] compression lz4, v float8[] compression lz4, primary key (device_id, measurement_id, day)',
  sql`select m.device_id, e.key::uuid, ${dayOf}, array_agg(created_at order by created_at),
    array_agg(e.value::float8 order by created_at)
    from measurement_data m cross join lateral jsonb_each_text(m.data) e group by 1, 2, 3`,
);

// The figures.
const n = (v: number, digits = 0) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number) => `${n(bytes / 1e6, 1)} MB`;
const readingsPerUplink = counts.readings / uplinks;
console.log(
  `\nrow size on ${database.kind}: ${n(DEVICES)} devices (${types.map((t) => `${t.name} ${t.measurements.length}`).join(', ')}) × ${DAYS} days, an uplink every 5 min: ${n(uplinks)} uplinks, ${n(counts.readings)} readings (${n(readingsPerUplink, 2)} an uplink), data jsonb ${n(counts.jsonb, 1)} B on average. Fleet ${n(fleetMs / 1000, 1)} s, uplinks + rollups ${n(loadMs / 1000, 1)} s (${n(uplinks / (loadMs / 1000))} uplinks/s, one statement an hour of the fleet, under EXPLAIN ANALYZE); load average ${loadavg()[0]?.toFixed(1)}`,
);
console.log(
  `\n${'table'.padEnd(36)} ${'rows'.padStart(12)} ${'heap'.padStart(10)} ${'TOAST'.padStart(9)} ${'indexes'.padStart(10)} ${'total'.padStart(10)} ${'B/row'.padStart(7)} ${'B/uplink'.padStart(9)}`,
);
const line = (s: Size) =>
  console.log(
    `${s.name.padEnd(36)} ${n(s.rows).padStart(12)} ${mb(s.heap).padStart(10)} ${mb(s.toast).padStart(9)} ${mb(s.indexes).padStart(10)} ${mb(total(s)).padStart(10)} ${n(s.rows ? total(s) / s.rows : 0).padStart(7)} ${n(total(s) / uplinks, 1).padStart(9)}`,
  );
for (const s of [data, hourly, daily]) line(s);
console.log('  measurement_data by part, B/uplink:');
console.log(
  `    heap ${n(data.heap / uplinks, 1)}, TOAST ${n(data.toast / uplinks, 1)}, ${partitionIndexes.map((i) => `${i.name} ${n(i.bytes / uplinks, 1)}`).join(', ')}`,
);
console.log(
  `  per uplink: readings ${n(perUplink.data, 1)} B + rollups ${n(perUplink.rollups, 1)} B = ${n(perUplink.data + perUplink.rollups, 1)} B; WAL written by the load ${n(perUplink.wal, 1)} B an uplink`,
);
console.log(
  `  packed a device-day a row, lz4 (a lower bound for compressed chunks): data as jsonb[] ${n(packedJsonb / uplinks, 1)} B an uplink (${n(total(data) / packedJsonb, 1)}× smaller than the rows with their indexes); narrow float8[] per measurement ${n(packedNarrow / uplinks, 1)} B (${n(total(data) / packedNarrow, 1)}×)`,
);
console.log('\nsamples (bytes per row; per uplink at a rate you choose):');
for (const name of ['rejected_uplinks', 'alarms', 'alarm_events']) line(one(name));
console.log(
  `  WAL: rejected uplinks ${n(walRejected / REJECTED)} B a row; alarms with 3 events ${n(walAlarms / ALARMS)} B an alarm`,
);

const uplinksPerS = PROJECT_DEVICES / INTERVAL_S;
const perMonth = PROJECT_DEVICES * (86_400 / INTERVAL_S) * 30.44;
const gb = (bytes: number) => n(bytes / 1e9, 1);
console.log(
  `\nprojection for ${n(PROJECT_DEVICES)} devices at one uplink per 5 minutes: ${n(uplinksPerS)} uplinks/s, ${n(uplinksPerS * readingsPerUplink)} readings/s (this mix), ${n(perMonth / 1e6, 1)} M uplinks a month`,
);
console.log(
  `  readings alone: ${gb(perMonth * perUplink.data)} GB a month, ${gb(perMonth * 12 * perUplink.data)} GB a year`,
);
console.log(
  `  with the rollups: ${gb(perMonth * (perUplink.data + perUplink.rollups))} GB a month, ${gb(perMonth * 12 * (perUplink.data + perUplink.rollups))} GB a year`,
);
console.log(
  `  WAL (archive, replicas): ${gb(perMonth * perUplink.wal)} GB a month, ${n((uplinksPerS * perUplink.wal) / 1e6, 2)} MB/s`,
);

// The reads on this volume: one target of 10 devices, one measurement they all have.
const temp = layout.find((l) => l.measurementName === 'Lämpötila')?.measurementId as string;
const withTemp = types
  .filter((t) => t.measurements.some((m) => m.measurementId === temp))
  .map((t) => t.typeId);
/** The first target, and its first device whose type measures the temperature (the chart's). */
const [target] = await query<{ target_id: string; device_id: string }>(sql`
  select target_id, device_id::text from row_size_fleet
  where n < ${PER_TARGET} and type_id = any(${sql.param(withTemp)}::uuid[])
  order by n limit 1`);
if (!target) throw new Error('no target');
const targetDevices = (
  await query<{ device_id: string }>(
    sql`select device_id from row_size_fleet where target_id = ${target.target_id}`,
  )
).map((r) => r.device_id);
const range = sensorDataRange(RANGE);
const scan = () =>
  db.execute(sql`
    select device_id, min(v), max(v), avg(v), count(*),
      (array_agg(v order by created_at desc))[1] as latest
    from (select device_id, created_at, (data ->> ${temp})::float8 as v
          from measurement_data
          where device_id in ${targetDevices} and created_at >= ${range.from.toISOString()}::timestamptz
            and created_at < ${range.to.toISOString()}::timestamptz and data ? ${temp}) s
    group by device_id`);
const rawPoints = () =>
  db.execute(sql`
    select created_at, data -> ${temp} from measurement_data
    where device_id = ${target.device_id} and created_at >= ${range.from.toISOString()}::timestamptz
      and created_at < ${range.to.toISOString()}::timestamptz and data ? ${temp}
    order by created_at`);
const served = await serveApp(database);
const get = (path: string) => () => served.get(path, { 'accept-encoding': 'identity' });
const q = `mid=${temp}&sd=${RANGE.sd}&ed=${RANGE.ed}`;
const scanTimes = await time(scan);
const summaryTimes = await time(get(`/api/target-measurements?tid=${target.target_id}&${q}`));
const reportTimes = await time(get(`/api/reports/measurements.pdf?tid=${target.target_id}&${q}`));
const rawTimes = await time(rawPoints);
const chartTimes = await time(get(`/api/measurement-data/${target.device_id}?${q}&width=1200`));
await served.app.close();
await db.execute(sql`drop table row_size_fleet`);
await database.close();

const ratio = (samples: number[], base: number[]) => percentile(samples, 50) / percentile(base, 50);
printTable(
  `one target of ${targetDevices.length} devices × ${DAYS} days on ${n(uplinks)} uplinks, temperature (ms, ROUNDS=${ROUNDS})`,
  [
    { name: 'scan of the raw rows (baseline)', samples: scanTimes, ratio: 1 },
    {
      name: 'GET /api/target-measurements',
      samples: summaryTimes,
      ratio: ratio(summaryTimes, scanTimes),
    },
    {
      name: 'GET /api/reports/measurements.pdf',
      samples: reportTimes,
      ratio: ratio(reportTimes, scanTimes),
    },
  ],
);
printTable(`one device's chart, ${DAYS} days at 1,200 px (ms)`, [
  { name: 'read its raw points (baseline)', samples: rawTimes, ratio: 1 },
  { name: 'GET /api/measurement-data', samples: chartTimes, ratio: ratio(chartTimes, rawTimes) },
]);
