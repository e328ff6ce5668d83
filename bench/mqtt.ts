/**
 * MQTT ingestion through a real broker (Mosquitto on 127.0.0.1:1883 by default, BENCH_MQTT_URL):
 * UPLINKS ChirpStack uplinks published at QoS 1 on topics of this run, timed from the first
 * publish until every reading is committed (the measurement_data rows counted). Baseline in the
 * same run: a bare mqtt.js subscriber in the same share group that only acknowledges (the
 * broker's and the client library's own rate). Then the app's subscriber (ADR 0019/0026) with
 * MQTT_CONNECTIONS=1 (one message at a time: how it was before ADR 0026) and with each of
 * CONNECTIONS (default 8,16). The publisher keeps at most WINDOW (500) uplinks outstanding. Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * Loopback only, own topics and client ids; every session is removed afterwards.
 * Run: npm run bench -- mqtt   (UPLINKS=5000 CONNECTIONS=8,16 WINDOW=500; INGEST_GROUP_*
 * settings are passed to the app)
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import { devices } from '../apps/api/src/db/schema/index.js';
import { mqttClientId } from '../apps/api/src/modules/ingest/mqtt-subscriber.js';
import { ingestGroupEnv, openBenchDatabase } from './lib/database.js';
import { addIngestKey, countReadings, demoOrganization } from './lib/fixture.js';

const UPLINKS = Number(process.env.UPLINKS ?? 5000);
const CONNECTIONS = (process.env.CONNECTIONS ?? '8,16').split(',').map(Number);
const BROKER = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/** A case that has not committed every uplink by then fails the bench. */
const CASE_LIMIT_MS = 180_000;
/** Uplinks published but not yet handled, at most (see publishAll), published CHUNK at a time. */
const WINDOW = Number(process.env.WINDOW ?? 500);
const CHUNK = 100;

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
const euis = (
  await db.select({ eui: devices.deviceEui }).from(devices).where(eq(devices.organizationId, orgId))
).map((row) => row.eui.toLowerCase());
const key = await addIngestKey(db, orgId, 'Bench MQTT');
const run = randomBytes(4).toString('hex');
const PAYLOAD = Buffer.alloc(32).toString('base64');

let serial = 0;
/** Distinct uplinks: a fresh time and deduplication id each, never a replay. */
function uplink(i: number) {
  serial += 1;
  const eui = euis[i % euis.length] as string;
  return {
    topic: `bench-${run}/application/app-1/device/${eui}/event/up`,
    body: JSON.stringify({
      deduplicationId: crypto.randomUUID(),
      time: new Date(Date.UTC(2025, 0, 1) + serial * 1000).toISOString(),
      deviceInfo: { devEui: eui },
      fCnt: serial,
      data: PAYLOAD,
    }),
  };
}

const stored = () => countReadings(db, orgId);

/** Clean session off leaves a session on the broker: a clean connect under the id removes it. */
async function forgetSessions(ids: string[]) {
  for (const clientId of ids) {
    const client = await connectAsync(BROKER, { clientId, clean: true, reconnectPeriod: 0 });
    await client.endAsync();
  }
}

/**
 * Publishes the uplinks at QoS 1, in chunks, keeping at most WINDOW of them published but not yet
 * handled (`handled()`: received or committed), and resolves once all are handled; the
 * milliseconds taken. The window stands for a network server's steady stream: Mosquitto keeps at
 * most max_queued_messages (default 1,000) per session beyond its 20 in flight and drops the
 * rest, so an unbounded burst would measure the broker's drops, not ingestion.
 */
