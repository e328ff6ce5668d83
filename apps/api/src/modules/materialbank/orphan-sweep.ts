import type { FastifyBaseLogger } from 'fastify';
import type { MaterialbankService } from './materialbank.service.js';

/** How often stored objects without a row are looked for. */
export const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Runs the material bank's orphan sweep every hour (first a minute after start). Several
 * instances may sweep at once: each removes only objects without a row older than the grace
 * period, so they agree. Stops with the app.
 */
export function startOrphanSweep(
  materialbank: Pick<MaterialbankService, 'sweepOrphans'>,
  log: FastifyBaseLogger,
  intervalMs = SWEEP_INTERVAL_MS,
) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= materialbank
      .sweepOrphans()
      .then((removed) => {
        if (removed.length > 0)
          log.info({ removed: removed.length }, 'material bank orphans removed');
      })
      .catch((err) => log.warn({ err }, 'material bank orphan sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(sweep, Math.min(60_000, intervalMs));
  const timer = setInterval(sweep, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
