import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic } from '../../lib/periodic.js';
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
  return startPeriodic({
    name: 'material bank orphan sweep',
    intervalMs,
    log,
    task: async () => {
      const removed = await materialbank.sweepOrphans();
      if (removed.length > 0)
        log.info({ removed: removed.length }, 'material bank orphans removed');
    },
  });
}
