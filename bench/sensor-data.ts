/**
 * Sensor-data reads (issue 12, ADR 0020). Loads, with generate_series, one device-year (a reading
 * every 10 minutes: 52,560 uplinks × 6 measurements) and 100 devices × 1 month (432,000 uplinks)
 * into the bench database, rolls them up with the ingest's own statement, then times, warm:
 *   - the baseline: the plain full scan of the same rows (min/max/avg/count/latest of one
 *     measurement, straight from measurement_data by the (device, time) index), beside
 *   - the same answer from the daily rollup (the repository's query; the hourly rollup beside it
 *     to show what the days save), and the whole route GET /api/target-measurements over HTTP
 *     (authentication, validation, scope, limits, JSON);
 *   - the chart: GET /api/measurement-data/:deviceId for the device-year at 1,200 px beside
 *     reading the year's raw points, with the answer's size plain, gzip and brotli (quality 4,
 *     as the server's compression plugin sends it).
 * Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL (the figures in docs/performance.md).
 * Run: npm run bench -- sensor-data   (ROUNDS=30; DEVICES=100 for the month case)
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sensorDataRange } from '@vahti/domain';
import { eq, sql } from 'drizzle-orm';
import { users } from '../apps/api/src/db/schema/index.js';
import { authorize } from '../apps/api/src/lib/scope.js';
import { createSensorDataRepository } from '../apps/api/src/modules/sensor-data/index.js';
import { BENCH_USER, serveApp } from './lib/app.js';
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
import { percentile, printTable, time } from './stats.js';

const DEVICES = Number(process.env.DEVICES ?? 100);
const YEAR = { sd: '2025-01-01', ed: '2025-12-31' };
const MONTH = { sd: '2025-11-01', ed: '2025-11-30' };
const NAMES = ['Lämpötila', 'Kosteus', 'CO2', 'PM2.5', 'PM10', 'TVOC'] as const;

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
const ids = await measurementIds(db, orgId, NAMES);
const [temp] = ids;
const typeId = await addDeviceType(db, orgId, 'Bench 6 mittausta', ids);
const yearTarget = await addTarget(db, orgId, 'Bench-kohde', 1);
const monthTarget = await addTarget(db, orgId, 'Bench-kohde 2', 2);
const yearDevice = await addDevice(db, { organizationId: orgId, targetId: yearTarget, typeId }, 0);
const monthDevices: string[] = [];
for (let i = 1; i <= DEVICES; i++) {
  monthDevices.push(
    await addDevice(db, { organizationId: orgId, targetId: monthTarget, typeId }, i),
  );
}

/** A reading every 10 minutes of the Finnish days, 6 measurements with a daily swing and noise. */
async function load(deviceIds: string[], days: { sd: string; ed: string }) {
  const started = performance.now();
  await addReadingSeries(db, orgId, deviceIds, days, dailySwing(ids));
  return performance.now() - started;
}
const loadYear = await load([yearDevice], YEAR);
const loadMonth = await load(monthDevices, MONTH);
await db.execute(sql`vacuum analyze`);
const counts = (await db.execute(
  sql`select (select count(*) from measurement_data)::int as raw,
    (select count(*) from measurement_hourly)::int as hourly,
    (select count(*) from measurement_daily)::int as daily`,
)) as unknown as { rows: { raw: number; hourly: number; daily: number }[] };

const served = await serveApp(database);
const { app } = served;
const get = (path: string) => async () =>
  Buffer.from(await served.get(path, { 'accept-encoding': 'identity' })).toString();

const [admin] = await db
  .select({
    userId: users.userId,
    userEmail: users.userEmail,
    userRoles: users.userRoles,
    userPermissions: users.userPermissions,
    organizationId: users.organizationId,
  })
  .from(users)
  .where(eq(users.userEmail, BENCH_USER));
if (!admin?.organizationId) throw new Error('admin');
const scope = authorize(
  { ...admin, organizationId: admin.organizationId },
  { do: 'openSection', section: 'vainu' },
);
const repo = createSensorDataRepository(db);
const year = sensorDataRange(YEAR);
const month = sensorDataRange(MONTH);

/** The plain full scan of the same rows: what any answer computed from raw readings pays. */
const scan = (ids: string[], r: { from: Date; to: Date }) => () =>
  db.execute(sql`
    select device_id, min(v), max(v), avg(v), count(*),
      (array_agg(v order by created_at desc))[1] as latest
    from (select device_id, created_at, (data ->> ${temp})::float8 as v
          from measurement_data
          where device_id in ${ids} and created_at >= ${r.from.toISOString()}::timestamptz
            and created_at < ${r.to.toISOString()}::timestamptz and data ? ${temp}) s
    group by device_id`);
/** All six measurements of the device-year in one scan (the "× 6 measurements"). */
const scanSix = () =>
  db.execute(sql`
    select e.key, min(e.value::float8), max(e.value::float8), avg(e.value::float8), count(*)
    from measurement_data m cross join lateral jsonb_each(m.data) e
    where m.device_id = ${yearDevice} and m.created_at >= ${year.from.toISOString()}::timestamptz
      and m.created_at < ${year.to.toISOString()}::timestamptz
    group by e.key`);
