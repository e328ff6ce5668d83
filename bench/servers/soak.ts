// The server of the soak run (bench/soak.ts): the real app as `npm start` runs it, on a fresh
// database with the demo data plus a soak target of SOAK_DEVICES devices whose temperature has
// alarm limits 18–28 °C, and (with SOAK_MQTT_URL) the MQTT subscriber on the run's own topics.
// With SOAK_ORGANIZATIONS above 1 (the fleet mode) the devices are spread over that many
// organizations — the demo organization and new ones, each with its own temperature, type,
// target, limits and ingest key — and the demo organization also gets a target of CHART_DEVICES
// devices with a year of readings every 5 minutes (the users' month and year charts, reports).
// Talks to the parent over IPC: tells it the address and the fixture, sends a sample of its RSS
// and event-loop lag every SAMPLE_MS, counts stored dedup keys on request, closes on "stop".
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config/index.js';
import {
  alarmLimits,
  alarms,
  devices as deviceTable,
  measurementData,
  measurements,
  organizations,
} from '../../apps/api/src/db/schema/index.js';
import { analyzesItself } from '../../apps/api/src/db/statistics.js';
import { openBenchDatabase } from '../lib/database.js';
import {
  addDevice,
  addDeviceType,
  addIngestKey,
  addReadingSeries,
  addTarget,
  dailySwing,
  demoOrganization,
  measurementIds,
} from '../lib/fixture.js';

const DEVICES = Number(process.env.SOAK_DEVICES ?? 500);
const ORGANIZATIONS = Number(process.env.SOAK_ORGANIZATIONS ?? 1);
const CHART_DEVICES = 4;
const SAMPLE_MS = 5_000;

const database = await openBenchDatabase();
const { db } = database;
const organizationId = await demoOrganization(db);
const [temperature] = await measurementIds(db, organizationId, ['Lämpötila'] as const);
const [demoTemperature] = await db
  .select()
  .from(measurements)
  .where(eq(measurements.measurementId, temperature));

/** A fleet device: its id, DevEUI and the index of its organization's ingest key. */
interface FleetDevice {
  id: string;
  eui: string;
  key: number;
}
const devices: FleetDevice[] = [];
const keys: string[] = [];
const organizationIds: string[] = [];
let targetId = '';
const perOrganization = Math.ceil(DEVICES / ORGANIZATIONS);
for (let o = 0; o < ORGANIZATIONS; o++) {
  let orgId = organizationId;
  let temperatureId = temperature;
  if (o > 0) {
    const [org] = await db
      .insert(organizations)
      .values({
        organizationBusinessId: '1234567-8',
        organizationContractNumber: `F-${o}`,
        organizationName: `Laivasto ${o} Oy`,
        organizationAddress: 'Satamakatu 1',
        organizationZipCode: '00100',
        organizationPostalDistrict: 'Helsinki',
        organizationArea: 'Uusimaa',
      })
      .returning({ id: organizations.organizationId });
    orgId = org?.id ?? '';
    // The demo's temperature, as the organization's own (new id and times).
    const [m] = await db
      .insert(measurements)
      .values({
        ...(demoTemperature as typeof measurements.$inferInsert),
        measurementId: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        organizationId: orgId,
      })
      .returning({ id: measurements.measurementId });
    temperatureId = m?.id ?? '';
  }
  organizationIds.push(orgId);
  const typeId = await addDeviceType(db, orgId, 'Soak', [temperatureId]);
  const target = await addTarget(db, orgId, 'Soak-kohde', 9000);
  if (o === 0) targetId = target;
  const first = o * perOrganization;
  const count = Math.min(perOrganization, DEVICES - first);
  const n = (k: number) => 900_000 + first + k;
  const euiOf = (k: number) => (0xbe00000000000000n + BigInt(n(k))).toString(16).toUpperCase();
  const stored = await db
    .insert(deviceTable)
    .values(
      Array.from({ length: count }, (_, k) => ({
        organizationId: orgId,
        deviceTargetId: target,
        deviceTypeId: typeId,
        deviceQrCode: `BENCH-${n(k)}`,
        deviceName: `Bench ${n(k)}`,
        deviceEui: euiOf(k),
        deviceSerialNumber: `SN-${n(k)}`,
        deviceComissioiningDay: '2025-01-01',
        deviceLocation: `Huone ${n(k)}`,
        deviceLatitude: 60.2,
        deviceLongitude: 24.9,
        deviceSwVersion: '1',
        deviceProductCode: 'B',
      })),
    )
    .returning({ id: deviceTable.deviceId, eui: deviceTable.deviceEui });
  await db.insert(alarmLimits).values(
    stored.map((d) => ({
      organizationId: orgId,
      deviceId: d.id,
      measurementId: temperatureId,
      lowLimit: 18,
      highLimit: 28,
    })),
  );
  for (const d of stored) devices.push({ id: d.id, eui: d.eui, key: o });
  keys.push(await addIngestKey(db, orgId, 'Soak'));
}

