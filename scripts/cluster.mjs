// `npm run cluster`: two API instances on one PostgreSQL behind HAProxy (ADR 0030), with an
// S3-compatible store (s3rver) for files and Mosquitto for MQTT uplinks in a $share group.
// startCluster() is also what the end-to-end tests use in cluster mode (E2E_CLUSTER=1) and what
// `npm run bench -- cluster` measures, on ephemeral ports and a database of their own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BUILT_SERVER, buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web.mjs';
import { ensureHaproxy } from './test-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 110_000;
const BUCKET = 'vahti-files';
/**
 * What HAProxy asks each instance: whether its process answers. Not whether the database does:
 * all instances share it, and while it is away each still takes webhook uplinks into its intake
 * journal (issue 26), which a balancer with no instance left would refuse.
 */
export const HEALTH_PATH = '/api/health/live';
const DEMO_INGEST_KEY_FILE = 'demo-ingest-key.txt';

/** A port the system says is free now (0 asks it for one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts TCP connections at host:port. */
function listening(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what, check, child, log) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited with ${child.exitCode}:\n${log()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${what} did not start in ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The URL of database `name` on the server of `url`. */
export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

/**
 * Creates database `name` on the server of `adminUrl` unless it exists, as a copy of database
 * `template` when one is named. Returns its URL.
 */
export async function ensureDatabase(adminUrl, name, { template } = {}) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount)
      await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}

export async function dropDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * A child process whose output is kept (and echoed with a prefix when `echo` is set); stop()
 * sends SIGTERM and waits for the exit.
 */
