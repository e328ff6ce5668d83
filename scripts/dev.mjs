// `npm run dev`: the API with reload on :3000 and the Vite dev server (proxying /api) on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vahti/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
for (const child of children) child.on('exit', stop);
