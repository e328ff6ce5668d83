/**
 * Alarm evaluation and the offline sweep (ADR 0024). Evaluation: readings of the demo
 * organization's devices (one value each, inside the limits, as nearly all are) evaluated in
 * groups of 1,000 in a transaction, as the ingest's group writer does — first with no device type
 * delaying its alarms (the baseline), then with every type's alarm delay at 10 minutes: the cost
 * of the one more query per group that reads the waiting counts. Sweep: DEVICES devices with
 * a reading each, their types with an offline limit; the baseline is the ingest repository's
 * `lastSeenOf` of the same devices (the same backward index probe per device, without the
 * sweep's filters); the sweep finds none silent, then (a later "now") opens one alarm each.
 * Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * Run: npm run bench -- alarms   (READINGS=20000 DEVICES=500 by default)
 */
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import {
  alarmLimits,
  alarms,
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  measurementData,
  targets,
} from '../apps/api/src/db/schema/index.js';
import { withTransactions } from '../apps/api/src/db/transactions.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import { createIngestRepository } from '../apps/api/src/modules/ingest/ingest.repository.js';
import { openBenchDatabase } from './lib/database.js';
import { addDevice, demoOrganization } from './lib/fixture.js';

const READINGS = Number(process.env.READINGS ?? 20_000);
const DEVICES = Number(process.env.DEVICES ?? 500);
const GROUP = 1000;

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
const config = loadConfig({
  DATA_DIR: '/tmp/vahti-bench',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(32),
  ALARM_OFFLINE_SWEEP_SECONDS: '0',
});
const { app, container } = await buildApp({ config, database, logger: false });
const scope = systemScope('seed', orgId);
const txDb = withTransactions(db);

// Each device's first measurement with a device limit 0–100 (the demo's own limits replaced).
const firstRows = await db
  .select({ deviceId: devices.deviceId, measurementId: deviceTypeMeasurements.measurementId })
  .from(devices)
  .innerJoin(deviceTypeMeasurements, eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId))
  .where(and(eq(devices.organizationId, orgId), eq(deviceTypeMeasurements.position, 0)));
await db.delete(alarmLimits).where(eq(alarmLimits.organizationId, orgId));
await db.insert(alarmLimits).values(
  firstRows.map((row) => ({
    organizationId: orgId,
    deviceId: row.deviceId,
    measurementId: row.measurementId,
    lowLimit: 0,
    highLimit: 100,
  })),
);

let serial = 0;
const readings = () =>
  Array.from({ length: READINGS }, (_, i) => {
    const row = firstRows[i % firstRows.length] as (typeof firstRows)[number];
    serial += 1;
    return {
      deviceId: row.deviceId,
      measuredAt: new Date(Date.UTC(2025, 0, 1) + serial * 60_000),
      values: { [row.measurementId]: 50 },
    };
  });

async function evaluateAll() {
  const all = readings();
  const start = performance.now();
  for (let i = 0; i < all.length; i += GROUP)
    await txDb.transaction(() =>
      container.services.alarms.evaluate(scope, all.slice(i, i + GROUP)),
    );
  return performance.now() - start;
}

const setTypes = (values: Partial<typeof deviceTypes.$inferInsert>) =>
  db.update(deviceTypes).set(values).where(eq(deviceTypes.organizationId, orgId));

await setTypes({ deviceTypeAlarmDelayMinutes: null });
await evaluateAll(); // warm-up
const immediate = await evaluateAll();
await setTypes({ deviceTypeAlarmDelayMinutes: 10 });
const delayed = await evaluateAll();

// The sweep: DEVICES more devices on a target of the organization, one reading each.
const [target] = await db
  .select({ id: targets.targetId })
  .from(targets)
  .where(eq(targets.organizationId, orgId))
  .limit(1);
const [type] = await db
  .select({ id: deviceTypes.deviceTypeId })
  .from(deviceTypes)
  .where(eq(deviceTypes.organizationId, orgId))
  .limit(1);
if (!target || !type) throw new Error('demo target or type missing');
const place = { organizationId: orgId, targetId: target.id, typeId: type.id };
const added: string[] = [];
for (let n = 0; n < DEVICES; n++) added.push(await addDevice(db, place, 900_000 + n));
const lastReading = new Date(Date.UTC(2026, 0, 1));
for (let i = 0; i < added.length; i += 2000)
  await db.insert(measurementData).values(
    added.slice(i, i + 2000).map((deviceId) => ({
      organizationId: orgId,
      deviceId,
      createdAt: lastReading,
      dedupKey: 'bench',
      data: {},
    })),
  );
await setTypes({ deviceTypeOfflineAfterMinutes: 30, deviceTypeAlarmDelayMinutes: null });
const allDevices = (
  await db.select({ id: devices.deviceId }).from(devices).where(eq(devices.organizationId, orgId))
).map((row) => row.id);

const time = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};
const ingestRepository = createIngestRepository(db);
await ingestRepository.lastSeenOf(scope, allDevices); // warm-up
const lastSeen = await time(() => ingestRepository.lastSeenOf(scope, allDevices));
const quiet = await time(() =>
  container.services.alarms.sweepOffline(new Date(lastReading.getTime() + 60_000)),
);
let opened = 0;
const sweeping = await time(async () => {
  opened = (
    await container.services.alarms.sweepOffline(new Date(lastReading.getTime() + 31 * 60_000))
  ).filter((c) => added.includes(c.deviceId)).length;
});
const offline = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(alarms)
  .where(and(eq(alarms.organizationId, orgId), eq(alarms.alarmBreakThrough, 'offline')));

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en');
console.log(
  `\nAlarms on ${database.kind} (${READINGS.toLocaleString('en')} readings of ${firstRows.length} devices in groups of ${GROUP}; ${allDevices.length} devices swept)\n`,
);
console.table([
  {
    case: 'evaluate, no delay (baseline)',
    ms: Math.round(immediate),
    'readings/s': rate(READINGS, immediate),
    ratio: '1.00',
  },
  {
    case: 'evaluate, every type delayed 10 min',
    ms: Math.round(delayed),
    'readings/s': rate(READINGS, delayed),
    ratio: (delayed / immediate).toFixed(2),
  },
  {
    case: 'lastSeenOf of every device (baseline)',
    ms: Math.round(lastSeen),
    'readings/s': '',
    ratio: '1.00',
  },
  {
    case: 'offline sweep, none silent',
    ms: Math.round(quiet),
    'readings/s': '',
    ratio: (quiet / lastSeen).toFixed(2),
  },
  {
    case: `offline sweep, opening ${opened}`,
    ms: Math.round(sweeping),
    'readings/s': '',
    ratio: (sweeping / lastSeen).toFixed(2),
  },
]);
if (opened !== DEVICES) throw new Error(`the sweep opened ${opened} of ${DEVICES}`);
console.log(`offline alarms in the organization: ${offline[0]?.n}`);
await app.close();
await database.close();
