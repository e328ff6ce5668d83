/**
 * Uplink ingestion. Baselines on the same database, in the same run: the same rows written by
 * raw SQL — one multi-row INSERT … ON CONFLICT DO NOTHING per 1,000 rows, and one single-row
 * INSERT per uplink (what any per-uplink path must pay at least). Beside them the real path:
 * POST /api/ingest/chirpstack over HTTP (key check, body validation, device lookup, layout
 * decode, transaction) with CONCURRENCY requests in flight, and POST /api/ingest/generic in
 * batches of 1,000. Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * Run: npm run bench -- ingest   (UPLINKS=2000 CONCURRENCY=8 by default; short on purpose)
 */
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import {
  devices,
  deviceTypeMeasurements,
  ingestKeys,
  measurementData,
} from '../apps/api/src/db/schema/index.js';
import {
  ingestKeyHash,
  ingestKeyShown,
  newIngestKey,
} from '../apps/api/src/modules/ingest/ingest-keys.service.js';
import { openBenchDatabase } from './lib/database.js';
import { demoOrganization } from './lib/fixture.js';

const UPLINKS = Number(process.env.UPLINKS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);

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
const key = newIngestKey();
await db.insert(ingestKeys).values({
  organizationId: orgId,
  name: 'Bench',
  prefix: ingestKeyShown(key),
  keyHash: ingestKeyHash(key),
});

const config = loadConfig({
  DATA_DIR: '/tmp/vahti-bench',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(32),
});
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

let serial = 0;
/** A fresh reading time: every case writes new rows, never replays. */
const nextTime = () => {
  serial += 1;
  return new Date(Date.UTC(2025, 0, 1) + serial * 1000);
};
const PAYLOAD = Buffer.alloc(32).toString('base64');
const device = (i: number) => deviceRows[i % deviceRows.length] as { id: string; eui: string };

async function measure(name: string, rows: number, run: () => Promise<void>) {
  const before = await count();
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  const stored = (await count()) - before;
  if (stored !== rows) throw new Error(`${name}: stored ${stored} of ${rows}`);
  return { name, rows, ms, perSecond: (rows / ms) * 1000 };
}
const count = async () =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(measurementData)
      .where(and(eq(measurementData.organizationId, orgId)))
  )[0]?.n ?? 0;

const rowOf = (i: number) => {
  const at = nextTime();
  return {
    organizationId: orgId,
    deviceId: device(i).id,
    createdAt: at,
    fCnt: i,
    dedupKey: `${i}:${at.toISOString()}`,
    data: { a: i, b: i / 10 },
  };
};

const results = [
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
  await measure(`POST /api/ingest/chirpstack ×${CONCURRENCY}`, UPLINKS, async () => {
    let next = 0;
    const worker = async () => {
      while (next < UPLINKS) {
        const i = next++;
        const res = await fetch(`${address}/api/ingest/chirpstack?event=up`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            deduplicationId: crypto.randomUUID(),
            time: nextTime().toISOString(),
            deviceInfo: { devEui: device(i).eui },
            fCnt: i,
            data: PAYLOAD,
          }),
        });
        if (res.status !== 200) throw new Error(`chirpstack: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
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
await app.close();
await database.close();

console.log(
  `\ningest, ${UPLINKS} uplinks per case, ${deviceRows.length} devices, on ${database.kind}`,
);
console.log(
  `${'case'.padEnd(40)} ${'ms'.padStart(8)} ${'rows/s'.padStart(9)} ${'× raw multi-row'.padStart(16)}`,
);
const base = results[0]?.perSecond ?? 1;
for (const r of results)
  console.log(
    `${r.name.padEnd(40)} ${r.ms.toFixed(0).padStart(8)} ${r.perSecond.toFixed(0).padStart(9)} ${(r.perSecond / base).toFixed(3).padStart(16)}`,
  );
