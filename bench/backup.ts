/**
 * `npm run backup` and `npm run restore` (ADR 0029) on the demo data plus READINGS readings over
 * twelve monthly partitions, beside the plain copy an operator would make by hand in the same
 * run: on PostgreSQL `pg_dump -Fc` and `pg_restore` into an empty database; on PGlite (server
 * stopped) `tar czf` of DATA_DIR/pglite and extracting it. Ours adds the exported snapshot's row
 * counts, the files with SHA-256, the manifest and, on restore, the checks.
 * Runs on PGlite in a temporary DATA_DIR, or on PostgreSQL with BENCH_DATABASE_URL (emptied; the
 * restore goes into `<its name>_restore`, created and dropped here).
 * Run: npm run bench -- backup   (READINGS=1000000 by default)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { createBackup, restoreBackup } from '../apps/api/src/backup/backup.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { devices, deviceTypeMeasurements } from '../apps/api/src/db/schema/index.js';
import { seedDemoData } from '../apps/api/src/db/seed.js';
import { createFileStorage } from '../apps/api/src/lib/storage/create-storage.js';
import { emptyBenchDatabase } from './lib/database.js';
import {
  addPartitions,
  type CopiedReading,
  copyReadings,
  demoOrganization,
} from './lib/fixture.js';

const READINGS = Number(process.env.READINGS ?? 1_000_000);
const URL_ = process.env.BENCH_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'vahti-bench-backup-'));
const dataDir = path.join(work, 'data');
const settings = { databaseUrl: URL_, dataDir, s3: undefined };

async function admin(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
const withName = (url: string, name: string) => {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
};
const restoreName = URL_ ? `${new URL(URL_).pathname.slice(1)}_restore` : '';
const emptyTarget = async () => {
  if (!URL_) return;
  await admin(URL_, `drop database if exists ${restoreName} with (force)`);
  await admin(URL_, `create database ${restoreName}`);
};

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const seconds = (from: number) => (performance.now() - from) / 1000;
const sizeOf = (dir: string) =>
  Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

try {
  // The data: demo (with its material bank files) and READINGS readings, 12 months back.
  if (URL_) await emptyBenchDatabase(URL_);
  const database = await openDatabase({ databaseUrl: URL_, dataDir });
  await seedDemoData(database.db, { dataDir, storage: createFileStorage(settings) });
  const orgId = await demoOrganization(database.db);
  const deviceRows = await database.db
    .select({ id: devices.deviceId, measurementId: deviceTypeMeasurements.measurementId })
    .from(devices)
    .innerJoin(
      deviceTypeMeasurements,
      eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId),
    )
    .where(and(eq(devices.organizationId, orgId), eq(deviceTypeMeasurements.position, 0)));
  const end = Date.UTC(2026, 10, 1);
  const step = Math.floor((365 * 86_400_000) / READINGS);
  await addPartitions(database.db, new Date(end - READINGS * step), new Date(end));
  const filling = performance.now();
  for (let from = 0; from < READINGS; from += 100_000) {
    const rows: CopiedReading[] = [];
    for (let i = from; i < Math.min(READINGS, from + 100_000); i += 1) {
      const device = deviceRows[i % deviceRows.length] as { id: string; measurementId: string };
      const createdAt = new Date(end - (i + 1) * step);
      rows.push({
        organizationId: orgId,
        deviceId: device.id,
        createdAt,
        fCnt: i,
        dedupKey: `bench:${i}`,
        data: { [device.measurementId]: 20 + (i % 100) / 10 },
      });
    }
    await copyReadings(database, rows);
  }
  await database.close();
  console.log(
    `${URL_ ? 'PostgreSQL' : 'PGlite'}: demo data + ${READINGS.toLocaleString('en')} readings over 12 months written in ${seconds(filling).toFixed(1)} s`,
  );

  // Baseline: the plain copy.
  const plainDir = path.join(work, 'plain');
  mkdirSync(plainDir);
  let baseline: { backup: number; restore: number; bytes: number };
  if (URL_) {
    const file = path.join(plainDir, 'plain.pgdump');
    let t = performance.now();
    execFileSync('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${URL_}`]);
    const backup = seconds(t);
    await emptyTarget();
    t = performance.now();
    execFileSync('pg_restore', [
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${withName(URL_, restoreName)}`,
      file,
    ]);
    baseline = { backup, restore: seconds(t), bytes: statSync(file).size };
  } else {
    const file = path.join(plainDir, 'pglite.tar.gz');
    let t = performance.now();
    execFileSync('tar', ['czf', file, '-C', dataDir, 'pglite']);
    const backup = seconds(t);
    const into = path.join(work, 'plain-restore');
    mkdirSync(into);
    t = performance.now();
    execFileSync('tar', ['xzf', file, '-C', into]);
    baseline = { backup, restore: seconds(t), bytes: statSync(file).size };
  }

  // Ours.
  const out = path.join(work, 'backups');
  let t = performance.now();
  const made = await createBackup({ ...settings, backupKeep: 'all' }, out);
  const backupSeconds = seconds(t);
  const backupBytes = sizeOf(made.dir);
  await emptyTarget();
  const target = {
    databaseUrl: URL_ ? withName(URL_, restoreName) : undefined,
    dataDir: path.join(work, 'restored'),
    s3: undefined,
  };
  t = performance.now();
  const restored = await restoreBackup(target, made.dir);
  const restoreSeconds = seconds(t);
  const rows = restored.tables['public.measurement_data'];

  const ratio = (ours: number, plain: number) => `${(ours / plain).toFixed(2)}× the plain copy`;
  console.log(
    `plain ${URL_ ? 'pg_dump -Fc / pg_restore' : 'tar czf / tar xzf of DATA_DIR/pglite'}: backup ${baseline.backup.toFixed(1)} s, ${mib(baseline.bytes)}; restore ${baseline.restore.toFixed(1)} s`,
  );
  console.log(
    `npm run backup:  ${backupSeconds.toFixed(1)} s, ${mib(backupBytes)} (dump ${mib(made.manifest.database.dump.bytes)}, ${made.manifest.files.entries.length} files) — ${ratio(backupSeconds, baseline.backup)}, size ${ratio(backupBytes, baseline.bytes)}`,
  );
  console.log(
    `npm run restore: ${restoreSeconds.toFixed(1)} s with every check (${rows?.toLocaleString('en')} readings back) — ${ratio(restoreSeconds, baseline.restore)}`,
  );
} finally {
  if (URL_) await admin(URL_, `drop database if exists ${restoreName} with (force)`);
  rmSync(work, { recursive: true, force: true });
}
