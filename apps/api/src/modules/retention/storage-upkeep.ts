import type { FastifyBaseLogger } from 'fastify';
import type { MeasurementPartitions } from '../../db/partitions.js';
import { startPeriodic } from '../../lib/periodic.js';
import type { RetentionService } from './retention.service.js';

/** How often partitions are created ahead and expired data deleted. */
export const UPKEEP_INTERVAL_MS = 24 * 60 * 60_000;

/**
 * The daily storage job (ADR 0025): the coming months' partitions of measurement data, then the
 * retention: whole expired months dropped, then the remaining expired rows deleted. First a minute after start (the app creates the partitions at start itself),
 * then daily. Several instances may run it at once: partitions are created under a lock and the
 * deletes of two instances only share the work. Stops with the app.
 */
export function startStorageUpkeep({
  partitions,
  retention,
  log,
  intervalMs = UPKEEP_INTERVAL_MS,
}: {
  partitions: Pick<MeasurementPartitions, 'ensureAhead'>;
  retention: Pick<RetentionService, 'dropExpiredMonths' | 'purgeExpired'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return startPeriodic({
    name: 'storage upkeep',
    intervalMs,
    log,
    task: async () => {
      const created = await partitions.ensureAhead();
      if (created.length > 0) log.info({ months: created }, 'measurement partitions created');
      const dropped = await retention.dropExpiredMonths();
      if (dropped.length > 0) log.info({ months: dropped }, 'expired measurement months dropped');
      for (const purged of await retention.purgeExpired()) {
        log.info(purged, 'retention: expired measurement data deleted');
      }
    },
  });
}
