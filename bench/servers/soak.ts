// The server of the soak run (bench/soak.ts): the real app as `npm start` runs it, on a fresh
// database with the demo data plus a soak target of SOAK_DEVICES devices whose temperature has
// alarm limits 18–28 °C, and (with SOAK_MQTT_URL) the MQTT subscriber on the run's own topics.
// Talks to the parent over IPC: tells it the address and the fixture, sends a sample of its RSS
// and event-loop lag every SAMPLE_MS, counts stored dedup keys on request, closes on "stop".
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config/index.js';
import { alarmLimits, alarms, measurementData } from '../../apps/api/src/db/schema/index.js';
import { analyzesItself } from '../../apps/api/src/db/statistics.js';
import { openBenchDatabase } from '../lib/database.js';
import {
  addDevice,
  addDeviceType,
  addIngestKey,
  addTarget,
  demoOrganization,
  measurementIds,
} from '../lib/fixture.js';

const DEVICES = Number(process.env.SOAK_DEVICES ?? 500);
const SAMPLE_MS = 5_000;

const database = await openBenchDatabase();
const { db } = database;
const organizationId = await demoOrganization(db);
const [temperature] = await measurementIds(db, organizationId, ['Lämpötila'] as const);
const typeId = await addDeviceType(db, organizationId, 'Soak', [temperature]);
const targetId = await addTarget(db, organizationId, 'Soak-kohde', 9000);
const devices: { id: string; eui: string }[] = [];
for (let n = 0; n < DEVICES; n++) {
  const id = await addDevice(db, { organizationId, targetId, typeId }, 900_000 + n);
  devices.push({ id, eui: (0xbe00000000000000n + BigInt(900_000 + n)).toString(16) });
}
await db.insert(alarmLimits).values(
  devices.map((d) => ({
    organizationId,
    deviceId: d.id,
    measurementId: temperature,
    lowLimit: 18,
    highLimit: 28,
  })),
);
const key = await addIngestKey(db, organizationId, 'Soak');
const topicPrefix = `soak-${randomBytes(4).toString('hex')}`;
const mqttUrl = process.env.SOAK_MQTT_URL;

const config = loadConfig({
  DATA_DIR: process.env.SOAK_DATA_DIR ?? '/tmp/vahti-soak',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  JWT_SECRET: 's'.repeat(32),
  ...(mqttUrl && {
    MQTT_URL: mqttUrl,
    MQTT_INGEST_KEY: key,
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

/** How many of these dedup keys are stored in the organization (the keys have no , " { }). */
async function countStored(keys: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(measurementData)
    .where(
      and(
        eq(measurementData.organizationId, organizationId),
        sql`${measurementData.dedupKey} = any(${`{${keys.join(',')}}`}::text[])`,
      ),
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
      .where(eq(alarms.organizationId, organizationId));
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
  key,
  kind: database.kind,
  analyzedByApp,
  topicPrefix,
  mqttConnections: config.mqtt?.connections ?? 0,
  targetId,
  measurementId: temperature,
  devices,
});
