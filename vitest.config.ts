import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { longFirst } from './scripts/long-first.js';

/** Files that take a minute or more: a server process through an outage or kills, a restore. */
const LONG = /\/(fault-[^/]*|ingest-crash|backup)\.test\.ts$/;

/**
 * Unit and API integration tests of every workspace. The database driver follows
 * TEST_DATABASE_URL: unset runs on PGlite, set runs on that PostgreSQL (scripts/test.mjs runs
 * both). End-to-end tests have their own config in e2e/.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's pure helpers (formatting, chart arithmetic); screens are tested in e2e/.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One migrated database per run that every test file starts from a copy of; the
          // isolation matrix's total, printed once its per-module files have all run.
          globalSetup: ['test/database-image.ts', 'test/isolation/summary.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker keeps the modules it has loaded from one test file to the next (each file
          // still builds its own app and database): the import and transform of the whole
          // server per file was a large part of a file's start.
          isolate: false,
        },
      },
    ],
    sequence: { sequencer: longFirst(LONG) },
    pool: 'forks',
    // One worker per core: each test file builds its own app and database.
    maxWorkers: Math.max(1, availableParallelism()),
    // Transformed modules persist in node_modules/.vitest between runs and processes: the second
    // suite of `npm test` (PostgreSQL) and every rerun skip transforming the server again.
    experimental: { fsModuleCache: true },
  },
});
