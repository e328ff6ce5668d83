// Whether a build is newer than its sources: `npm start`, the cluster and the tests build the web
// app and the server only when it is not (build-web.mjs, build-server.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Whether `built` exists and is newer than every file of `sources` (paths from the repository). */
export function builtAfter(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt >= Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}
