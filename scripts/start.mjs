// `npm start`: builds the web app and the server (plain JavaScript, ADR 0002) when either is
// missing or older than its sources, then runs the server on the embedded database with demo data
// (docs/configuration.md lists the settings).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILT_SERVER, buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfNeeded();
await buildServerIfNeeded();

// Two malloc arenas instead of glibc's eight a core: the server's native memory (PGlite, the
// render and preview threads, argon2) fragments less; 83 MB less RSS on the embedded default
// after 40 minutes (docs/performance.md, "Memory"). Both can be overridden from the environment.
const server = spawn(process.execPath, [BUILT_SERVER], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
