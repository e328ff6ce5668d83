/**
 * Measurement exports (issues 12, 27): raw readings as CSV and as XLSX, over HTTP from the real
 * app, beside the baseline of a plain `COPY (…) TO STDOUT` of the same rows by psql, in the same
 * run on the same database. Two scenarios: one device-year (a reading every 10 minutes: 52,560
 * uplinks × 6 measurements, one exported) and a fleet of FLEET devices (100) × a year (a reading
 * every 15 minutes: 3.5 million readings of the exported measurement, the whole target).
 *
 * Each case runs in a server process of its own (forked from this file), so the process's peak
 * resident memory (getrusage maxRSS) is that case's: its idle RSS after start-up, then ROUNDS
 * downloads read to the end by the parent (time to the last byte), then its peak. The baseline's
 * time and peak RSS are psql's (GNU time).
 *
 * Needs PostgreSQL (psql and the server processes share the database): BENCH_DATABASE_URL, a
 * database the benchmark owns (it empties it). Without it the benchmark says so and skips.
 * SERVER_HEAP_MB=64 caps the server processes' V8 old space, to show that nothing holds the range.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vahti_bench_exports \
 *        npm run bench -- exports      (ROUNDS=5; FLEET=100, FLEET_ROUNDS=1; FLEET=0 leaves it out)
 */
import { fork, spawnSync } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sensorDataRange } from '@vahti/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { signIn } from './lib/app.js';
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
import { percentile } from './stats.js';

const URL_ = process.env.BENCH_DATABASE_URL;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** Devices of the fleet scenario (0 leaves it out) and its rounds: each reads millions of rows. */
const FLEET = Number(process.env.FLEET ?? 100);
const FLEET_ROUNDS = Number(process.env.FLEET_ROUNDS ?? 1);
const YEAR = { sd: '2025-01-01', ed: '2025-12-31' };
const NAMES = ['Lämpötila', 'Kosteus', 'CO2', 'PM2.5', 'PM10', 'TVOC'] as const;
const MB = 1024 * 1024;

if (process.env.EXPORTS_BENCH_SERVER) await serve();
else if (!URL_) {
  console.log('\nexports: needs PostgreSQL (BENCH_DATABASE_URL) for the COPY baseline; skipped');
} else await main(URL_);

