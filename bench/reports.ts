/**
 * The PDF measurement report: one month of 10 devices (a reading every 10 minutes: 4,464 per
 * device, temperature, humidity and CO2), over real HTTP. Beside it, in the same run:
 *  - the same query's summary table as JSON (GET /api/target-measurements), the report's
 *    first read, as the baseline,
 *  - the CPU time of a report rendered on the event loop (the process's own cost, which the
 *    load of a shared machine does not inflate),
 *  - a list route (GET /api/targets) p99 on an idle server, and while 4 reports render,
 *    with the render worker threads (the default) and with rendering on the event loop
 *    (REPORT_RENDER_THREADS=0), which shows what the workers are for.
 * Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a database of its own).
 * Run: npm run bench -- reports   (ROUNDS=30, LIST_CALLS=300, DEVICES=10, DAYS=31)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { serveApp } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { addDevice, addReadings, addTarget, indoorAirCatalogue } from './lib/fixture.js';
import { percentile, ROUNDS } from './stats.js';

const DEVICES = Number(process.env.DEVICES ?? 10);
const DAYS = Number(process.env.DAYS ?? 31);
const LIST_CALLS = Number(process.env.LIST_CALLS ?? 300);
const STEP_MS = 10 * 60_000;
const SD = '2026-10-01';
const ED = `2026-10-${String(DAYS).padStart(2, '0')}`;

const database = await openBenchDatabase();
const { db } = database;
const { organizationId: orgId, co2, temperature, humidity, typeId } = await indoorAirCatalogue(db);
const targetId = await addTarget(db, orgId, 'Raporttikoulu', 1, {
  targetType: 'Koulu',
  targetJobNumber: 'R-1',
});

const start = Date.parse(`${SD}T00:00:00+03:00`);
const perDevice = (DAYS * 86_400_000) / STEP_MS;
for (let d = 0; d < DEVICES; d++) {
  const deviceId = await addDevice(db, { organizationId: orgId, targetId, typeId }, d, {
    deviceQrCode: `R-${d}`,
    deviceName: `Luokka ${d + 1}`,
    deviceEui: randomBytes(8).toString('hex').toUpperCase(),
    deviceSerialNumber: `R-${d}`,
    deviceComissioiningDay: '2026-01-01',
    deviceLocation: `${d + 1}. kerros`,
    deviceProductCode: 'P',
  });
  await addReadings(db, orgId, deviceId, perDevice, (i) => {
    const day = Math.sin((2 * Math.PI * (i % 144)) / 144);
    return {
      createdAt: new Date(start + i * STEP_MS),
      dedupKey: `b-${d}-${i}`,
      data: {
        [co2]: Math.round(600 + 400 * Math.max(0, day) + 50 * Math.sin(i / 7 + d)),
        [temperature]: Math.round((21.5 + 1.5 * day + 0.3 * Math.sin(i / 5)) * 100) / 100,
        [humidity]: Math.round(35 + 10 * Math.sin(i / 300)),
      },
    };
  });
}
await db.execute(sql`analyze`);

const reportPath = `/api/reports/measurements.pdf?tid=${targetId}&mid=${co2}&sd=${SD}&ed=${ED}`;

async function serve(threads: number | undefined) {
  const { app, config, get } = await serveApp(database, {
    ...(threads !== undefined && { REPORT_RENDER_THREADS: String(threads) }),
    REPORT_QUEUE: '8',
  });
  return { app, config, get: (path: string) => get(path) };
}

const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const loop = async (n: number, fn: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push(await timed(fn));
  return samples;
};

/** The list route's latencies idle, then while 4 reports render without pause. */
async function listUnderReports(get: (path: string) => Promise<ArrayBuffer>, calls = LIST_CALLS) {
  const idle = await loop(calls, () => get('/api/targets'));
  let stop = false;
  let reports = 0;
  const renderers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      await get(reportPath);
      reports += 1;
    }
  });
  // Let all four get going before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const busy = await loop(calls, () => get('/api/targets'));
  stop = true;
  await Promise.all(renderers);
  return { idle, busy, reports };
}

const fmt = (v: number) => v.toFixed(1).padStart(9);
const row = (name: string, s: number[]) =>
  console.log(
    `${name.padEnd(52)} ${fmt(percentile(s, 50))} ${fmt(percentile(s, 95))} ${fmt(percentile(s, 99))}`,
  );
const header = (title: string) => {
  console.log(`\n${title}`);
  console.log(
    `${'case'.padEnd(52)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)}`,
  );
};

// Worker threads (the default).
const workers = await serve(undefined);
const threads = workers.config.reports.threads;
await workers.get(reportPath); // warm: starts the render thread, loads ECharts and pdfmake there
const pdf = await workers.get(reportPath);
const report = await loop(ROUNDS, () => workers.get(reportPath));
const summaryPath = reportPath.replace('/api/reports/measurements.pdf', '/api/target-measurements');
await workers.get(summaryPath);
const summary = await loop(ROUNDS, () => workers.get(summaryPath));
const listW = await listUnderReports(workers.get);
await workers.app.close();

// Rendering on the event loop, for comparison.
const inline = await serve(0);
await inline.get(reportPath);
// On the event loop, the process's CPU time per report is the render's cost on an idle core:
// a figure this busy, shared machine cannot distort (wall-clock times here include the wait).
const reportCpu: number[] = [];
const reportInline = await loop(Math.min(ROUNDS, 10), async () => {
  const before = process.cpuUsage();
  await inline.get(reportPath);
  const used = process.cpuUsage(before);
  reportCpu.push((used.user + used.system) / 1000);
});
// Each call may wait out a whole render here: fewer calls keep the run short.
const listI = await listUnderReports(inline.get, Math.min(LIST_CALLS, 60));
await inline.app.close();
await database.close();

header(
  `PDF report, ${DEVICES} devices × ${DAYS} days (${perDevice} readings each) on ${database.kind}, ms; ${ROUNDS} rounds, load average ${loadavg()[0]?.toFixed(1)}`,
);
row('GET /api/target-measurements, same query (baseline)', summary);
row(`GET report, ${threads} render thread(s)`, report);
row('GET report, rendered on the event loop', reportInline);
row('  its CPU time (server + client process)', reportCpu);
console.log(`PDF ${(pdf.byteLength / 1024).toFixed(0)} KiB`);
header(`GET /api/targets, ${LIST_CALLS} calls each (event-loop case ${listI.idle.length}), ms`);
row('idle (render threads)', listW.idle);
row(`while 4 reports render in threads (${listW.reports} made)`, listW.busy);
row('idle (event-loop rendering)', listI.idle);
row(`while 4 reports render on the event loop (${listI.reports} made)`, listI.busy);
