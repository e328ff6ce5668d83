// Builds the web app when it is missing or older than its sources (`npm start`, `npm run cluster`,
// `npm test`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builtAfter } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
  'package-lock.json',
];

/** Whether apps/web/dist is newer than every source of the web app. */
export const webBuildIsCurrent = () => builtAfter(built, sources);

/** Builds with Vite directly rather than through `npm run build`: one npm start-up less. */
export function buildWebIfNeeded() {
  if (webBuildIsCurrent()) return;
  console.log('Building the web app…');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
