/**
 * Uplink ingestion into the monthly-partitioned measurement_data (ADR 0025). Baselines on the
 * same database and the same partitioned table, in the same run: the same rows written by
 * raw SQL — a COPY of all of them, one multi-row INSERT … ON CONFLICT DO NOTHING per 1,000 rows,
 * and one single-row INSERT per uplink. Beside them: the storage writer alone (the ingest
 * repository's insert with its rollups and alarm evaluation, 1,000 rows per transaction, as a
 * full group is written), the same with the device-health upsert the writer adds per group,
 * POST /api/ingest/chirpstack over HTTP (key check, body validation, device lookup, layout
 * decode, group commit, device health) with CONCURRENCY requests in flight and each
 * request's time until its 2xx (uplink → committed), and POST /api/ingest/generic in batches of
 * 1,000. Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * Run: npm run bench -- ingest   (UPLINKS=5000 CONCURRENCY=128 by default; INGEST_GROUP_*
 * settings are passed to the app)
 * DURATION=60: only the sustained run — the ChirpStack webhook for that many seconds at
 * CONCURRENCY, with uplinks/s, p50/p99 to the 2xx, errors and the rows actually stored (must equal
 * the 2xx count), beside a raw COPY of UPLINKS rows.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import {
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  measurementData,
} from '../apps/api/src/db/schema/index.js';
import { withTransactions } from '../apps/api/src/db/transactions.js';
import { systemScope } from '../apps/api/src/lib/scope.js';
import { createDeviceHealthRepository } from '../apps/api/src/modules/ingest/device-health.repository.js';
import { createIngestRepository } from '../apps/api/src/modules/ingest/ingest.repository.js';
import { chirpstackUp, postChirpstack } from './lib/chirpstack.js';
import { ingestGroupEnv, openBenchDatabase } from './lib/database.js';
import {
  addDevice,
  addDeviceType,
  addIngestKey,
  addPartitions,
  addTarget,
  copyReadings,
  countReadings,
  demoOrganization,
} from './lib/fixture.js';
import { profileSession } from './lib/profile-session.js';
import type { SendOrder, SendResult } from './lib/webhook-senders.js';

const UPLINKS = Number(process.env.UPLINKS ?? 5000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 128);
/** Seconds of the sustained webhook run (DURATION mode); unset: the fixed-count cases. */
const DURATION_S = Number(process.env.DURATION ?? 0);

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
const deviceRows = await db
  .select({ id: devices.deviceId, eui: devices.deviceEui })
  .from(devices)
  .where(eq(devices.organizationId, orgId));
const firstRows = await db
  .select({ eui: devices.deviceEui, measurementId: deviceTypeMeasurements.measurementId })
  .from(devices)
  .innerJoin(deviceTypeMeasurements, eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId))
  .where(and(eq(devices.organizationId, orgId), eq(deviceTypeMeasurements.position, 0)));
const firstMeasurement = new Map(firstRows.map((row) => [row.eui, row.measurementId]));
const key = await addIngestKey(db, orgId, 'Bench');

/**
 * Issue 25: the same webhook with devices of a JavaScript-codec type (QuickJS sandbox) beside the
 * demo's layout types. As many devices as the demo has, on one target, reading the first byte.
 */
const JS_CODEC = 'function decodeUplink(input) { return { data: { v: input.bytes[0] + 20 } }; }';
const jsTypeId = await addDeviceType(db, orgId, `Bench JS ${Date.now()}`, [
  firstRows[0]?.measurementId as string,
]);
await db
  .update(deviceTypes)
  .set({ deviceTypeCodec: { source: 'javascript', script: JS_CODEC } })
  .where(eq(deviceTypes.deviceTypeId, jsTypeId));
await db
  .update(deviceTypeMeasurements)
  .set({ decodedPath: 'v' })
  .where(eq(deviceTypeMeasurements.deviceTypeId, jsTypeId));
