/**
 * The storage writer alone against a raw COPY of the same rows (issue 11: writer ≥ 50 % of COPY),
 * the cases alternated within each round so that a busy machine's swings hit them all alike; each
 * case's rows/s is printed beside the same round's COPY. Cases, 1,000 rows a transaction: the
 * ingest repository's insertReadings (one INSERT … SELECT FROM unnest of seven arrays with the
 * rollups, ADR 0022); the same rows and rollups through Drizzle's insert().values() (7 parameters
 * a row: the writer until 2026-11-26); and each insert without its rollups. No alarm evaluation
 * (bench/ingest.ts has the writer with it). Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * Run: npm run bench -- ingest-writer   (UPLINKS=5000 ROUNDS=5 by default)
 */
import { performance } from 'node:perf_hooks';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rollupCtes } from '../apps/api/src/db/rollup.js';
import {
  devices,
  deviceTypeMeasurements,
  measurementData,
} from '../apps/api/src/db/schema/index.js';
import { withTransactions } from '../apps/api/src/db/transactions.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import {
  createIngestRepository,
  type ReadingRow,
} from '../apps/api/src/modules/ingest/ingest.repository.js';
import { openBenchDatabase } from './lib/database.js';
import { addPartitions, copyReadings, demoOrganization } from './lib/fixture.js';

const UPLINKS = Number(process.env.UPLINKS ?? 5000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
/** The organization's devices, each with its type's first measurement (rollups need a real one). */
const deviceRows = await db
  .select({ id: devices.deviceId, measurementId: deviceTypeMeasurements.measurementId })
  .from(devices)
  .innerJoin(deviceTypeMeasurements, eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId))
  .where(and(eq(devices.organizationId, orgId), eq(deviceTypeMeasurements.position, 0)));
await addPartitions(db, new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2025, 0, 31)));

let serial = 0;
const device = (i: number) =>
  deviceRows[i % deviceRows.length] as { id: string; measurementId: string };
/** A new reading every 100 ms of January 2025, keyed by a real measurement of its device's type. */
const rowOf = (i: number): ReadingRow => {
  serial += 1;
  const at = new Date(Date.UTC(2025, 0, 1) + serial * 100);
  return {
    organizationId: orgId,
    deviceId: device(i).id,
    createdAt: at,
    receivedAt: at,
    fCnt: i,
    dedupKey: `${i}:${at.toISOString()}`,
    data: { [device(i).measurementId]: 1 },
  };
};

/** The baseline: a raw COPY of the same rows. */
const copyRows = (rows: ReadingRow[]) => copyReadings(database, rows);

const writerDb = withTransactions(db);
const writer = createIngestRepository(writerDb);
const scope = systemScope('ingest', orgId);

/** Drizzle's insert().values() of the rows, as the writer built it until 2026-11-26. */
const valuesInsert = (chunk: ReadingRow[]) =>
  writerDb
    .insert(measurementData)
    .values(chunk)
    .onConflictDoNothing({
      target: [measurementData.deviceId, measurementData.dedupKey, measurementData.createdAt],
    })
    .getSQL();
/** The unnest insert of insertReadings without its rollups. */
const unnestInsert = (chunk: ReadingRow[]) => {
  const column = <T>(pick: (row: ReadingRow) => T) => sql.param(chunk.map(pick));
  return sql`insert into measurement_data
      (organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data)
    select * from unnest(${column((r) => r.organizationId)}::uuid[],
      ${column((r) => r.deviceId)}::uuid[], ${column((r) => r.createdAt.toISOString())}::timestamptz[],
      ${column((r) => r.receivedAt.toISOString())}::timestamptz[], ${column((r) => r.fCnt)}::bigint[],
      ${column((r) => r.dedupKey)}::text[], ${column((r) => JSON.stringify(r.data))}::jsonb[])
    on conflict (device_id, dedup_key, created_at) do nothing`;
};
/** An insert with the rollups of its RETURNING, returning the rows, as insertReadings does. */
const withRollups = (insert: SQL) => sql`
  with stored as (
    ${insert}
    returning id, organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data
  ),
  ${rollupCtes(sql`stored m`)}
  select organization_id, device_id, created_at, received_at, f_cnt, dedup_key, data from stored`;

/** The rows written 1,000 a transaction. */
const perTransaction =
  (write: (chunk: ReadingRow[]) => Promise<unknown>) => async (rows: ReadingRow[]) => {
    for (let i = 0; i < rows.length; i += 1000)
      await writerDb.transaction(() => write(rows.slice(i, i + 1000)));
  };
const cases: [string, (rows: ReadingRow[]) => Promise<unknown>][] = [
  ['raw COPY (baseline)', copyRows],
  [
    'storage writer: insertReadings (unnest + rollups)',
    perTransaction((chunk) => writer.insertReadings(scope, chunk)),
  ],
  [
    'Drizzle values() + the same rollups (before)',
    perTransaction((chunk) => writerDb.execute(withRollups(valuesInsert(chunk)))),
  ],
  ['unnest insert alone', perTransaction((chunk) => writerDb.execute(unnestInsert(chunk)))],
  [
    'Drizzle values() insert alone',
    perTransaction((chunk) => writerDb.execute(valuesInsert(chunk))),
  ],
];

const count = async () =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(measurementData))[0]?.n ?? 0;
const perSecond = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of cases) {
    const rows = Array.from({ length: UPLINKS }, (_, i) => rowOf(i));
    const before = await count();
    const start = performance.now();
    await run(rows);
    const ms = performance.now() - start;
    const stored = (await count()) - before;
    if (stored !== UPLINKS) throw new Error(`${name}: stored ${stored} of ${UPLINKS}`);
    perSecond.set(name, [...(perSecond.get(name) ?? []), (UPLINKS / ms) * 1000]);
  }
}
await database.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const copy = perSecond.get('raw COPY (baseline)') ?? [];
console.log(
  `\ningest writer, ${UPLINKS} rows per case, ${ROUNDS} rounds, ${deviceRows.length} devices, on ${database.kind}`,
);
console.log(
  `${'case'.padEnd(52)} ${'median rows/s'.padStart(13)} ${'median × COPY'.padStart(13)}  × COPY per round`,
);
for (const [name, xs] of perSecond) {
  const ratios = xs.map((x, i) => x / (copy[i] ?? 1));
  console.log(
    `${name.padEnd(52)} ${median(xs).toFixed(0).padStart(13)} ${median(ratios).toFixed(3).padStart(13)}  ${ratios.map((r) => r.toFixed(2)).join(' ')}`,
  );
}
