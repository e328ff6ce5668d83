import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Private PostgreSQL and Mosquitto for the fault tests: each on its own loopback port and data
 * directory, so a test may stop and start them without touching the machine's shared services.
 */

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });

/** Polls `check` every 50 ms until it holds, failing after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

/** The newest PostgreSQL server binaries on this machine (Debian's layout), or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, 'bin') : null;
}

/**
 * Why a private PostgreSQL cannot run here (no server binaries, or not root to run them as the
 * postgres user), or null when it can.
 */
export function privatePostgresUnavailable(): string | null {
  if (!postgresBin()) return 'no PostgreSQL server binaries in /usr/lib/postgresql';
  if (process.getuid?.() !== 0) return 'not root: cannot run initdb as the postgres user';
  return null;
}

/**
 * A new PostgreSQL cluster in a temporary directory (initdb, trust, fsync off), started on a free
 * loopback port as the postgres user. `stop` is a fast shutdown (what `pg_ctlcluster … restart`
 * does first), `start` waits until it accepts connections; `remove` stops it and deletes it.
 */
export async function startPrivatePostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server binaries');
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (tool: string, ...args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], {
      stdio: 'pipe',
      cwd: dir,
    });
  asPostgres('initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync');
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      '',
    ].join('\n'),
  );
  // Asynchronous, so that the test's requests go on while PostgreSQL stops and starts.
  const pgCtl = async (...args: string[]) => {
    await promisify(execFile)('runuser', [
      '-u',
      'postgres',
      '--',
      path.join(bin, 'pg_ctl'),
      ...['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', ...args],
    ]);
  };
  await pgCtl('start');
  // A test that times out never reaches its finally: the cluster must not outlive the worker.
  const onExit = () => {
    try {
      asPostgres('pg_ctl', '-D', data, 'stop', '-m', 'immediate');
    } catch {
      // not running
    }
  };
  process.once('exit', onExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl('stop', '-m', 'fast'),
    start: () => pgCtl('start'),
    async remove() {
      process.off('exit', onExit);
      await pgCtl('stop', '-m', 'immediate').catch(() => {}); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a `mosquitto` binary is on the PATH. */
export function mosquittoUnavailable(): string | null {
  try {
    execFileSync('mosquitto', ['-h'], { stdio: 'ignore' });
  } catch (err) {
    // `mosquitto -h` exits 3 after printing its help: it exists.
    if ((err as { status?: number }).status !== 3) return 'no mosquitto binary';
  }
  return null;
}

/**
 * A Mosquitto of our own on a free loopback port, persisting its sessions (so a restart keeps
 * the QoS 1 messages of a subscriber that is away, as the machine's broker does). `restart` stops
 * it (SIGTERM, waits for the exit) and starts it again on the same port.
 */
export async function startPrivateMosquitto() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-mqtt-'));
  // Started as root, mosquitto runs as its own user: it must be able to write its sessions here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  const config = path.join(dir, 'mosquitto.conf');
  appendFileSync(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'max_queued_messages 100000',
      '',
    ].join('\n'),
  );
  let broker: ChildProcess | undefined;
  const start = async () => {
    broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
    await until(() => accepts(port), 'mosquitto to listen');
  };
  const stop = async () => {
    const running = broker;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  // A test that times out never reaches its finally: the broker must not outlive the worker.
  const onExit = () => broker?.kill();
  process.once('exit', onExit);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async restart() {
      await stop();
      await start();
    },
    async remove() {
      process.off('exit', onExit);
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
