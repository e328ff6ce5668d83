/**
 * Two instances behind HAProxy (ADR 0030), as `npm run cluster` runs them, as processes: an
 * uplink above the limit posted to instance A, timed until its `alarm.changed` "opened" event
 * arrives on two open event streams: one on A itself (the baseline: one instance, in-process
 * hand-over) and one on B (cross-instance: NOTIFY through PostgreSQL). A reading inside the limits
 * closes the alarm before the next round. A fresh database on BENCH_DATABASE_URL's server
 * (default the machine's PostgreSQL), dropped afterwards.
 * Run: npm run bench -- cluster   (ROUNDS=200 by default)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { dropDatabase, ensureDatabase, startCluster } from '../scripts/cluster.mjs';
import { watchAlarmChanges } from './lib/alarm-stream.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
/** A demo particle meter without readings (SIMULATE=0); its PM2.5 has the high limit 24. */
const EUI = '70B3D57EDA000004';

const name = `vahti_bench_cluster_${randomBytes(4).toString('hex')}`;
const databaseUrl = await ensureDatabase(ADMIN_URL, name);
const cluster = await startCluster({
  databaseUrl,
  env: { SIMULATE: '0', ALARM_OFFLINE_SWEEP_SECONDS: '0', LOG_LEVEL: 'error' },
});
const [a, b] = cluster.instances;
if (!a || !b) throw new Error('two instances');
const key = readFileSync(path.join(a.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows } = await client.query<{ id: string }>(
  'select device_id as id from devices where dev_eui = $1',
  [EUI],
);
await client.end();
const deviceId = rows[0]?.id;
if (!deviceId) throw new Error(`no demo device ${EUI}`);

const login = await fetch(`${a.url}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userEmail: 'paakayttaja@demo.vahti.fi', userPassword: 'Vahti-demo-2026' }),
});
const { token } = (await login.json()) as { token: string };

const abort = new AbortController();

let minute = 0;
/** A PM2.5 reading to A's generic webhook; resolves when it is answered 200 (committed). */
async function uplink(value: number) {
  minute += 1;
  const res = await fetch(`${a?.url}/api/ingest/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      deviceEui: EUI,
      time: new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString(),
      values: { 'PM2.5': value },
    }),
  });
  if (res.status !== 200) throw new Error(`uplink: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

try {
  const onA = await watchAlarmChanges(a.url, token, deviceId, abort.signal);
  const onB = await watchAlarmChanges(b.url, token, deviceId, abort.signal);
  // A reading inside the limits first: any alarm the demo left open on the meter closes.
  await uplink(5);
  const samples = { same: [] as number[], cross: [] as number[], answered: [] as number[] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    const seenA = onA('opened');
    const seenB = onB('opened');
    const sent = performance.now();
    await uplink(500);
    const committed = performance.now();
    const [atA, atB] = await Promise.all([seenA, seenB]);
    // The first round warms up.
    if (round > 0) {
      samples.answered.push(committed - sent);
      samples.same.push(atA - sent);
      samples.cross.push(atB - sent);
    }
    const closed = [onA('closed'), onB('closed')];
    await uplink(5);
    await Promise.all(closed);
  }

  const line = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(52)} ${percentile(values, 50).toFixed(1).padStart(8)} ${percentile(values, 99)
        .toFixed(1)
        .padStart(8)} ${Math.max(...values)
        .toFixed(1)
        .padStart(8)}`,
    );
  console.log(
    `\nuplink on A → alarm.changed on a stream: two API processes behind HAProxy on PostgreSQL (${ROUNDS} rounds)`,
  );
  console.log(
    `${'ms from the uplink sent'.padEnd(52)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}`,
  );
  line('uplink answered by A (committed)', samples.answered);
  line('stream on A (baseline: the same instance)', samples.same);
  line('stream on B (another instance: LISTEN/NOTIFY)', samples.cross);
  const ratio = percentile(samples.cross, 50) / percentile(samples.same, 50);
  console.log(`B/A at p50: ${ratio.toFixed(2)}×`);
} finally {
  abort.abort();
  await cluster.stop();
  await dropDatabase(ADMIN_URL, name);
}
