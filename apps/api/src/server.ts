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
  const [{ ConfigError }, { createVahti }] = await Promise.all([
    import('./config/index.js'),
    import('./start.js'),
  ]);
  let vahti: Awaited<ReturnType<typeof createVahti>>;
  try {
    vahti = await createVahti(process.env, started);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!early) throw new Error('PORT and HOST passed loadConfig but not listenAddress');

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) vahti.log.error({ err }, 'closing after an error');
    else vahti.log.info({ signal }, 'closing');
    await vahti.close();
  });
  await vahti.serve(early);
}

main().catch((err) => {
  // Another process holds DATA_DIR/pglite: its message says which and what to do.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
