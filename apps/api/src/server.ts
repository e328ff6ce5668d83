import closeWithGrace from 'close-with-grace';
import { listenAddress } from './config/listen-address.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { listenFirst } from './lib/listen-first.js';

async function main() {
  const started = performance.now();
  // The port first, the configuration and the app after (issue 26): a webhook that arrives
  // meanwhile waits for the app instead of being refused. Hence every other module, the
  // configuration's schema included, is loaded only now.
  const address = listenAddress(process.env);
  const early = address && (await listenFirst(address));
  const { ConfigError, loadConfig } = await import('./config/index.js');
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
  if (!early) throw new Error('PORT and HOST passed loadConfig but not listenAddress');
  const [{ buildApp }, { openDatabase }, { printStartBanner }, { seedDemoData }, storage] =
    await Promise.all([
      import('./app.js'),
      import('./db/client.js'),
      import('./db/demo/banner.js'),
      import('./db/seed.js'),
      import('./lib/storage/create-storage.js'),
    ]);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = config.demo
    ? await seedDemoData(database.db, {
        dataDir: config.dataDir,
        storage: storage.createFileStorage(config),
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

  await app.ready();
  await early.handOver(app.server);
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
