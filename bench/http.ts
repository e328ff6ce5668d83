/**
 * HTTP throughput under load: a bare Fastify hello route (the baseline: what Node and Fastify
 * cost per request on this machine, measured at the start and at the end of the run, the mean
 * taken as 100 %) beside the real app answering the 404, GET /api/auth and GET /api/targets as a
 * signed-in demo Ylläpitäjä, GET /api/health, GET /metrics and a hashed static asset; and the
 * hello route again with the app's HTTP metrics hook (ADR 0028), whose difference to the baseline
 * is what the hook costs per request. Each server runs in its
 * own process, autocannon in this one; loopback only; each case gets 2 s of warm-up and then
 * BENCH_SECONDS (10) at BENCH_CONNECTIONS (50) connections. Requests say what a browser says
 * (Accept-Encoding: gzip, deflate, br). Only GET routes are loaded and the sign-in happens once,
 * so the per-IP sign-in limit (50 failures per 15 min) never fires.
 * The app runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL (emptied first);
 * BENCH_PROFILE=<dir> writes a V8 CPU profile of the app process there; BENCH_CASES=404,targets
 * picks cases (`hook` is the hello route with the metrics hook). On PostgreSQL the targets case
 * is followed by its own baseline: bare Fastify running two indexed queries through a pg pool
 * (bench/servers/bare-pg.ts). Run: npm run bench -- http
 *
 * Beside the throughput, where the CPU went, per answer: the server process's CPU (the app, or
 * the hello server), PostgreSQL's (the backends of the app's pool, read from /proc, so only for a
 * server on this machine) and the load generator's (this process). On a shared machine
 * throughput follows the other processes; CPU per answer hardly does.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createMetrics, observeHttp } from '../apps/api/src/lib/metrics.js';
import { signIn } from './lib/app.js';
import {
  type BenchServer,
  ensureWebBuild,
  startServer,
  stopServer,
  webDir,
} from './lib/servers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

ensureWebBuild();
const entry = readFileSync(path.join(webDir, 'index.html'), 'utf8').match(
  /src="(\/assets\/[^"]+\.js)"/,
)?.[1];
if (!entry) throw new Error('no hashed script in apps/web/dist/index.html');

interface Case {
  name: string;
  path: string;
  status: number;
  headers?: Record<string, string>;
}

interface Row {
  name: string;
  result: autocannon.Result;
  unexpected: number;
  /** CPU µs per answer: the server process, PostgreSQL's backends, the load generator. */
  cpu: { server: number; postgres: number | null; load: number };
}