async function publishAll(handled: () => Promise<number> | number) {
  const publisher = await connectAsync(BROKER, {
    clientId: `bench-pub-${run}`,
    reconnectPeriod: 0,
  });
  const messages = Array.from({ length: UPLINKS }, (_, i) => uplink(i));
  const start = performance.now();
  const waitUntil = async (count: number) => {
    while ((await handled()) < count) {
      if (performance.now() - start > CASE_LIMIT_MS) throw new Error('not all uplinks committed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  for (let at = 0; at < messages.length; at += CHUNK) {
    await waitUntil(at - WINDOW);
    await Promise.all(
      messages
        .slice(at, at + CHUNK)
        .map((message) => publisher.publishAsync(message.topic, message.body, { qos: 1 })),
    );
  }
  await waitUntil(UPLINKS);
  const ms = performance.now() - start;
  await publisher.endAsync();
  return ms;
}

const filter = (group: string) => `$share/${group}/bench-${run}/application/+/device/+/event/up`;

/** Baseline: one bare subscriber that only acknowledges (QoS 1, clean session off, shared). */
async function bareSubscriber() {
  const clientId = `bench-bare-${run}`;
  const client: MqttClient = await connectAsync(BROKER, {
    clientId,
    clean: false,
    reconnectPeriod: 0,
  });
  let received = 0;
  client.handleMessage = (_packet, callback) => {
    received += 1;
    callback();
  };
  let ms: number;
  try {
    await client.subscribeAsync(filter(`bench-bare-${run}`), { qos: 1 });
    ms = await publishAll(() => received);
  } finally {
    await client.endAsync();
    await forgetSessions([clientId]);
  }
  return { name: 'bare mqtt.js subscriber, ack only (baseline)', ms, note: '' };
}

/** The app's subscriber with `connections` connections; timed until every reading is stored. */
async function appSubscriber(connections: number) {
  const clientId = `bench-vahti-${run}-${connections}`;
  const config = loadConfig({
    DATA_DIR: '/tmp/vahti-bench',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'b'.repeat(32),
    MQTT_URL: BROKER,
    MQTT_INGEST_KEY: key,
    MQTT_TOPICS: `bench-${run}/application/+/device/+/event/up`,
    MQTT_SHARE_GROUP: `bench-vahti-${run}-${connections}`,
    MQTT_CLIENT_ID: clientId,
    MQTT_CONNECTIONS: String(connections),
    ...ingestGroupEnv(),
  });
  const { app, container } = await buildApp({ config, database, logger: false });
  const before = await stored();
  const groupsBefore = container.services.ingest.groupStats();
  let ms: number;
  let after: typeof groupsBefore;
  try {
    await app.ready();
    await container.services.mqtt?.subscribed();
    ms = await publishAll(async () => (await stored()) - before);
    after = container.services.ingest.groupStats();
  } finally {
    // Also when the case fails: no session of this run stays on the broker.
    await app.close();
    await forgetSessions(Array.from({ length: connections }, (_, i) => mqttClientId(clientId, i)));
  }
  const added = (await stored()) - before;
  if (added !== UPLINKS) throw new Error(`stored ${added} of ${UPLINKS}`);
  const groups = after.groups - groupsBefore.groups;
  const items = after.items - groupsBefore.items;
  return {
    name: `app subscriber, MQTT_CONNECTIONS=${connections}`,
    ms,
    note: `${groups} groups, ${(items / groups).toFixed(1)} uplinks/group`,
  };
}

const results = [await bareSubscriber(), await appSubscriber(1)];
for (const connections of CONNECTIONS) results.push(await appSubscriber(connections));
await database.close();

console.log(
  `\nmqtt, ${UPLINKS} QoS 1 ChirpStack uplinks per case through ${new URL(BROKER).host}, ${euis.length} devices, on ${database.kind}`,
);
console.log(
  `${'case'.padEnd(46)} ${'ms'.padStart(8)} ${'uplinks/s'.padStart(10)} ${'× baseline'.padStart(11)}`,
);
const base = results[0]?.ms ?? 1;
for (const r of results)
  console.log(
    `${r.name.padEnd(46)} ${r.ms.toFixed(0).padStart(8)} ${((UPLINKS / r.ms) * 1000).toFixed(0).padStart(10)} ${(base / r.ms).toFixed(3).padStart(11)}  ${r.note}`,
  );
