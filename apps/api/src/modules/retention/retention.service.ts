import type { Db } from '../../db/client.js';
import {
  endOfMonth,
  type MeasurementPartitions,
  partitionName,
  startOfMonth,
} from '../../db/partitions.js';
import { systemScope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import type { RetentionRepository } from './retention.repository.js';

/** Rows per delete statement: short statements, short locks, bounded WAL per statement. */
export const RETENTION_BATCH = 5000;

/** What one organization's purge deleted. */
export interface Purged {
  organizationId: string;
  cutoff: string;
  readings: number;
  hourly: number;
  daily: number;
  rejected: number;
}

/** Repeats a bounded delete until it finds less than a full batch; the total deleted. */
async function inBatches(deleteBatch: () => Promise<number>, batch: number) {
  let total = 0;
  for (;;) {
    const n = await deleteBatch();
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Retention per organization (ADR 0025): an organization with `organizationRetentionMonths` set
 * keeps its measurement data, their hourly and daily rollups and its rejected uplinks from the
 * Finnish midnight that many months ago on; older rows are deleted in batches. The cutoff is a
 * whole Finnish day, so no rollup hour or day is cut in two: the rollups left agree exactly with
 * the readings left. An organization without the setting keeps everything, unless the platform
 * sets a longest retention for all (`maxMonths`, MEASUREMENT_RETENTION_MAX_MONTHS).
 *
 * A whole month of readings no organization keeps any more is dropped with its partition
 * (`dropExpiredMonths`, before the row deletes), instead of being deleted row by row.
 */
export function createRetentionService({
  db,
  retention,
  partitions,
  audit,
  maxMonths = null,
  batch = RETENTION_BATCH,
}: {
  db: Db;
  retention: RetentionRepository;
  partitions: Pick<MeasurementPartitions, 'stored' | 'drop'>;
  audit: Pick<AuditService, 'record'>;
  maxMonths?: number | null;
  batch?: number;
}) {
  const audited = auditedChanges({ db, audit });

  return {
    /**
     * Drops each month's partition whose readings are all expired: the month ended on or before
     * the cutoff of every organization with a reading in it. Its rollups stay until the row
     * deletes of `purgeExpired` reach them. Returns the months dropped.
     */
    async dropExpiredMonths(now: Date = new Date()): Promise<string[]> {
      const scope = systemScope('retention');
      const expiries = await retention.expiries(scope, now, maxMonths);
      if (expiries.length === 0) return [];
      const everyone = await retention.organizationIds(scope);
      const dropped: string[] = [];
      for (const month of await partitions.stored()) {
        const end = endOfMonth(month);
        const expired = new Set(
          expiries.filter((e) => e.cutoff >= end).map((e) => e.organizationId),
        );
        // The months come oldest first: once nobody's cutoff is past one, none later is.
        if (expired.size === 0) break;
        const keep = everyone.filter((id) => !expired.has(id));
        const start = startOfMonth(month);
        if (keep.length > 0 && (await retention.holdsReadingsOf(scope, keep, start, end))) continue;
        const putBack = await partitions.drop(month, keep);
        // In the audit log for the top administrator, without an actor: the job did it.
        await audited(scope, async () => ({
          action: 'measurements.month.dropped',
          entityId: partitionName(month),
          organizationId: null,
          details: { month, organizations: expired.size, putBack },
        }));
        dropped.push(month);
      }
      return dropped;
    },

    /** Deletes every organization's expired rows; what was deleted, per organization. */
    async purgeExpired(now: Date = new Date()): Promise<Purged[]> {
      const results: Purged[] = [];
      for (const expiry of await retention.expiries(systemScope('retention'), now, maxMonths)) {
        const scope = systemScope('retention', expiry.organizationId);
        const purged: Purged = {
          organizationId: expiry.organizationId,
          cutoff: expiry.cutoff.toISOString(),
          readings: 0,
          hourly: 0,
          daily: 0,
          rejected: 0,
        };
        for (const deviceId of await retention.deviceIds(scope)) {
          purged.readings += await inBatches(
            () => retention.deleteReadings(scope, deviceId, expiry.cutoff, batch),
            batch,
          );
          purged.hourly += await inBatches(
            () => retention.deleteHourly(scope, deviceId, expiry.cutoff, batch),
            batch,
          );
          purged.daily += await inBatches(
            () => retention.deleteDaily(scope, deviceId, expiry.cutoffDay, batch),
            batch,
          );
        }
        purged.rejected = await inBatches(
          () => retention.deleteRejected(scope, expiry.cutoff, batch),
          batch,
        );
        if (purged.readings + purged.hourly + purged.daily + purged.rejected > 0) {
          // In the audit log for the top administrator, without an actor: the job did it.
          await audited(scope, async () => ({
            action: 'organization.retention',
            entityId: expiry.organizationId,
            organizationId: expiry.organizationId,
            details: { retentionMonths: expiry.retentionMonths, ...purged },
          }));
        }
        results.push(purged);
      }
      return results;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
