import { type ChildProcess, spawn } from 'node:child_process';
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
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (CLUSTER_MODE) return startClusterServer(env);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env[DATABASE_TEMPLATE_ENV];
  if (!adminUrl || !template) return startOneServer(env);
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await ensureDatabase(adminUrl, name, { template });
  let server: RunningServer;
  try {
    server = await startOneServer(env, { databaseUrl });
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
 * `databaseUrl` puts the database on PostgreSQL instead of in the directory.
 */
export async function startOneServer(
  env: Record<string, string>,
  {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-e2e-')),
    keep = false,
    databaseUrl,
  }: { dataDir?: string; keep?: boolean; databaseUrl?: string } = {},
): Promise<RunningServer> {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && !keep) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { TEST_DATABASE_URL: _unused, DATABASE_URL: _also, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...inherited,
        NODE_ENV: 'production',
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
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));

  // A loaded machine (CI beside other work) has taken over 60 s to migrate and seed; the
  // file's hook allows 120 s (e2e/vitest.config.ts).
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      // Answering is not enough: the server listens before it starts (issue 26), and prints its
      // banner once it has.
      const res = await fetch(`${url}/api/health`);
      if (res.ok && log.includes('Vahti is running')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
