import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const webDir = path.join(root, 'apps/web/dist');

/** Builds the web app when apps/web/dist is missing (the HTTP and page benchmarks serve it). */
export function ensureWebBuild() {
  if (existsSync(path.join(webDir, 'index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@vahti/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export interface BenchServer {
  child: ChildProcess;
  address: string;
}

/** Starts bench/servers/<name>.ts in its own process and waits for its loopback address. */
export async function startServer(
  name: 'hello' | 'app' | 'bare-pg',
  execArgv: string[] = [],
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const child = fork(path.join(root, 'bench/servers', `${name}.ts`), {
    execArgv: ['--import', 'tsx', ...execArgv],
    // The app logs every request as in production; the lines go to /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, WEB_DIR: webDir, ...env },
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
  });
  return { child, address };
}

export function stopServer({ child }: BenchServer) {
  return new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send('stop');
  });
}