/** CPU time of a process so far, in µs (utime + stime from /proc, 100 ticks a second). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

/** The PostgreSQL backends serving the bench database (the app's pool or the bare route's), by process id. */
async function postgresBackends(name: string): Promise<number[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return [];
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
      and (application_name = 'bare-pg') = $1`,
    [name === 'bare-pg'],
  );
  await client.end();
  return rows.map((row) => row.pid);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const browser = { 'accept-encoding': 'gzip, deflate, br' };

async function load(server: BenchServer, c: Case): Promise<Row> {
  const options = {
    url: `${server.address}${c.path}`,
    connections: CONNECTIONS,
    headers: { ...browser, ...c.headers },
  };
  await autocannon({ ...options, duration: 2 });
  const pid = server.child.pid as number;
  const backends =
    server === app || server === bare
      ? await postgresBackends(server === bare ? 'bare-pg' : 'app')
      : [];
  const before = {
    server: cpuOf(pid),
    postgres: sum(backends.map(cpuOf)),
    load: process.cpuUsage(),
  };
  const result = await autocannon({ ...options, duration: SECONDS });
  const answers = result.requests.total || 1;
  const loadCpu = process.cpuUsage(before.load);
  const cpu = {
    server: (cpuOf(pid) - before.server) / answers,
    postgres: backends.length ? (sum(backends.map(cpuOf)) - before.postgres) / answers : null,
    load: (loadCpu.user + loadCpu.system) / answers,
  };
  const expected = result.statusCodeStats?.[`${c.status}`]?.count ?? 0;
  return {
    name: c.name,
    result,
    unexpected: result.requests.total - expected + result.errors,
    cpu,
  };
}

const load1 = loadavg()[0]?.toFixed(2);
const profile = process.env.BENCH_PROFILE;
const hello = await startServer('hello');
const helloMetrics = await startServer('hello', [], { BENCH_HELLO_METRICS: '1' });
const app = await startServer('app', profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
// After the app, which seeds the database it reads.
const bare = process.env.BENCH_DATABASE_URL ? await startServer('bare-pg') : undefined;

const token = await signIn(app.address);
const signedIn = { authorization: `Bearer ${token}` };

const cases: Array<Case & { key: string }> = [
  { key: '404', name: 'GET /api/ei-ole (404)', path: '/api/ei-ole', status: 404 },
  { key: 'auth', name: 'GET /api/auth', path: '/api/auth', status: 200, headers: signedIn },
  {
    key: 'targets',
    name: 'GET /api/targets',
    path: '/api/targets',
    status: 200,
    headers: signedIn,
  },
  { key: 'health', name: 'GET /api/health', path: '/api/health', status: 200 },
  { key: 'metrics', name: 'GET /metrics', path: '/metrics', status: 200 },
  { key: 'asset', name: `GET ${entry.replace(/^\/assets\//, '')}`, path: entry, status: 200 },
];
const picked = process.env.BENCH_CASES?.split(',');
const rows: Row[] = [
  await load(hello, { name: 'hello (baseline, first)', path: '/', status: 200 }),
];
if (!picked || picked.includes('hook')) {
  rows.push(await load(helloMetrics, { name: 'hello + metrics hook', path: '/', status: 200 }));
}
for (const c of cases.filter((c) => !picked || picked.includes(c.key))) {
  rows.push(await load(app, c));
  if (c.key === 'targets' && bare) {
    rows.push(await load(bare, { name: 'bare Fastify + pg, 2 queries', path: '/', status: 200 }));
  }
}
rows.push(await load(hello, { name: 'hello (baseline, last)', path: '/', status: 200 }));
await Promise.all([hello, helloMetrics, app, bare].map((server) => server && stopServer(server)));

const first = rows[0] as Row;
const last = rows.at(-1) as Row;
const base = (first.result.requests.average + last.result.requests.average) / 2;
const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nHTTP, ${CONNECTIONS} connections, ${SECONDS} s per case, app on ${kind}; load average at start ${load1}`,
);
console.log(
  `${'case'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'% hello'.padStart(8)} ${'B/answer'.padStart(9)} ${'unexpected'.padStart(10)}   CPU µs/answer: ${'server'.padStart(6)} ${'PG'.padStart(6)} ${'load'.padStart(6)}`,
);
const micros = (value: number | null) =>
  (value === null || Number.isNaN(value) ? '–' : value.toFixed(0)).padStart(6);
for (const { name, result, unexpected, cpu } of rows) {
  const rps = result.requests.average;
  const bytes = result.requests.total ? result.throughput.total / result.requests.total : 0;
  console.log(
    `${name.padEnd(34)} ${rps.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${((rps / base) * 100).toFixed(1).padStart(8)} ${bytes.toFixed(0).padStart(9)} ${String(unexpected).padStart(10)}                  ${micros(cpu.server)} ${micros(cpu.postgres)} ${micros(cpu.load)}`,
  );
}
const bareRow = rows.find((row) => row.name.startsWith('bare Fastify'));
const targetsRow = rows.find((row) => row.name === 'GET /api/targets');
if (bareRow && targetsRow) {
  console.log(
    `GET /api/targets: ${(targetsRow.result.requests.average / bareRow.result.requests.average).toFixed(2)} × the bare Fastify + pg route's req/s`,
  );
}
const hook = rows.find((row) => row.name === 'hello + metrics hook');
if (hook) {
  // Per-request CPU the hook adds, from the throughputs (the hello server is CPU-bound); on a
  // busy machine the baselines themselves move more than this, hence the in-process figure too.
  const added = (1 / hook.result.requests.average - 1 / base) * 1e6;
  const perRequest = 1e6 / base;
  console.log(
    `metrics hook over HTTP: ${added.toFixed(1)} µs per request (hello + hook against the baselines' mean, ${perRequest.toFixed(1)} µs per hello request)`,
  );
  console.log(
    `metrics hook in process: ${hookMicros().toFixed(2)} µs per call (fastest of 5 × 200,000 calls on the app's route labels)`,
  );
}
if (!picked || picked.includes('metrics')) {
  const metrics = createMetrics();
  const [all, app] = [
    await renderMs(() => metrics.text()),
    await renderMs(() => metrics.registry.metrics()),
  ];
  console.log(
    `GET /metrics text in process: ${all.toFixed(2)} ms, of which the app's families ${app.toFixed(2)} ms and the process metrics the rest (fastest of 5 × 200)`,
  );
}
if (rows.some((row) => row.unexpected > 0)) {
  console.error('some answers had an unexpected status or failed: the figures above are suspect');
  process.exitCode = 1;
}

/** The hook alone, called as Fastify calls it, with a route's labels; the fastest of 5 runs. */
function hookMicros(): number {
  const observe = observeHttp(createMetrics().http);
  const routes = ['/api/targets', '/api/targets/:id', '/api/auth', '/api/health', 'unmatched'];
  const requests = routes.map((url) => ({ method: 'GET', routeOptions: { url, config: {} } }));
  const reply = { statusCode: 200, elapsedTime: 3.2 };
  const done = () => {};
  const calls = 200_000;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (let i = 0; i < calls; i++) {
      observe(requests[i % requests.length] as never, reply as never, done);
    }
    best = Math.min(best, ((performance.now() - started) * 1000) / calls);
  }
  return best;
}

/** Milliseconds to render a scrape's text; the fastest of 5 runs of 200. */
async function renderMs(render: () => Promise<string>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (let i = 0; i < 200; i++) await render();
    best = Math.min(best, (performance.now() - started) / 200);
  }
  return best;
}