function startChild(name, command, args, { env = process.env, echo = false } = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const take = (chunk) => {
    log += chunk;
    if (echo) {
      for (const line of String(chunk).split('\n')) if (line) console.log(`[${name}] ${line}`);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => log,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * The HAProxy configuration: round robin over the instances, a health check every second,
 * a failed connection tried again on the other instance; a request already sent is tried again
 * only when it is idempotent (GET, HEAD). An event stream (SSE) hears a comment every 25 s at
 * the latest, well inside the 60 s idle timeouts.
 */
export function haproxyConfig({ port, instances }) {
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout
  timeout connect 2s
  # A health check answers in milliseconds; 5 s keeps a busy (2-core CI) machine from marking a
  # live instance down, while a dead one is refused at connect at once.
  timeout check 5s
  timeout client 60s
  timeout server 60s
  timeout http-request 60s
  timeout queue 10s

frontend vahti
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  http-request disable-l7-retry unless METH_GET
  option httpchk GET ${HEALTH_PATH}
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

/**
 * Starts the cluster and resolves once the load balancer has answered from every instance.
 *
 * databaseUrl: an existing database (its first instance loads the demo data when it is empty).
 * ports: { lb, instances: [a, b], s3 } (0 or unset: ephemeral). mqttUrl: a broker for the
 * MQTT uplinks (unset: no MQTT). dir: where instance data, S3 objects and the HAProxy
 * configuration go (unset: a temporary directory, removed by stop()). env: more environment for
 * every instance. echo: print every child's output with its name in front.
 */
export async function startCluster({
  databaseUrl,
  ports = {},
  mqttUrl,
  dir,
  env = {},
  echo = false,
  instanceCount = 2,
} = {}) {
  const haproxy = ensureHaproxy();
  await buildServerIfNeeded();
  const base = dir ?? mkdtempSync(path.join(tmpdir(), 'vahti-cluster-'));
  mkdirSync(base, { recursive: true });
  const lbPort = ports.lb || (await freePort());
  const url = `http://127.0.0.1:${lbPort}`;
  const running = [];
  const stopAll = async () => {
    for (const part of running.reverse()) await part.stop();
    if (!dir) rmSync(base, { recursive: true, force: true });
  };

  try {
    // Files: an S3-compatible store, so an upload on one instance is there for the other.
    const s3Port = ports.s3 || (await freePort());
    const s3Dir = path.join(base, 's3');
    mkdirSync(s3Dir, { recursive: true });
    const s3 = startChild(
      's3',
      process.execPath,
      [
        path.join(root, 'node_modules/s3rver/bin/s3rver.js'),
        ...['--directory', s3Dir, '--address', '127.0.0.1', '--port', String(s3Port)],
        ...['--configure-bucket', BUCKET, '--silent'],
      ],
      { echo },
    );
    running.push(s3);
    await waitFor('s3rver', () => listening('127.0.0.1', s3Port), s3.child, s3.output);

    const names = ['a', 'b', 'c', 'd'].slice(0, instanceCount);
    const instancePorts = [];
    for (let i = 0; i < names.length; i++)
      instancePorts.push(ports.instances?.[i] || (await freePort()));
    const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...inherited } = process.env;
    const jwtSecret = process.env.JWT_SECRET ?? randomBytes(48).toString('base64url');
    const instances = names.map((name, i) => {
      const port = instancePorts[i];
      const dataDir = path.join(base, name);
      mkdirSync(dataDir, { recursive: true });
      const instanceEnv = () => {
        // The demo ingest key is written by the first instance's seed; MQTT needs it.
        const keyFile = path.join(base, names[0], DEMO_INGEST_KEY_FILE);
        const mqttKey = mqttUrl && existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim();
        return {
          ...inherited,
          NODE_ENV: 'production',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
          PORT: String(port),
          HOST: '127.0.0.1',
          INSTANCE_NAME: name,
          DATABASE_URL: databaseUrl,
          JWT_SECRET: jwtSecret,
          DATA_DIR: dataDir,
          PUBLIC_URL: url,
          // HAProxy's X-Forwarded-For names the client: the per-address rate limits need it.
          TRUST_PROXY: '127.0.0.1',
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_BUCKET: BUCKET,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          // Only the first instance loads the demo data (and runs the demo's sensor simulator).
          DEMO: i === 0 ? '1' : '0',
          ...(mqttKey ? { MQTT_URL: mqttUrl, MQTT_INGEST_KEY: mqttKey } : {}),
          ...env,
        };
      };
      let proc;
      let mqtt = false;
      const instance = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        dataDir,
        output: () => proc?.output() ?? '',
        /** Whether it was started with the MQTT subscriber on. */
        get mqtt() {
          return mqtt;
        },
        async start() {
          const startEnv = instanceEnv();
          mqtt = Boolean(startEnv.MQTT_URL);
          proc = startChild(name, process.execPath, [BUILT_SERVER], {
            env: startEnv,
            echo,
          });
          // The server says it is running once listening, seeded and the demo back-filled.
          const started = proc;
          await waitFor(
            `instance ${name}`,
            async () => started.output().includes('Vahti is running at'),
            started.child,
            started.output,
          );
        },
        /** Kills the process (SIGKILL: no graceful close) and waits for it to be gone. */
        kill: (signal = 'SIGKILL') => proc.stop(signal),
        stop: () => proc?.stop() ?? Promise.resolve(),
        get alive() {
          return Boolean(proc && proc.child.exitCode === null && proc.child.signalCode === null);
        },
      };
      return instance;
    });

    // All at once: the migrations take turns under an advisory lock, and only the first instance
    // seeds. With MQTT on a fresh database they started before the seed wrote the ingest key:
    // those start once more.
    running.push(...instances);
    await Promise.all(instances.map((instance) => instance.start()));
    for (const instance of instances) {
      if (mqttUrl && !instance.mqtt) {
        await instance.stop();
        await instance.start();
      }
    }

    const configFile = path.join(base, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ port: lbPort, instances }));
    const lb = startChild('haproxy', haproxy, ['-db', '-f', configFile], { echo });
    running.push(lb);
    // Ready when the load balancer has answered from every instance.
    const seen = new Set();
    await waitFor(
      'HAProxy',
      async () => {
        const res = await fetch(`${url}${HEALTH_PATH}`);
        if (res.ok) seen.add(res.headers.get('x-vahti-instance'));
        return seen.size === instances.length;
      },
      lb.child,
      lb.output,
    );

    return {
      url,
      databaseUrl,
      instances,
      s3Url: `http://127.0.0.1:${s3Port}`,
      dir: base,
      haproxyOutput: lb.output,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** Mosquitto at MQTT_URL, or the machine's on 1883, or one started here on `port`. */
async function ensureBroker(port, running) {
  if (process.env.MQTT_URL) return process.env.MQTT_URL;
  if (await listening('127.0.0.1', 1883)) return 'mqtt://127.0.0.1:1883';
  const broker = startChild('mosquitto', 'mosquitto', ['-p', String(port)], { echo: true });
  running.push(broker);
  await waitFor('Mosquitto', () => listening('127.0.0.1', port), broker.child, broker.output);
  return `mqtt://127.0.0.1:${port}`;
}

/** The demo logins and keys instance a printed when it started. */
function demoLines(output) {
  const lines = output.split('\n');
  const from = lines.findIndex((line) => line.startsWith('Demo'));
  return from < 0 ? '' : lines.slice(from).filter(Boolean).join('\n');
}

async function main() {
  buildWebIfNeeded();
  const adminUrl = process.env.DATABASE_URL
    ? undefined
    : 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = process.env.DATABASE_URL ?? (await ensureDatabase(adminUrl, 'vahti_cluster'));
  const extra = [];
  const mqttUrl = await ensureBroker(3009, extra);
  console.log('Starting two Vahti instances behind HAProxy…');
  const cluster = await startCluster({
    databaseUrl,
    ports: { lb: 3000, instances: [3001, 3002], s3: 3003 },
    mqttUrl,
    dir: path.join(root, 'data/cluster'),
    echo: true,
  });
  const stop = async () => {
    await cluster.stop();
    for (const part of extra) await part.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stop);
  console.log(`
Vahti cluster is running at ${cluster.url}  (HAProxy, round robin)
  instance a: ${cluster.instances[0].url}   instance b: ${cluster.instances[1].url}
  database: ${new URL(databaseUrl).pathname.slice(1)} on ${new URL(databaseUrl).host}; files: s3rver at ${cluster.s3Url}; MQTT: ${mqttUrl} ($share/vahti/…)
  Every answer names its instance in the X-Vahti-Instance header. Ctrl-C stops everything.
${demoLines(cluster.instances[0].output())}
`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
