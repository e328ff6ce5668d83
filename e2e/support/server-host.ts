import { pathToFileURL } from 'node:url';
import { listenAddress } from '../../apps/api/src/config/listen-address.js';
import { listenFirst } from '../../apps/api/src/lib/listen-first.js';
import { BUILT_START } from '../../scripts/build-server.mjs';

/**
 * One process per e2e worker that runs the server for one test file after another (server.ts):
 * what `npm start` runs once its port listens (apps/api/src/start.ts, built), each time with the file's
 * own environment, data directory and database, closed when the file ends. The server's modules
 * load once per worker instead of once per file: loading them was most of a file's start.
 * Started by e2e/support/server.ts; it ends with the worker (its IPC channel closes).
 */
type Command = { start: Record<string, string> } | { stop: true };
type Start = typeof import('../../apps/api/src/start.js');
type Vahti = Awaited<ReturnType<Start['createVahti']>>;

// The server `npm start` runs, built (the suite's setup builds it).
const { createVahti } = (await import(pathToFileURL(BUILT_START).href)) as Start;
let running: Vahti | undefined;

function reply(message: { ok: true } | { error: string }) {
  process.send?.(message);
}

process.on('message', async (command: Command) => {
  try {
    if ('start' in command) {
      if (running) throw new Error('a server is already running in this host');
      const env = command.start;
      const address = listenAddress(env);
      if (!address) throw new Error('the e2e server needs PORT and HOST');
      const early = await listenFirst(address);
      const vahti = await createVahti(env).catch(async (err) => {
        await early.close();
        throw err;
      });
      try {
        await vahti.serve(early);
      } catch (err) {
        await vahti.close().catch(() => {});
        throw err;
      }
      running = vahti;
    } else {
      const vahti = running;
      running = undefined;
      await vahti?.close();
    }
    reply({ ok: true });
  } catch (err) {
    reply({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});

process.on('disconnect', () => {
  void (running?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});

reply({ ok: true });
