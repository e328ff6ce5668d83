import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { printStartBanner } from './db/demo/banner.js';
import { seedDemoData } from './db/seed.js';
import { createFileStorage } from './lib/storage/create-storage.js';

async function main() {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = config.demo
    ? await seedDemoData(database.db, {
        dataDir: config.dataDir,
        storage: createFileStorage(config),
        analyze: true,
      })
    : false;
  const { app, container } = await buildApp({ config, database });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    // The app stops its background work, the demo simulator first, then the database closes.
    try {
      await app.close();
    } finally {
      await database.close();
    }
  });

  await app.listen({ port: config.port, host: config.host });
  // Work that waits for the server to listen: in demo mode the simulator's back-fill, then the
  // offline alarm sweep (jobs.ts).
  await container.lifecycle.start('listening');
  await printStartBanner(app.log, {
    config,
    db: database.db,
    databaseKind: database.kind,
    seeded,
    simulation: container.simulation(),
    seconds: (performance.now() - started) / 1000,
  });
}

main().catch((err) => {
  // Another process holds DATA_DIR/pglite: its message says which and what to do.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
