// Builds the server `npm start` runs (ADR 0002): apps/api/src bundled by esbuild into plain
// JavaScript in apps/api/dist, when it is missing or older than its sources. Node then loads no
// TypeScript loader and compiles nothing at start. Our own code (the API and packages/domain) is
// bundled; every other package stays external, loaded from node_modules as it is. The modules
// loaded on demand (reports, exports, previews…) stay chunks of their own, so the start loads
// what it needs and no more. The build is flat: apps/api/src/lib/package-files.ts finds the
// package's files from any file of it.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { builtAfter } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const outdir = path.join(api, 'dist');
const built = path.join(outdir, 'server.js');
/** The built server: `node <this>` is what `npm start` runs. */
export const BUILT_SERVER = built;
/** What the built server runs once its port listens (`createVahti`): the e2e tests' host runs it. */
export const BUILT_START = path.join(outdir, 'start.js');
/** The entries: the server and the worker threads' files (found by their names in dist/). */
const ENTRIES = [
  'src/server.ts',
  // What server.ts runs once its port listens; the e2e tests' server host runs it too.
  'src/start.ts',
  'src/modules/reports/render-worker.ts',
  'src/modules/materialbank/preview-worker.ts',
];
const sources = ['apps/api/src', 'packages/domain/src', 'package-lock.json'];

/** Every bare import but our own packages' is left to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path: id }) =>
      id.startsWith('@vahti/') ? undefined : { path: id, external: true },
    );
  },
};

export async function buildServerIfNeeded() {
  if (builtAfter(built, sources)) return;
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: api,
    entryPoints: ENTRIES,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfNeeded();