const jsTarget = await addTarget(db, orgId, `Bench JS ${Date.now()}`, 9000);
const jsDevices: { id: string; eui: string }[] = [];
for (let n = 0; n < deviceRows.length; n++) {
  const eui = (0xbe50000000000000n + BigInt(Date.now() % 1_000_000) * 1000n + BigInt(n))
    .toString(16)
    .toUpperCase();
  const id = await addDevice(
    db,
    { organizationId: orgId, targetId: jsTarget, typeId: jsTypeId },
    900_000 + n,
    {
      deviceEui: eui,
      deviceQrCode: `BENCH-JS-${eui}`,
    },
  );
  jsDevices.push({ id, eui });
}

const config = loadConfig({
  DATA_DIR: '/tmp/vahti-bench',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(32),
  ...ingestGroupEnv(),
});
const { app, container } = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// Every case writes January 2025 (below): its partition, as the ingest would create it.
await addPartitions(db, new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2025, 0, 31)));

let serial = 0;
/** A fresh reading time: every case writes new rows, never replays. */
const nextTime = () => {
  serial += 1;
  return new Date(Date.UTC(2025, 0, 1) + serial * 1000);
};
/** Which devices the webhook cases post for: the demo's (layout types) or the JavaScript type's. */
let fleet = deviceRows;
const device = (i: number) => fleet[i % fleet.length] as { id: string; eui: string };

async function measure(
  name: string,
  rows: number,
  run: () => Promise<{ note: string } | unknown>,
  /** The case writes no readings (the device-health upsert alone): none are counted. */
  readings = rows,
) {
  const before = await count();
  const start = performance.now();
  const note = ((await run()) as { note?: string } | undefined)?.note ?? '';
  const ms = performance.now() - start;
  const stored = (await count()) - before;
  if (stored !== readings) throw new Error(`${name}: stored ${stored} of ${readings}`);
  return { name, rows, ms, perSecond: (rows / ms) * 1000, note };
}
const count = () => countReadings(db, orgId);

