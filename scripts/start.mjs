// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server on the embedded database with demo data (docs/configuration.md lists the settings).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfNeeded } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfNeeded();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
