import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Cluster,
  dropDatabase,
  ensureDatabase,
  freePort,
  startCluster,
} from '../../scripts/cluster.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 110_000;

export interface RunningServer {
  url: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
  /** In cluster mode: the instances behind the load balancer at `url`. */
  cluster?: Cluster;
}

/** E2E_CLUSTER=1: every file runs against two instances behind HAProxy (ADR 0030). */
export const CLUSTER_MODE = process.env.E2E_CLUSTER === '1';
/** A data directory with the demo data loaded, made once per run (e2e/support/data-template.ts). */
export const DATA_TEMPLATE_ENV = 'VAHTI_E2E_DATA_TEMPLATE';
/** On PostgreSQL: the run's migrated and seeded database that each file's database copies. */
export const DATABASE_TEMPLATE_ENV = 'VAHTI_E2E_DATABASE_TEMPLATE';

/**
 * Starts the real server (as `npm start` does, minus the build) on a fresh data directory with
 * demo data, and waits until /api/health answers. The database is the embedded one, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (as in CI), a copy of the run's template database
 * there: the same screens over the same SQL, with the database work off the test's two cores'
 * slowest path (PGlite runs PostgreSQL in WebAssembly inside the server's one thread).
 */
export async function startServer(
  env: Record<string, string> = {},
  { host }: { host?: 'localhost' } = {},
): Promise<RunningServer> {
  if (CLUSTER_MODE) return startClusterServer(env);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env[DATABASE_TEMPLATE_ENV];
  if (!adminUrl || !template) return startOneServer(env, { host });
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await ensureDatabase(adminUrl, name, { template });
  let server: RunningServer;
  try {
    server = await startOneServer(env, { databaseUrl, host });
  } catch (err) {
    await dropDatabase(adminUrl, name);
    throw err;
  }
  return {
    ...server,
    async stop() {
      await server.stop();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * Two instances on a fresh PostgreSQL database of TEST_DATABASE_URL's server behind HAProxy;
 * `url` is the load balancer, `dataDir` and `output()` the first instance's (which seeded).
 */
export async function startClusterServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('E2E_CLUSTER=1 needs TEST_DATABASE_URL (a PostgreSQL server)');
  const name = `vahti_e2e_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await ensureDatabase(adminUrl, name);
  let cluster: Cluster;
  try {
    cluster = await startCluster({
      databaseUrl,
      env: { SIMULATE: '0', ALARM_OFFLINE_SWEEP_SECONDS: '0', ...env },
    });
  } catch (err) {
    await dropDatabase(adminUrl, name);
    throw err;
  }
  const [first] = cluster.instances;
  if (!first) throw new Error('a cluster without instances');
  return {
    url: cluster.url,
    dataDir: first.dataDir,
    output: () => first.output(),
    cluster,
    async stop() {
      await cluster.stop();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * One instance on a fresh data directory: a copy of the run's template when there is one (the
 * migrated and seeded embedded database: creating it was most of a file's start), else empty.
 * `keep` leaves the directory in place when the server stops (the template itself);
 * `databaseUrl` puts the database on PostgreSQL instead of in the directory. It runs in the
 * worker's server host (server-host.ts): the code `npm start` runs, in a process that outlives
 * the file, so the server's modules load once per worker.
 */
export async function startOneServer(
  env: Record<string, string>,
  {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-e2e-')),
    keep = false,
    databaseUrl,
    host,
  }: {
    dataDir?: string;
    keep?: boolean;
    databaseUrl?: string;
    /**
     * The name the browser and PUBLIC_URL use: `localhost` where a feature needs a domain
     * (WebAuthn's relying party id cannot be an IP address). The server listens on 127.0.0.1.
     */
    host?: 'localhost';
  } = {},
): Promise<RunningServer> {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && !keep) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = host ? `http://${host}:${port}` : `http://127.0.0.1:${port}`;
  // Node reads its own settings (NODE_EXTRA_CA_CERTS, …) once, when a process starts: a file
  // that sets one gets a host of its own.
  const processWide = Object.fromEntries(
    Object.entries(env).filter(([name]) => name.startsWith('NODE_')),
  );
  const own = Object.keys(processWide).length > 0;
  const serverHost = own ? await spawnHost(processWide) : await hostProcess();
  const since = serverHost.log.length;
  await serverHost.ask(
    {
      start: {
        ...serverHost.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        // No simulated sensors: the screens under test see only the seeded data.
        SIMULATE: '0',
        // No offline-alarm sweep unless a file asks for it: readings posted hours back would
        // otherwise open 'Ei yhteyttä' alarms in screens that do not expect them.
        ALARM_OFFLINE_SWEEP_SECONDS: '0',
        // On PostgreSQL the demo data is asked for and the secret is not kept in the data
        // directory (docs/configuration.md).
        ...(databaseUrl && {
          DATABASE_URL: databaseUrl,
          DEMO: '1',
          JWT_SECRET: randomBytes(32).toString('hex'),
        }),
        ...env,
      },
    },
    START_TIMEOUT_MS,
  );
  // The banner reaches the host's output after its answer (the logger writes asynchronously).
  await serverHost.printed('Vahti is running', since, START_TIMEOUT_MS);

  return {
    url,
    dataDir,
    output: () => serverHost.log.slice(since),
    async stop() {
      await serverHost.ask({ stop: true }, START_TIMEOUT_MS);
      if (own) await serverHost.end();
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ServerHost {
  /** The environment every instance starts from: this process's, without the test settings. */
  env: Record<string, string>;
  /** Everything the host printed (its instances' logs and start banners), in order. */
  readonly log: string;
  /** Resolves once the output from offset `since` on holds `text`; fails after `timeoutMs`. */
  printed(text: string, since: number, timeoutMs: number): Promise<void>;
  alive(): boolean;
  /** Sends a command and waits for its answer: one command at a time. */
  ask(command: object, timeoutMs: number): Promise<void>;
  /** Ends the host: its IPC channel closes, and it closes its instance and exits. */
  end(): Promise<void>;
}

let current: Promise<ServerHost> | undefined;

/** The worker's server host, started on first use and again if it died. */
async function hostProcess(): Promise<ServerHost> {
  const existing = await current?.catch(() => undefined);
  if (existing?.alive()) return existing;
  current = spawnHost();
  return current;
}

/** Ends the host of this process (the data template's, made in vitest's main process). */
export async function closeServerHost() {
  const host = await current?.catch(() => undefined);
  current = undefined;
  await host?.end();
}

function spawnHost(processWide: Record<string, string> = {}): Promise<ServerHost> {
  const { TEST_DATABASE_URL: _unused, DATABASE_URL: _also, ...inherited } = process.env;
  const env = { ...inherited, NODE_ENV: 'production', ...processWide } as Record<string, string>;
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'server-host.ts'), [], {
    cwd: ROOT,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let log = '';
  /** Waiting `printed` calls, told of every chunk of output. */
  const readers = new Set<() => void>();
  const append = (chunk: Buffer) => {
    log += chunk;
    for (const read of readers) read();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let pending: { resolve(): void; reject(err: Error): void } | undefined;
  const settle = (answer: { ok?: true; error?: string }) => {
    const waiting = pending;
    pending = undefined;
    if (answer.error) waiting?.reject(new Error(`server: ${answer.error}\n${log}`));
    else waiting?.resolve();
  };
  child.on('message', settle);
  child.on('exit', (code, signal) =>
    settle({ error: `the server host exited (${code ?? signal})` }),
  );

  const host: ServerHost = {
    env,
    get log() {
      return log;
    },
    printed(text, since, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          readers.delete(read);
        };
        const read = () => {
          if (!log.slice(since).includes(text)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`server: no "${text}" in ${timeoutMs / 1000} s:\n${log}`));
        }, timeoutMs);
        readers.add(read);
        read();
      });
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    ask(command, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => settle({ error: `no answer in ${timeoutMs / 1000} s` }),
          timeoutMs,
        );
        pending = {
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        if (!host.alive()) settle({ error: 'the server host is not running' });
        else child.send(command);
      });
    },
    async end() {
      if (host.alive()) child.disconnect();
      await exited;
    },
  };
  // Its first answer says the server's modules have loaded.
  return new Promise<ServerHost>((resolve, reject) => {
    pending = { resolve: () => resolve(host), reject };
  });
}
