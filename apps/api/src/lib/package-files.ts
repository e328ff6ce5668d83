import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether this is the source (TypeScript through tsx: tests, `npm run dev`, scripts) or the
 * server `npm start` built with esbuild into apps/api/dist (scripts/build-server.mjs, ADR 0002).
 * The build is flat: every module of it is a file of dist/ itself.
 */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** The API package's folder (apps/api), from this file in src/lib/ or from a file of dist/. */
const API_ROOT = fileURLToPath(new URL(FROM_SOURCE ? '../..' : '..', import.meta.url));

/** A file the server reads at run time, by its path in the API package (e.g. 'src/db/migrations'). */
export const packageFile = (relative: string) => path.join(API_ROOT, relative);

/**
 * A worker thread's entry (`src/…/name.ts`) and the arguments its thread needs: the source
 * through the same loader as the server, or the built file of the same name.
 */
export function workerEntry(source: string): { filename: string; execArgv: string[] } {
  if (FROM_SOURCE) return { filename: packageFile(source), execArgv: ['--import', 'tsx'] };
  return { filename: packageFile(`dist/${path.basename(source, '.ts')}.js`), execArgv: [] };
}
