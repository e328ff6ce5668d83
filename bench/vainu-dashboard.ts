/**
 * The Vainu device dashboard at the size of a large organization: DEVICES devices (100) on 20
 * targets, each with DAYS days (30) of uplinks every 15 minutes, a tenth of them in alarm.
 * Baseline on the same database, in the same run: the plain aggregate any "last seen" must beat,
 * `SELECT device_id, max(created_at) … GROUP BY device_id` over the organization's rows. Beside
 * it the ingest module's `lastSeenOf` (a lateral LIMIT 1 per device on (device_id, created_at))
 * and the whole GET /api/vainu/dashboard over real HTTP (organization, devices, open alarms,
 * last seen, validation and serialisation), with GET /api/organization-alarms and the small
 * GET /api/targets/names as the cost of any signed-in call for scale. Runs on PGlite, or on PostgreSQL with
 * BENCH_DATABASE_URL. Run: npm run bench -- vainu-dashboard
 */
import { eq, sql } from 'drizzle-orm';
import {
  alarms,
  devices,
  deviceTypeMeasurements,
  measurementData,
} from '../apps/api/src/db/schema/index.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import { createIngestRepository } from '../apps/api/src/modules/ingest/ingest.repository.js';
import { serveApp } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { addDevice, addPartitions, addTarget, demoOrganization } from './lib/fixture.js';
import { percentile, printTable, time } from './stats.js';

const DEVICES = Number(process.env.DEVICES ?? 100);
const DAYS = Number(process.env.DAYS ?? 30);
const TARGETS = 20;

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
const [type] = await db
  .select({ typeId: devices.deviceTypeId, measurementId: deviceTypeMeasurements.measurementId })
  .from(devices)
  .innerJoin(deviceTypeMeasurements, eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId))
  .where(eq(devices.organizationId, orgId))
  .limit(1);
if (!type) throw new Error('demo device type missing');

const targetIds: string[] = [];
for (let i = 0; i < TARGETS; i++) targetIds.push(await addTarget(db, orgId, `Bench-kohde ${i}`, i));
const deviceIds: string[] = [];
for (let i = 0; i < DEVICES; i++) {
  const place = {
    organizationId: orgId,
    targetId: targetIds[i % TARGETS] as string,
    typeId: type.typeId,
  };
  deviceIds.push(
    await addDevice(db, place, i, {
      deviceName: `Bench-mittari ${i}`,
      deviceEui: `BE0C${String(i).padStart(12, '0')}`,
      deviceSerialNumber: `SN-B-${i}`,
      deviceComissioiningDay: '2026-01-01',
      deviceLocation: `${1 + (i % 8)}. kerros`,
      deviceSwVersion: '1.0.0',
      deviceProductCode: 'VA-BENCH',
    }),
  );
}

// Every device: one uplink every 15 minutes for DAYS days up to now, written by the database.
const started = Date.now();
const perDevice = DAYS * 96;
await addPartitions(db, new Date(started - DAYS * 86_400_000), new Date(started));
for (const [i, deviceId] of deviceIds.entries()) {
  await db.execute(sql`
    insert into ${measurementData} (organization_id, device_id, created_at, received_at, dedup_key, data)
    select ${orgId}, ${deviceId}, t, t, 'b:' || n, jsonb_build_object(${type.measurementId}::text, 20 + (n % 7))
    from generate_series(1, ${perDevice}) as n,
      lateral (select now() - (n * interval '15 minutes') as t) as times`);
  if (i % 10 === 0) {
    await db.insert(alarms).values({
      organizationId: orgId,
      deviceId,
      measurementId: type.measurementId,
      alarmBreakThrough: 'up',
      value: 50,
      limitValue: 40,
      createdAt: new Date(),
    });
  }
}
await db.execute(sql`analyze`);
const rows = DEVICES * perDevice;
console.log(`${rows.toLocaleString('fi')} measurement rows written in ${Date.now() - started} ms`);

const served = await serveApp(database);
const { app } = served;
const get = (path: string) => () => served.get(path);

const scope = systemScope('seed', orgId);
const ingest = createIngestRepository(db);
const allDevices = (
  await db.select({ id: devices.deviceId }).from(devices).where(eq(devices.organizationId, orgId))
).map((row) => row.id);
const baseline = await time(() =>
  db
    .select({ deviceId: measurementData.deviceId, last: sql`max(${measurementData.createdAt})` })
    .from(measurementData)
    .where(eq(measurementData.organizationId, orgId))
    .groupBy(measurementData.deviceId),
);
const lateral = await time(() => ingest.lastSeenOf(scope, allDevices));
const dashboard = await time(get('/api/vainu/dashboard'));
const orgAlarms = await time(get('/api/organization-alarms'));
const names = await time(get('/api/targets/names'));
const body = await get('/api/vainu/dashboard')();
await app.close();
await database.close();

const base = percentile(baseline, 50);
printTable(
  `Vainu dashboard, ${allDevices.length} devices, ${rows.toLocaleString('fi')} uplinks on ${database.kind} (ms)`,
  [
    { name: 'max(created_at) GROUP BY (baseline)', samples: baseline, ratio: 1 },
    {
      name: 'lastSeenOf (lateral LIMIT 1)',
      samples: lateral,
      ratio: percentile(lateral, 50) / base,
    },
    {
      name: 'GET /api/vainu/dashboard',
      samples: dashboard,
      ratio: percentile(dashboard, 50) / base,
    },
    {
      name: 'GET /api/organization-alarms',
      samples: orgAlarms,
      ratio: percentile(orgAlarms, 50) / base,
    },
    {
      name: 'GET /api/targets/names (floor)',
      samples: names,
      ratio: percentile(names, 50) / base,
    },
  ],
);
console.log(`GET /api/vainu/dashboard body: ${(body.byteLength / 1024).toFixed(0)} KiB`);
