/**
 * The retention's expiry of a whole month (ADR 0025, docs/scale-out.md §3): DEVICES devices of
 * an organization with a 12-month retention, a reading every 10 minutes through January 2025
 * (rolled up as the ingest does), expired by the daily storage job on 26.11.2026. Measured twice
 * on the same load, each after loading the month afresh:
 * - baseline, the row deletes alone (`purgeExpired`: device by device, 5,000 rows a statement),
 *   as every expiry ran before whole months were dropped;
 * - ours: `dropExpiredMonths` (the partition detached and dropped) and then `purgeExpired`,
 *   which is left with the month's rollups.
 * Prints the wall time, the WAL written (PostgreSQL's `pg_current_wal_lsn`, other databases on
 * the server count too) and the dead rows left behind for VACUUM in measurement_data.
 * PGlite in memory, or PostgreSQL with BENCH_DATABASE_URL (a database of its own: emptied first).
 * Run: npm run bench -- retention   (DEVICES=200: 892,800 readings)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { createMeasurementPartitions } from '../apps/api/src/db/partitions.js';
import { organizations } from '../apps/api/src/db/schema/index.js';
import { withTransactions } from '../apps/api/src/db/transactions.js';
import { createAuditRepository } from '../apps/api/src/modules/audit/audit.repository.js';
import { createAuditService } from '../apps/api/src/modules/audit/audit.service.js';
import { createRetentionRepository } from '../apps/api/src/modules/retention/retention.repository.js';
import { createRetentionService } from '../apps/api/src/modules/retention/retention.service.js';
import { openBenchDatabase } from './lib/database.js';
import {
  addDevice,
  addDeviceType,
  addReadingSeries,
  addTarget,
  dailySwing,
  demoOrganization,
  measurementIds,
} from './lib/fixture.js';

const DEVICES = Number(process.env.DEVICES ?? 200);
const NOW = new Date('2026-11-26T10:00:00Z');
const MONTH = { sd: '2025-01-01', ed: '2025-01-30' };

const database = await openBenchDatabase();
const db = withTransactions(database.db);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const organizationId = await demoOrganization(db);
await db
  .update(organizations)
  .set({ organizationRetentionMonths: 12 })
  .where(eq(organizations.organizationId, organizationId));
const ids = await measurementIds(db, organizationId, ['Lämpötila', 'Kosteus'] as const);
const typeId = await addDeviceType(db, organizationId, 'Säilytys', ids);
const targetId = await addTarget(db, organizationId, 'Säilytys-kohde', 9100);
const deviceIds: string[] = [];
for (let n = 0; n < DEVICES; n++) {
  deviceIds.push(await addDevice(db, { organizationId, targetId, typeId }, 910_000 + n));
}

const retention = createRetentionService({
  db,
  retention: createRetentionRepository(db),
  partitions: createMeasurementPartitions(db),
  audit: createAuditService({ auditLog: createAuditRepository(db) }),
});

const count = async (table: string) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]
    ?.n ?? 0;
const walPosition = async () =>
  rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0]
    ?.lsn ?? '0/0';
const walBytes = async (from: string) =>
  Number(
    rowsOf<{ bytes: string }>(
      await db.execute(sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${from}::pg_lsn) as bytes`),
    )[0]?.bytes ?? 0,
  );
/** Dead rows in measurement_data's partitions (what VACUUM has to clean up afterwards). */
const deadRows = async () =>
  rowsOf<{ n: number }>(
    await db.execute(sql`
      select coalesce(sum(n_dead_tup), 0)::int as n from pg_stat_user_tables
      where relname like 'measurement_data_y%'`),
  )[0]?.n ?? 0;

async function loadMonth() {
  await addReadingSeries(db, organizationId, deviceIds, MONTH, dailySwing(ids));
  await db.execute(sql`analyze`);
  return {
    readings: await count('measurement_data'),
    hourly: await count('measurement_hourly'),
    daily: await count('measurement_daily'),
  };
}

async function measure(name: string, expire: () => Promise<unknown>) {
  const loaded = await loadMonth();
  const wal = await walPosition();
  const started = performance.now();
  await expire();
  const seconds = (performance.now() - started) / 1000;
  const bytes = await walBytes(wal);
  // The statistics reach pg_stat_user_tables a moment after the commit.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    name,
    loaded,
    seconds,
    walMb: bytes / 1024 / 1024,
    dead: await deadRows(),
    left: await count('measurement_data'),
  };
}

console.log(
  `retention: ${DEVICES} devices, a reading every 10 minutes through January 2025, on ${database.kind}; load ${loadavg()[0]?.toFixed(1)}`,
);
const baseline = await measure('row deletes only (before)', () => retention.purgeExpired(NOW));
const ours = await measure('month dropped, then row deletes', async () => {
  const dropped = await retention.dropExpiredMonths(NOW);
  if (!dropped.includes('2025-01')) throw new Error(`January 2025 not dropped: ${dropped}`);
  await retention.purgeExpired(NOW);
});

console.log(
  `\nexpiring one month: ${baseline.loaded.readings.toLocaleString('en')} readings, ${baseline.loaded.hourly.toLocaleString('en')} hourly and ${baseline.loaded.daily.toLocaleString('en')} daily rollups`,
);
console.log(
  `${'case'.padEnd(34)} ${'seconds'.padStart(8)} ${'WAL MB'.padStart(8)} ${'dead rows'.padStart(10)} ${'× baseline time'.padStart(16)}`,
);
for (const row of [baseline, ours]) {
  if (row.left !== 0) throw new Error(`${row.name}: ${row.left} readings left`);
  console.log(
    `${row.name.padEnd(34)} ${row.seconds.toFixed(2).padStart(8)} ${row.walMb.toFixed(1).padStart(8)} ${String(row.dead).padStart(10)} ${(row.seconds / baseline.seconds).toFixed(3).padStart(16)}`,
  );
}
console.log(`load average after: ${loadavg()[0]?.toFixed(1)}`);
await database.close();