/** Fleet mode: a target whose devices have a year of readings (the charts and the reports). */
const chart = { targetId: '', deviceIds: [] as string[] };
if (ORGANIZATIONS > 1) {
  const typeId = await addDeviceType(db, organizationId, 'Vuosi', [temperature]);
  chart.targetId = await addTarget(db, organizationId, 'Vuosikohde', 9001);
  for (let d = 0; d < CHART_DEVICES; d++)
    chart.deviceIds.push(
      await addDevice(db, { organizationId, targetId: chart.targetId, typeId }, 800_000 + d),
    );
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  await addReadingSeries(
    db,
    organizationId,
    chart.deviceIds,
    { sd: day(Date.now() - 366 * 86_400_000), ed: day(Date.now() - 86_400_000) },
    dailySwing([temperature]),
    '5 minutes',
  );
  await db.execute(sql`analyze`);
}
const [key] = keys;
const topicPrefix = `soak-${randomBytes(4).toString('hex')}`;
const mqttUrl = process.env.SOAK_MQTT_URL;

const config = loadConfig({
  DATA_DIR: process.env.SOAK_DATA_DIR ?? '/tmp/vahti-soak',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  JWT_SECRET: 's'.repeat(32),
  ...(mqttUrl && {
    MQTT_URL: mqttUrl,
    MQTT_INGEST_KEY: key as string,
    MQTT_CLIENT_ID: `vahti-${topicPrefix}`,
    MQTT_TOPICS: `${topicPrefix}/application/+/device/+/event/up`,
  }),
});
const { app, container } = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
await container.services.mqtt?.subscribed();

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const sampler = setInterval(() => {
  process.send?.({
    type: 'sample',
    rss: process.memoryUsage.rss(),
    lagP99Ms: lag.percentile(99) / 1e6,
    lagMaxMs: lag.max / 1e6,
  });
  lag.reset();
}, SAMPLE_MS);

/** How many of these dedup keys are stored (the keys have no , " { }). */
async function countStored(keys: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(measurementData)
    .where(
      sql`${measurementData.dedupKey} = any(${`{${keys.join(',')}}`}::text[])
        and ${inArray(measurementData.organizationId, organizationIds)}`,
    );
  return row?.n ?? 0;
}

/**
 * Statistics as production has them: where nothing analyzes the tables by itself (this
 * machine's PostgreSQL runs with `autovacuum = off`, PGlite has no background workers) the app's
 * own statistics upkeep does, once a minute (ADR 0033). The soak says which.
 */
const analyzedByApp = !(await analyzesItself(database));

process.on('message', async (message: { type: string; id?: number; keys?: string[] }) => {
  if (message.type === 'count') {
    process.send?.({ type: 'count', id: message.id, n: await countStored(message.keys ?? []) });
  } else if (message.type === 'alarms') {
    const [row] = await db
      .select({
        opened: sql<number>`count(*)::int`,
        acknowledged: sql<number>`count(*) filter (where ${alarms.state} = 1)::int`,
      })
      .from(alarms)
      .where(inArray(alarms.organizationId, organizationIds));
    process.send?.({ type: 'alarms', ...row });
  } else if (message.type === 'stop') {
    clearInterval(sampler);
    await app.close();
    await database.close();
    process.exit(0);
  }
});
process.send?.({
  type: 'ready',
  address,
  keys,
  kind: database.kind,
  analyzedByApp,
  topicPrefix,
  mqttConnections: config.mqtt?.connections ?? 0,
  targetId,
  measurementId: temperature,
  devices,
  chart,
});
