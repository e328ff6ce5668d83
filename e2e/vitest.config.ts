import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app served by the real server, driven in headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    // Two instances behind HAProxy (E2E_CLUSTER=1, ADR 0030): every file, and the one that
    // kills an instance; without a cluster that file has nothing to test.
    exclude: ['**/node_modules/**', ...(process.env.E2E_CLUSTER === '1' ? [] : ['cluster.e2e.ts'])],
    testTimeout: 60_000,
    // A busy machine (two cores shared with builds) can take seconds for what is instant here.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file starts its own server and browser; two at once fit this 2-core machine.
    maxWorkers: 2,
  },
});
