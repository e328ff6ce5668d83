/**
 * Uplink → alarm visible on GET /api/events (issue 11: p99 ≤ 1 s), over real HTTP. Each round
 * sends an uplink above the limit to instance A's generic webhook and times the `alarm.changed`
 * "opened" event on two open streams: one on A itself (the baseline: the in-process hand-over)
 * and, on PostgreSQL, one on a second instance B on the same database (cross-instance: NOTIFY
 * through PostgreSQL, ADR 0023). A second uplink closes the alarm before the next round. With
 * LOAD > 0, that many workers keep sending ChirpStack uplinks of the demo devices to A meanwhile
 * (the group commit's load). Both instances and the load run in this one process.
 * Run: npm run bench -- events   (ROUNDS=200 LOAD=0 by default; PostgreSQL with BENCH_DATABASE_URL)
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { alarmLimits, devices, deviceTypeMeasurements } from '../apps/api/src/db/schema/index.js';
import { watchAlarmChanges } from './lib/alarm-stream.js';
import { signIn } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { addDevice, addIngestKey, demoOrganization } from './lib/fixture.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const LOAD = Number(process.env.LOAD ?? 0);

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);

// One new device of a demo device's type, with its own limit 0–100 on the type's first
// measurement; the demo devices carry the background load.
const [demo] = await db
  .select({ targetId: devices.deviceTargetId, typeId: devices.deviceTypeId })
  .from(devices)
  .where(eq(devices.organizationId, orgId))
  .limit(1);
if (!demo) throw new Error('no demo device');
const [first] = await db
  .select({ id: deviceTypeMeasurements.measurementId })
  .from(deviceTypeMeasurements)
  .where(
    and(
      eq(deviceTypeMeasurements.deviceTypeId, demo.typeId),
      eq(deviceTypeMeasurements.position, 0),
    ),
  );
if (!first) throw new Error('no measurement');
const deviceId = await addDevice(db, { organizationId: orgId, ...demo }, 1);
const [device] = await db
  .select({ eui: devices.deviceEui })
  .from(devices)
  .where(eq(devices.deviceId, deviceId));
await db.insert(alarmLimits).values({
  organizationId: orgId,
  deviceId,
  measurementId: first.id,
  lowLimit: 0,
  highLimit: 100,
});
const loadEuis = (
  await db.select({ eui: devices.deviceEui }).from(devices).where(eq(devices.organizationId, orgId))
)
  .map((row) => row.eui)
  .filter((eui) => eui && eui !== device?.eui);
const key = await addIngestKey(db, orgId, 'Bench events');

const config = loadConfig({
  DATA_DIR: '/tmp/vahti-bench-events',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(32),
});
const { app: appA } = await buildApp({ config, database, logger: false });
await appA.listen({ port: 0, host: '127.0.0.1' });
const databaseB =
  database.kind === 'postgres'
    ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
    : null;
const appB = databaseB
  ? (await buildApp({ config, database: databaseB, logger: false })).app
  : null;
await appB?.listen({ port: 0, host: '127.0.0.1' });
const base = (app: typeof appA) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const token = await signIn(base(appA));

/** Waiters for this device's next alarm change on one stream, by change. */
const abort = new AbortController();

let minute = 0;
/** An uplink of the bench device to A's generic webhook; resolves when it is answered 200. */
async function uplink(value: number) {
  minute += 1;
  const res = await fetch(`${base(appA)}/api/ingest/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      deviceEui: device?.eui,
      time: new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString(),
      values: { [first?.id as string]: value },
    }),
  });
  if (res.status !== 200) throw new Error(`uplink: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

// The background load: ChirpStack uplinks of the demo devices, as fast as LOAD workers go.
let loading = LOAD > 0;
let loadSent = 0;
const PAYLOAD = Buffer.alloc(32).toString('base64');
const loadWorker = async () => {
  while (loading) {
    loadSent += 1;
    const res = await fetch(`${base(appA)}/api/ingest/chirpstack?event=up`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        deduplicationId: crypto.randomUUID(),
        time: new Date(Date.UTC(2024, 0, 1) + loadSent * 1000).toISOString(),
        deviceInfo: { devEui: loadEuis[loadSent % loadEuis.length] },
        fCnt: loadSent,
        data: PAYLOAD,
      }),
    });
    await res.arrayBuffer();
  }
};

const onA = await watchAlarmChanges(base(appA), token, deviceId, abort.signal);
const onB = appB ? await watchAlarmChanges(base(appB), token, deviceId, abort.signal) : null;
const load = Array.from({ length: LOAD }, loadWorker);
const loadStart = performance.now();
const samples = { same: [] as number[], cross: [] as number[] };
const answered: number[] = [];
for (let round = 0; round < ROUNDS + 1; round++) {
  const seenA = onA('opened');
  const seenB = onB?.('opened');
  const sent = performance.now();
  // Above the limit 100, yet within every demo measurement's physical bounds (−60…120 °C).
  await uplink(110);
  const committed = performance.now();
  const [atA, atB] = await Promise.all([seenA, seenB]);
  // The first round warms up.
  if (round > 0) {
    answered.push(committed - sent);
    samples.same.push((atA as number) - sent);
    if (atB !== undefined) samples.cross.push(atB - sent);
  }
  const closedA = onA('closed');
  const closedB = onB?.('closed');
  await uplink(50);
  await Promise.all([closedA, closedB]);
}
loading = false;
await Promise.all(load);
const loadSeconds = (performance.now() - loadStart) / 1000;
abort.abort();
await appB?.close();
await databaseB?.close();
await appA.close();
await database.close();

const line = (name: string, values: number[]) =>
  console.log(
    `${name.padEnd(52)} ${percentile(values, 50).toFixed(1).padStart(8)} ${percentile(values, 99).toFixed(1).padStart(8)} ${Math.max(
      ...values,
    )
      .toFixed(1)
      .padStart(8)}`,
  );
console.log(
  `\nuplink → alarm visible on /api/events, ${ROUNDS} rounds, on ${database.kind}${
    LOAD > 0 ? `, beside ${LOAD} workers' uplinks (${(loadSent / loadSeconds).toFixed(0)}/s)` : ''
  }`,
);
console.log(
  `${'case'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max'.padStart(8)}`,
);
line('webhook answered (uplink → committed)', answered);
line('stream on the same instance (baseline)', samples.same);
if (samples.cross.length > 0) line('stream on a second instance (LISTEN/NOTIFY)', samples.cross);
