import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { readDemoIngest } from './db/demo/ingest.js';
import { DEMO_LOGINS, DEMO_PASSWORD, readDemoRegistrationCode, seedDemoData } from './db/seed.js';
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
  const simulation = container.simulation();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `Vahti is running at ${config.publicUrl}  (database: ${where}; ready in ${seconds} s)`,
  ];
  if (config.demo) {
    lines.push(
      seeded ? 'Demo data loaded. Demo logins:' : 'Demo logins (if the demo data is still there):',
    );
    for (const login of DEMO_LOGINS) {
      lines.push(
        `  ${login.email.padEnd(30)} ${DEMO_PASSWORD}   ${login.role}, oikeudet ${login.permissions.join(',')}`,
      );
    }
    const code = readDemoRegistrationCode(config.dataDir);
    if (code) lines.push(`Demo registration code: ${code}`);
    const ingest = await readDemoIngest(database.db, config.dataDir);
    if (ingest) {
      lines.push(`Demo ingest key: ${ingest.key}`);
      lines.push(`Demo devices (deviceEui): ${ingest.euis.map((d) => d.eui).join(', ')}`);
    }
    if (simulation) {
      const b = simulation.backfilled;
      lines.push(
        `Simulated sensors: ${b.stored} readings back-filled for ${b.devices} devices in ${b.seconds.toFixed(1)} s; one uplink per device a minute follows (SIMULATE=0 turns this off; npm run simulate sends more over HTTP)`,
      );
    }
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  // Another process holds DATA_DIR/pglite: its message says which and what to do.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