/** The server process of one case: the real app on the bench database, RSS on request. */
async function serve() {
  const database = await openDatabase({ databaseUrl: URL_, dataDir: null });
  const config = loadConfig({
    DATA_DIR: '/tmp/vahti-bench-exports',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'b'.repeat(32),
  });
  const { app } = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (message) => {
    if (message === 'peak') {
      process.send?.({
        peak: process.resourceUsage().maxRSS * 1024,
        rss: process.memoryUsage.rss(),
      });
    } else if (message === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({ address, rss: process.memoryUsage.rss() });
}

interface Scenario {
  title: string;
  /** The export's query string, without kind. */
  query: string;
  /** What the baseline's COPY selects of measurement_data m (devices d, targets t joined). */
  where: string;
  rounds: number;
  cases: { name: string; path: string; encoding: string }[];
}

async function main(url: string) {
  const database = await openBenchDatabase();
  const { db } = database;
  const orgId = await demoOrganization(db);
  const ids = await measurementIds(db, orgId, NAMES);
  const [temp] = ids;
  const typeId = await addDeviceType(db, orgId, 'Bench 6 mittausta', ids);
  const targetId = await addTarget(db, orgId, 'Bench-kohde', 1);
  const deviceId = await addDevice(db, { organizationId: orgId, targetId, typeId }, 0);
  // A reading every 10 minutes of the Finnish days, 6 measurements with a daily swing and noise.
  await addReadingSeries(db, orgId, [deviceId], YEAR, dailySwing(ids));
  // The fleet: a property of FLEET devices reading every 15 minutes for the year.
  const fleetTargetId = await addTarget(db, orgId, 'Bench-kiinteistö', 2);
  const fleet: string[] = [];
  for (let i = 0; i < FLEET; i++) {
    fleet.push(
      await addDevice(db, { organizationId: orgId, targetId: fleetTargetId, typeId }, i + 1),
    );
  }
  if (FLEET > 0) await addReadingSeries(db, orgId, fleet, YEAR, dailySwing(ids), '15 minutes');
  await db.execute(sql`vacuum analyze`);
  await database.close();

  const raw = (name: string, query: string, encoding = 'identity', format = 'csv') => ({
    name,
    path: `/api/exports/measurements.${format}?${query}&kind=raw`,
    encoding,
  });
  const one = `mid=${temp}&did=${deviceId}&sd=${YEAR.sd}&ed=${YEAR.ed}`;
  const all = `mid=${temp}&tid=${fleetTargetId}&sd=${YEAR.sd}&ed=${YEAR.ed}`;
  const scenarios: Scenario[] = [
    {
      title: `one device-year (${YEAR.sd}…${YEAR.ed}, 52,560 readings of one measurement)`,
      query: one,
      where: `m.device_id = '${deviceId}'`,
      rounds: ROUNDS,
      cases: [
        raw('CSV raw', one),
        raw('CSV raw, brotli', one, 'br'),
        raw('XLSX raw', one, 'identity', 'xlsx'),
        {
          name: 'XLSX summary',
          path: `/api/exports/measurements.xlsx?${one}&kind=summary`,
          encoding: 'identity',
        },
      ],
    },
  ];
  if (FLEET > 0) {
    scenarios.push({
      title: `${FLEET} devices × a year (a reading every 15 minutes: ${(FLEET * 35_040).toLocaleString('en')} readings of one measurement)`,
      query: all,
      where: `d.target_id = '${fleetTargetId}'`,
      rounds: FLEET_ROUNDS,
      cases: [
        raw('CSV raw', all),
        raw('CSV raw, brotli', all, 'br'),
        raw('XLSX raw', all, 'identity', 'xlsx'),
      ],
    });
  }
  for (const scenario of scenarios) await runScenario(url, scenario, temp ?? '');
}

async function runScenario(url: string, scenario: Scenario, temp: string) {
  const range = sensorDataRange(YEAR);
  // The same rows and columns the raw export writes, straight out of PostgreSQL.
  const copy = `COPY (select m.created_at, t.name, d.name, d.location,
      'Lämpötila', (m.data ->> '${temp}')::float8, '°C'
    from measurement_data m join devices d on d.device_id = m.device_id
      join targets t on t.target_id = d.target_id
    where ${scenario.where} and m.created_at >= '${range.from.toISOString()}'
      and m.created_at < '${range.to.toISOString()}' and m.data ? '${temp}'
    order by d.name, m.created_at) TO STDOUT WITH (FORMAT csv, HEADER, DELIMITER ';')`;
  // Each run's time and psql's peak resident memory (GNU time's %M, KiB, on stderr).
  const copyRuns: { ms: number; peak: number; bytes: number }[] = [];
  for (let i = 0; i <= scenario.rounds; i++) {
    const started = performance.now();
    const run = spawnSync('/usr/bin/time', ['-f', '%M', 'psql', '-X', '-q', url, '-c', copy], {
      maxBuffer: 2048 * MB,
    });
    const ms = performance.now() - started;
    if (run.status !== 0) throw new Error(`psql: ${run.stderr.toString()}`);
    const peakKb = Number(run.stderr.toString().trim().split('\n').at(-1));
    if (i > 0) copyRuns.push({ ms, peak: peakKb * 1024, bytes: run.stdout.byteLength });
  }

  const results: { name: string; ms: number[]; idle: number; peak: number; bytes: number }[] = [];
  for (const c of scenario.cases) results.push(await runCase(c, scenario.rounds));

  console.log(
    `\nexports of ${scenario.title} on PostgreSQL, ${scenario.rounds} rounds each after one warm-up`,
  );
  console.log(
    `${'case'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'× COPY'.padStart(7)} ${'size'.padStart(9)} ${'idle RSS'.padStart(9)} ${'peak RSS'.padStart(9)}`,
  );
  const copyMs = copyRuns.map((r) => r.ms);
  const copy50 = percentile(copyMs, 50);
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  console.log(
    `${'COPY … TO STDOUT by psql (baseline)'.padEnd(34)} ${copy50.toFixed(0).padStart(8)} ${Math.max(
      ...copyMs,
    )
      .toFixed(0)
      .padStart(
        8,
      )} ${'1.00'.padStart(7)} ${mb(copyRuns[0]?.bytes ?? 0).padStart(9)} ${'–'.padStart(9)} ${mb(Math.max(...copyRuns.map((r) => r.peak))).padStart(9)}`,
  );
  for (const r of results) {
    const p50 = percentile(r.ms, 50);
    console.log(
      `${`GET ${r.name}`.padEnd(34)} ${p50.toFixed(0).padStart(8)} ${Math.max(...r.ms)
        .toFixed(0)
        .padStart(
          8,
        )} ${(p50 / copy50).toFixed(2).padStart(7)} ${mb(r.bytes).padStart(9)} ${mb(r.idle).padStart(9)} ${mb(r.peak).padStart(9)}`,
    );
  }
}

/** One case in a fresh server process: sign in, warm up once, `rounds` timed downloads, its peak. */
async function runCase(c: { name: string; path: string; encoding: string }, rounds: number) {
  // SERVER_HEAP_MB caps the server's V8 old space: an export that held the range would fail.
  const heap = process.env.SERVER_HEAP_MB;
  const child = fork(import.meta.filename, {
    execArgv: ['--import', 'tsx', ...(heap ? [`--max-old-space-size=${heap}`] : [])],
    env: { ...process.env, EXPORTS_BENCH_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message?: string) =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      if (message) child.send(message);
    });
  const { address, rss: idle } = await ask<{ address: string; rss: number }>();
  const token = await signIn(address);
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= rounds; i++) {
    const started = performance.now();
    // Read to the last byte as a client would (compressed bytes as sent), keeping none of it.
    bytes = await download(`${address}${c.path}`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': c.encoding,
    });
    if (i > 0) ms.push(performance.now() - started);
  }
  const { peak } = await ask<{ peak: number }>('peak');
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  return { name: c.name, ms, idle, peak, bytes };
}

function download(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
