import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../src/db/seed.js';

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The demo ingest key and the demo devices' DevEUIs the server printed ('' and [] with DEMO=0). */
  key: string;
  euis: string[];
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Sends the signal and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `npm start` in a process of its own (src/server.ts with the demo: its first start seeds it) on
 * 127.0.0.1:`port`; resolves once it says it is running, with the demo ingest key and devices.
 * `env` adds to (or overrides) the settings below and the parent's environment (but for its
 * DATABASE_URL: PGlite in DATA_DIR unless `env` names one). With DEMO=0 it resolves once the
 * server runs, with no key or devices.
 */
export function startServerProcess(port: number, env: Record<string, string>) {
  // Embedded PGlite unless DATABASE_URL is given here.
  const { DATABASE_URL: _, ...inherited } = process.env;
  return new Promise<ServerProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...inherited,
        DEMO: '1',
        SIMULATE: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'fatal',
        JWT_SECRET: 'c'.repeat(64),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    // A test that times out never reaches its finally: the server must not outlive the worker.
    const onExit = () => child.kill('SIGKILL');
    process.once('exit', onExit);
    const stop = (signal: NodeJS.Signals = 'SIGKILL') =>
      new Promise<void>((done) => {
        process.off('exit', onExit);
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill(signal);
      });
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('Vahti is running')) return;
      const key = /Demo ingest key: (\S+)/.exec(out)?.[1];
      const devices = /Demo devices \(deviceEui\): (.+)/.exec(out)?.[1];
      if ((key && devices) || env.DEMO === '0')
        resolve({
          child,
          key: key ?? '',
          euis: devices ? devices.split(', ').map((e) => e.trim()) : [],
          output: () => out,
          stop,
        });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it ran:\n${out}`)));
  });
}

/** A bearer token of the demo's Ylläpitäjä from the server process at `base`. */
export async function demoAdminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: 'yllapitaja@demo.vahti.fi', userPassword: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}