const rollupSix = () =>
  db.execute(sql`
    select measurement_id, min(min_value), max(max_value), sum(sum_value) / sum(count), sum(count),
      (array_agg(last_value order by last_at desc))[1] as latest
    from measurement_daily
    where device_id = ${yearDevice} and day between ${YEAR.sd}::date and ${YEAR.ed}::date
    group by measurement_id`);
/** The same answer from the hourly rollup: what the daily one saves (24 × fewer rows). */
const hourly = (ids: string[], r: { from: Date; to: Date }) => () =>
  db.execute(sql`
    select device_id, min(min_value), max(max_value), sum(sum_value) / sum(count), sum(count),
      (array_agg(last_value order by last_at desc))[1] as latest
    from measurement_hourly
    where device_id in ${ids} and measurement_id = ${temp}
      and hour >= ${r.from.toISOString()}::timestamptz and hour < ${r.to.toISOString()}::timestamptz
    group by device_id`);
const rawYear = () => repo.rawPoints(scope, yearDevice, temp, year.from, year.to, 1_000_000);

const yearScan = await time(scan([yearDevice], year));
const yearRollup = await time(() => repo.summaryOfDays(scope, [yearDevice], temp, YEAR));
const yearHourly = await time(hourly([yearDevice], year));
const yearRoute = await time(
  get(`/api/target-measurements?did=${yearDevice}&mid=${temp}&sd=${YEAR.sd}&ed=${YEAR.ed}`),
);
const sixScan = await time(scanSix);
const sixRollup = await time(rollupSix);
const monthScan = await time(scan(monthDevices, month));
const monthRollup = await time(() => repo.summaryOfDays(scope, monthDevices, temp, MONTH));
const monthHourly = await time(hourly(monthDevices, month));
const monthRoute = await time(
  get(`/api/target-measurements?tid=${monthTarget}&mid=${temp}&sd=${MONTH.sd}&ed=${MONTH.ed}`),
);
const chartPath = `/api/measurement-data/${yearDevice}?mid=${temp}&sd=${YEAR.sd}&ed=${YEAR.ed}&width=1200`;
const rawRead = await time(rawYear);
const chartRoute = await time(get(chartPath));
const chartBody = await get(chartPath)();
const chart = JSON.parse(chartBody) as { measurementData: unknown[]; downsampled: boolean };
const rawPoints = await rawYear();
const rawBody = JSON.stringify({
  measurementData: rawPoints.map((p) => ({
    createdAt: p.at.toISOString(),
    data: { [temp]: p.value },
  })),
});
await app.close();
await database.close();

const sizes = (body: string) => {
  const buf = Buffer.from(body);
  return {
    plain: buf.byteLength,
    gzip: gzipSync(buf).byteLength,
    br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).byteLength,
  };
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ratio = (samples: number[], base: number[]) => percentile(samples, 50) / percentile(base, 50);

console.log(
  `\nsensor data on ${database.kind}: ${counts.rows[0]?.raw} measurement_data rows, ${counts.rows[0]?.hourly} hourly and ${counts.rows[0]?.daily} daily rollup rows; loaded the device-year in ${(loadYear / 1000).toFixed(1)} s, ${DEVICES} devices × 1 month in ${(loadMonth / 1000).toFixed(1)} s (insert + rollup)`,
);
printTable('one device-year (52,560 uplinks × 6 measurements), one measurement (ms)', [
  { name: 'full scan of the rows (baseline)', samples: yearScan, ratio: 1 },
  { name: 'hourly rollup, plain SQL', samples: yearHourly, ratio: ratio(yearHourly, yearScan) },
  { name: 'daily rollup (repository)', samples: yearRollup, ratio: ratio(yearRollup, yearScan) },
  { name: 'GET /api/target-measurements', samples: yearRoute, ratio: ratio(yearRoute, yearScan) },
]);
printTable('one device-year, all 6 measurements (ms)', [
  { name: 'full scan, jsonb_each (baseline)', samples: sixScan, ratio: 1 },
  { name: 'daily rollup, plain SQL', samples: sixRollup, ratio: ratio(sixRollup, sixScan) },
]);
printTable(`${DEVICES} devices × 1 month, one measurement (ms)`, [
  { name: 'full scan of the rows (baseline)', samples: monthScan, ratio: 1 },
  { name: 'hourly rollup, plain SQL', samples: monthHourly, ratio: ratio(monthHourly, monthScan) },
  { name: 'daily rollup (repository)', samples: monthRollup, ratio: ratio(monthRollup, monthScan) },
  {
    name: 'GET /api/target-measurements',
    samples: monthRoute,
    ratio: ratio(monthRoute, monthScan),
  },
]);
printTable('chart of the device-year at 1,200 px (ms)', [
  { name: 'read the raw points (baseline)', samples: rawRead, ratio: 1 },
  { name: 'GET /api/measurement-data', samples: chartRoute, ratio: ratio(chartRoute, rawRead) },
]);
const c = sizes(chartBody);
const r = sizes(rawBody);
console.log(
  `chart answer: ${chart.measurementData.length} points (downsampled ${chart.downsampled}), ${kib(c.plain)} plain, ${kib(c.gzip)} gzip, ${kib(c.br)} brotli q4`,
);
console.log(
  `the raw year as points: ${rawPoints.length} points, ${kib(r.plain)} plain, ${kib(r.gzip)} gzip, ${kib(r.br)} brotli q4`,
);
