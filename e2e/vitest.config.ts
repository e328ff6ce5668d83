import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { longFirst } from '../scripts/long-first.js';

/** The files that take a minute or so (the walk over every Vainu screen is a small file). */
const LONG = /\/(vainu-screens|sensor-data|vainu-alarms|vainu-devices)\.e2e\.ts$/;

/**
 * End-to-end tests: the built app served by the real server, driven in headless Chromium.
 * E2E_CLUSTER=1 (ADR 0030) runs only cluster.e2e.ts, against two instances behind HAProxy:
 * sessions across instances, event fan-out, uploads through S3 and killing one instance. The
 * screens themselves do not change with the number of instances, so the rest of the suite runs
 * once, against one instance.
 */
const cluster = process.env.E2E_CLUSTER === '1';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: cluster ? ['cluster.e2e.ts'] : ['**/*.e2e.ts'],
    exclude: ['**/node_modules/**', ...(cluster ? [] : ['cluster.e2e.ts'])],
    // One seeded data directory that every file's server starts from a copy of.
    globalSetup: ['support/data-template.ts'],
    // Two servers and two Chromiums share two cores: a long flow (upload, view, download,
    // delete) has taken over 60 s in CI while passing in 20 s alone.
    testTimeout: 120_000,
    // A busy machine (two cores shared with builds) can take seconds for what is instant here.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    sequence: { sequencer: longFirst(LONG) },
    pool: 'forks',
    // Each file starts its own server and browser: one file per core.
    maxWorkers: Math.max(1, availableParallelism()),
    // A worker keeps its modules, and its server host (support/server-host.ts), from one file to
    // the next: each file still gets its own server instance, database and browser.
    isolate: false,
  },
});
