import { buildApp } from './app.js';
import { loadConfig } from './config/index.js';
import { openDatabase } from './db/client.js';
import { printStartBanner } from './db/demo/banner.js';
import { seedDemoData } from './db/seed.js';
import type { listenFirst } from './lib/listen-first.js';
import { createFileStorage } from './lib/storage/create-storage.js';

/** The port, listening before the app is built (lib/listen-first.ts). */
export type EarlyListener = Awaited<ReturnType<typeof listenFirst>>;

/**
 * What `npm start` runs once its port listens (server.ts): the configuration from `env`, the
 * database opened (and the demo data loaded when asked for), the app built. `serve` then hands
 * the port to the app and starts the work that waits for it; `close` ends both, once. The
 * end-to-end suite's server host (e2e/support/server-host.ts) runs the same, one database after
 * another in one process. Throws ConfigError on a bad configuration.
 */
export async function createVahti(env: NodeJS.ProcessEnv, started = performance.now()) {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let container: Awaited<ReturnType<typeof buildApp>>['container'];
  let seeded: Awaited<ReturnType<typeof seedDemoData>>;
  try {
    seeded = config.demo
      ? await seedDemoData(database.db, {
          dataDir: config.dataDir,
          storage: createFileStorage(config),
          analyze: true,
        })
      : false;
    ({ app, container } = await buildApp({ config, database }));
  } catch (err) {
    await database.close();
    throw err;
  }

  return {
    log: app.log,
    async serve(early: EarlyListener) {
      await app.ready();
      await early.handOver(app.server);
      // Work that waits for the server to listen: in demo mode the simulator's back-fill, then
      // the offline alarm sweep (jobs.ts).
      await container.lifecycle.start('listening');
      await printStartBanner(app.log, {
        config,
        db: database.db,
        databaseKind: database.kind,
        seeded,
        simulation: container.simulation(),
        seconds: (performance.now() - started) / 1000,
      });
    },
    /** The app stops its background work, the demo simulator first, then the database closes. */
    async close() {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
}