const rowOf = (i: number) => {
  const at = nextTime();
  return {
    organizationId: orgId,
    deviceId: device(i).id,
    createdAt: at,
    fCnt: i,
    dedupKey: `${i}:${at.toISOString()}`,
    // Keyed by a real measurement of the device's type, as ingest stores it (rollups need one).
    data: { [firstMeasurement.get(device(i).eui) as string]: 1 },
  };
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Keep-alive sockets for the senders of the fixed-count cases. */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One ChirpStack uplink over HTTP: its status (200 once committed) and milliseconds to it. */
async function postUplink(i: number) {
  const body = chirpstackUp(device(i).eui, nextTime(), i, i);
  const sent = performance.now();
  const status = await postChirpstack(agent, address, key, body);
  return { status, ms: performance.now() - sent };
}

/**
 * CONCURRENCY senders post uplinks while `more()` says so; latencies of the 200s, the count of
 * other answers (or failed requests), and a note with p50/p99 and the groups written.
 */
async function webhookLoad(more: () => boolean) {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const groupsBefore = container.services.ingest.groupStats?.().groups ?? 0;
  const worker = async () => {
    while (more()) {
      const answer = await postUplink(i++);
      if (answer.status === 200) latencies.push(answer.ms);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (errors > 0 && !DURATION_S) throw new Error(`chirpstack: ${errors} answers were not 200`);
  latencies.sort((a, b) => a - b);
  const groups = (container.services.ingest.groupStats?.().groups ?? 0) - groupsBefore;
  return {
    acknowledged: latencies.length,
    errors,
    note: `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${groups ? `${groups} groups` : 'no groups'}`,
  };
}

/**
 * DURATION mode: the webhook for DURATION seconds at CONCURRENCY, the senders in a process of
 * their own (bench/lib/webhook-senders.ts), so this process's CPU is the app's alone; beside a
 * raw COPY of UPLINKS rows. Rows actually in the database afterwards must agree with the answers
 * count (plus any answered 202, kept in the intake journal). BENCH_PROFILE=<dir> writes a CPU profile of this process (the app) for the stages.
 */
if (DURATION_S) {
  const copy = await measure('raw COPY (baseline)', UPLINKS, async () => {
    await copyReadings(
      database,
      Array.from({ length: UPLINKS }, (_, i) => rowOf(i)),
    );
  });
  const before = await count();
  const senders = fork(path.join(import.meta.dirname, 'lib/webhook-senders.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  const order: SendOrder = {
    address,
    key,
    euis: deviceRows.map((row) => row.eui),
    concurrency: CONCURRENCY,
    seconds: DURATION_S,
    from: nextTime().getTime() + 1000,
  };
  const cpu = process.cpuUsage();
  const session = await profileSession();
  const load = await new Promise<SendResult>((resolve, reject) => {
    senders.once('message', (result) => resolve(result as SendResult));
    senders.once('exit', (code) => reject(new Error(`the senders exited with ${code}`)));
    senders.send(order);
  });
  await session?.stop();
  const { user, system } = process.cpuUsage(cpu);
  const rows = (await count()) - before;
  await app.close();
  await database.close();
  const rate = load.acknowledged / load.seconds;
  console.log(
    `\ningest, sustained: POST /api/ingest/chirpstack for ${DURATION_S} s, ${CONCURRENCY} in flight, ${deviceRows.length} devices, on ${database.kind}; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`raw COPY (baseline)     ${copy.perSecond.toFixed(0).padStart(9)} rows/s`);
  console.log(
    `webhook                 ${rate.toFixed(0).padStart(9)} uplinks/s  ${(rate / copy.perSecond).toFixed(3)} × raw COPY  p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`,
  );
  // A 202's uplink is in the intake journal: in the database by now, or once it is replayed.
  const agrees = rows >= load.acknowledged && rows <= load.acknowledged + load.queued;
  console.log(
    `answered 200 ${load.acknowledged}, 202 (journal) ${load.queued}, errors ${load.errors}, rows in the database ${rows} (${agrees ? 'agree' : 'DIFFERENT'})`,
  );
  console.log(
    `CPU per uplink: app ${((user + system) / 1000 / load.acknowledged).toFixed(3)} ms, senders ${(load.cpuMs / load.acknowledged).toFixed(3)} ms`,
  );
  process.exit(agrees && load.errors === 0 ? 0 : 1);
}

// Warm-up, not measured: both fleets' webhook path once (JIT, the codec caches, the sandbox), so
// the first measured webhook case does not pay for it alone.
for (const warm of [deviceRows, jsDevices]) {
  fleet = warm;
  let next = 0;
  await webhookLoad(() => {
    next += 1;
    return next <= Math.min(UPLINKS, 1000);
  });
}
fleet = deviceRows;

const writerDb = withTransactions(db);
const writer = createIngestRepository(writerDb);
const health = createDeviceHealthRepository(writerDb);
const scope = systemScope('ingest', orgId);
const results = [
  await measure('raw COPY (baseline)', UPLINKS, async () => {
    await copyReadings(
      database,
      Array.from({ length: UPLINKS }, (_, i) => rowOf(i)),
    );
  }),
  await measure('raw multi-row INSERT (1,000/stmt)', UPLINKS, async () => {
    const rows = Array.from({ length: UPLINKS }, (_, i) => rowOf(i));
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insert(measurementData)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
  }),
  await measure('raw single-row INSERT, sequential', UPLINKS, async () => {
    for (let i = 0; i < UPLINKS; i++)
      await db.insert(measurementData).values(rowOf(i)).onConflictDoNothing();
  }),
  await measure('storage writer (insert, rollups, alarms; 1,000/tx)', UPLINKS, async () => {
    const rows = Array.from({ length: UPLINKS }, (_, i) => ({
      ...rowOf(i),
      receivedAt: new Date(),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await writerDb.transaction(async () => {
        const stored = await writer.insertReadings(scope, rows.slice(i, i + 1000));
        await container.services.alarms.evaluate(
          scope,
          stored.map((r) => ({ deviceId: r.deviceId, measuredAt: r.createdAt, values: r.data })),
        );
      });
  }),
  // The same with the writer's device-health upsert (one statement per 1,000 rows, as per group):
  // the cost of keeping radio figures and battery, beside the case above in the same run.
  await measure('… and device health (1 upsert/tx)', UPLINKS, async () => {
    const rows = Array.from({ length: UPLINKS }, (_, i) => ({
      ...rowOf(i),
      receivedAt: new Date(),
    }));
    const radio = { rssi: -87, snr: 7.5, gateways: 1, gatewayId: '0016c001f153a14c' };
    for (let i = 0; i < rows.length; i += 1000)
      await writerDb.transaction(async () => {
        const chunk = rows.slice(i, i + 1000);
        const stored = await writer.insertReadings(scope, chunk);
        await container.services.alarms.evaluate(
          scope,
          stored.map((r) => ({ deviceId: r.deviceId, measuredAt: r.createdAt, values: r.data })),
        );
        const changes = await health.record(
          scope,
          orgId,
          chunk.map((r) => ({
            kind: 'uplink' as const,
            deviceId: r.deviceId,
            at: r.createdAt,
            radio: { ...radio, spreadingFactor: 7, frequency: 868_500_000 },
            fPort: 2,
            fCnt: r.fCnt ?? undefined,
            values: r.data,
          })),
        );
        await container.services.alarms.evaluateHealth(scope, changes);
      });
  }),
  // The upsert alone: what the writer adds per group, without the readings around it.
  await measure(
    'device health upsert alone (1/1,000)',
    UPLINKS,
    async () => {
      const rows = Array.from({ length: UPLINKS }, (_, i) => rowOf(i));
      for (let i = 0; i < rows.length; i += 1000)
        await writerDb.transaction(async () => {
          await health.record(
            scope,
            orgId,
            rows.slice(i, i + 1000).map((r) => ({
              kind: 'uplink' as const,
              deviceId: r.deviceId,
              at: r.createdAt,
              radio: { rssi: -90, snr: 5, gateways: 2, spreadingFactor: 9 },
              fPort: 2,
              fCnt: r.fCnt ?? undefined,
              values: r.data,
            })),
          );
        });
    },
    0,
  ),
  await measure(`POST /api/ingest/chirpstack ×${CONCURRENCY}`, UPLINKS, async () => {
    let next = 0;
    const { note } = await webhookLoad(() => {
      next += 1;
      return next <= UPLINKS;
    });
    return { note };
  }),
  await measure(`… devices of a JavaScript-codec type ×${CONCURRENCY}`, UPLINKS, async () => {
    fleet = jsDevices;
    let next = 0;
    const { note } = await webhookLoad(() => {
      next += 1;
      return next <= UPLINKS;
    });
    fleet = deviceRows;
    return { note };
  }),
  await measure('POST /api/ingest/generic, 1,000/batch', UPLINKS, async () => {
    for (let start = 0; start < UPLINKS; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, UPLINKS - start) }, (_, k) => ({
        deviceEui: device(start + k).eui,
        time: nextTime().toISOString(),
        fCnt: start + k,
        values: {},
      }));
      // Values keyed by a real measurement of each device's type: the type's first one.
      const res = await fetch(`${address}/api/ingest/generic`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(
          batch.map((b) => ({
            ...b,
            values: { [firstMeasurement.get(b.deviceEui) as string]: 1 },
          })),
        ),
      });
      if (res.status !== 200) throw new Error(`generic: ${res.status} ${await res.text()}`);
    }
  }),
];
agent.destroy();
const partitioned = (await db.execute(
  sql`select count(*)::int as n from pg_inherits where inhparent = 'measurement_data'::regclass`,
)) as unknown as { rows: { n: number }[] };
await app.close();
await database.close();

console.log(
  `\ningest, ${UPLINKS} uplinks per case, ${deviceRows.length} devices, on ${database.kind}`,
);
console.log(
  `${'case'.padEnd(52)} ${'ms'.padStart(8)} ${'rows/s'.padStart(9)} ${'× raw COPY'.padStart(11)}`,
);
const base = results[0]?.perSecond ?? 1;
console.log(`(measurement_data: ${partitioned.rows[0]?.n} monthly partitions)`);
for (const r of results)
  console.log(
    `${r.name.padEnd(52)} ${r.ms.toFixed(0).padStart(8)} ${r.perSecond.toFixed(0).padStart(9)} ${(r.perSecond / base).toFixed(3).padStart(11)}  ${r.note}`,
  );
