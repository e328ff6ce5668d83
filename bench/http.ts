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
 * picks cases (`hook` is the hello route with the metrics hook). Run: npm run bench -- http
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createMetrics, observeHttp } from '../apps/api/src/lib/metrics.js';
import { signIn } from './lib/app.js';
import { ensureWebBuild, startServer, stopServer, webDir } from './lib/servers.js';

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
}

const browser = { 'accept-encoding': 'gzip, deflate, br' };

async function load(address: string, c: Case): Promise<Row> {
  const options = {
    url: `${address}${c.path}`,
    connections: CONNECTIONS,
    headers: { ...browser, ...c.headers },
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: SECONDS });
  const expected = result.statusCodeStats?.[`${c.status}`]?.count ?? 0;
  return { name: c.name, result, unexpected: result.requests.total - expected + result.errors };
}

const load1 = loadavg()[0]?.toFixed(2);
const profile = process.env.BENCH_PROFILE;
const hello = await startServer('hello');
const helloMetrics = await startServer('hello', [], { BENCH_HELLO_METRICS: '1' });
const app = await startServer('app', profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);

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
  await load(hello.address, { name: 'hello (baseline, first)', path: '/', status: 200 }),
];
if (!picked || picked.includes('hook')) {
  rows.push(
    await load(helloMetrics.address, { name: 'hello + metrics hook', path: '/', status: 200 }),
  );
}
for (const c of cases.filter((c) => !picked || picked.includes(c.key))) {
  rows.push(await load(app.address, c));
}
rows.push(await load(hello.address, { name: 'hello (baseline, last)', path: '/', status: 200 }));
await Promise.all([stopServer(hello), stopServer(helloMetrics), stopServer(app)]);

const first = rows[0] as Row;
const last = rows.at(-1) as Row;
const base = (first.result.requests.average + last.result.requests.average) / 2;
const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nHTTP, ${CONNECTIONS} connections, ${SECONDS} s per case, app on ${kind}; load average at start ${load1}`,
);
console.log(
  `${'case'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'% hello'.padStart(8)} ${'B/answer'.padStart(9)} ${'unexpected'.padStart(10)}`,
);
for (const { name, result, unexpected } of rows) {
  const rps = result.requests.average;
  const bytes = result.requests.total ? result.throughput.total / result.requests.total : 0;
  console.log(
    `${name.padEnd(34)} ${rps.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${((rps / base) * 100).toFixed(1).padStart(8)} ${bytes.toFixed(0).padStart(9)} ${String(unexpected).padStart(10)}`,
  );
}
const hook = rows.find((row) => row.name === 'hello + metrics hook');
if (hook) {
  // Per-request CPU the hook adds, from the throughputs (the hello server is CPU-bound); on a
  // busy machine the baselines themselves move more than this, hence the in-process figure too.
  const micros = (1 / hook.result.requests.average - 1 / base) * 1e6;
  const perRequest = 1e6 / base;
  console.log(
    `metrics hook over HTTP: ${micros.toFixed(1)} µs per request (hello + hook against the baselines' mean, ${perRequest.toFixed(1)} µs per hello request)`,
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
