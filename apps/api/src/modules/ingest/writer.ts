// The writer: prepared requests queued for group commit (group-commit.ts) and written one
// transaction per group (ADR 0022): the month partitions first, then per organization its readings
// in key order, its rejected uplinks, `onReadings` (alarm evaluation), its devices' health (one
// upsert) and `onHealth` (battery and frame-counter alarms); after the commit what those returned,
// the group's metrics and log line. Knows nothing of sources or decoding.
import type { IngestResponse } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MeasurementPartitions } from '../../db/partitions.js';
import { inTransaction } from '../../db/transactions.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Scope } from '../../lib/scope.js';
import type { DeviceHealthRepository } from './device-health.repository.js';
import { createGroupCommit, type GroupCommitSettings } from './group-commit.js';
import type { IngestRepository, ReadingRow, RejectedRow } from './ingest.repository.js';
import {
  type HealthObservation,
  type OnHealth,
  type OnReadings,
  type Prepared,
  readingKey,
} from './types.js';

/** Group commit defaults (ADR 0022); the app takes them from INGEST_GROUP_* settings. */
export const DEFAULT_GROUP: GroupCommitSettings = { maxRows: 1000, delayMs: 5, flushes: 1 };

/** The rows a request adds to its group. */
const sizeOf = (request: Prepared) => request.readings.length + request.rejected.length;
/** The distinct request ids of a group, for its log lines. */
const requestIds = (requests: Prepared[]) => [
  ...new Set(requests.flatMap((request) => request.origin.requestId ?? [])),
];
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function createWriter({
  db,
  ingest,
  partitions,
  health,
  onReadings,
  onHealth,
  log,
  metrics,
  group,
}: {
  db: Db;
  ingest: Pick<IngestRepository, 'insertReadings' | 'insertRejected'>;
  partitions: Pick<MeasurementPartitions, 'ensure'>;
  health: Pick<DeviceHealthRepository, 'record'>;
  onReadings?: OnReadings | undefined;
  onHealth?: OnHealth | undefined;
  log: FastifyBaseLogger;
  metrics: Pick<Metrics['ingest'], 'groupSeconds' | 'groupRows' | 'groupRetries' | 'watchQueue'>;
  group: GroupCommitSettings;
}) {
  /**
   * Writes the prepared requests in one transaction: per organization (each in its own scope)
   * one multi-row insert of the readings not yet stored with their rollups, the rejected uplinks,
   * and alarm evaluation of what was inserted. Each request's answer counts its own readings; a
   * reading two requests of the group share is stored once and counted for the first of them.
   */
  async function commit(group: Prepared[]): Promise<IngestResponse[]> {
    const started = performance.now();
    const owner = new Map<string, Prepared>();
    const byOrganization = new Map<
      string,
      {
        scope: Scope;
        rows: ReadingRow[];
        rejected: RejectedRow[];
        observations: HealthObservation[];
      }
    >();
    for (const request of group) {
      const organizationId = request.scope.organizationId as string;
      let org = byOrganization.get(organizationId);
      if (!org) {
        org = { scope: request.scope, rows: [], rejected: [], observations: [] };
        byOrganization.set(organizationId, org);
      }
      org.rejected.push(...request.rejected);
      if (request.health) org.observations.push(...request.health);
      for (const row of request.readings) {
        const key = readingKey(row.deviceId, row.dedupKey);
        if (owner.has(key)) continue;
        owner.set(key, request);
        org.rows.push(row);
      }
    }
    const stored = new Map<Prepared, number>();
    const afterCommit: (() => void)[] = [];
    // A reading is never refused for its month: a month without a partition gets one first.
    await partitions.ensure(group.flatMap((request) => request.readings.map((r) => r.createdAt)));
    await db.transaction(async () => {
      for (const [organizationId, org] of byOrganization) {
        const { scope, rows, rejected } = org;
        // Key order, so concurrent groups take the unique index's locks in one order.
        rows.sort((a, b) => compare(a.deviceId, b.deviceId) || compare(a.dedupKey, b.dedupKey));
        const inserted = await ingest.insertReadings(scope, rows);
        await ingest.insertRejected(scope, rejected);
        for (const row of inserted) {
          const request = owner.get(readingKey(row.deviceId, row.dedupKey));
          if (request) stored.set(request, (stored.get(request) ?? 0) + 1);
        }
        if (onReadings && inserted.length > 0) {
          const after = await onReadings(
            scope,
            inserted.map((row) => ({
              deviceId: row.deviceId,
              measuredAt: row.createdAt,
              values: row.data,
              requestId: owner.get(readingKey(row.deviceId, row.dedupKey))?.origin.requestId,
            })),
          );
          if (after) afterCommit.push(after);
        }
        // One upsert of the group's figures per organization, after the readings it may read.
        const changes = await health.record(scope, organizationId, org.observations);
        if (onHealth && changes.length > 0) {
          const after = await onHealth(scope, changes);
          if (after) afterCommit.push(after);
        }
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = group.reduce((sum, request) => sum + sizeOf(request), 0);
    metrics.groupSeconds.observe(seconds);
    metrics.groupRows.observe(rows);
    log.debug(
      {
        reqIds: requestIds(group),
        rows,
        stored: [...stored.values()].reduce((sum, n) => sum + n, 0),
        ms: Math.round(seconds * 1000),
      },
      'ingest group committed',
    );
    for (const after of afterCommit) after();
    return group.map((request) => {
      const count = stored.get(request) ?? 0;
      const reasons = request.rejected.map((r) => r.reason);
      return {
        stored: count,
        duplicates: request.accepted - count,
        ...(reasons.length > 0 && { rejected: reasons }),
      };
    });
  }

  const queue = createGroupCommit<Prepared, IngestResponse>({
    settings: group,
    sizeOf,
    commitGroup: commit,
    onRetry: (requests, err) => {
      metrics.groupRetries.inc(requests.length);
      log.warn(
        { err, reqIds: requestIds(requests) },
        'ingest group failed; writing its requests one by one',
      );
    },
  });
  metrics.watchQueue(() => queue.depth());

  return {
    /**
     * Resolves with the request's answer once it is committed. Inside a caller's own transaction
     * (the demo back-fill) the write is part of its unit of work: written there, never grouped
     * with others that would commit without it.
     */
    async write(request: Prepared): Promise<IngestResponse> {
      return inTransaction()
        ? ((await commit([request]))[0] as IngestResponse)
        : queue.write(request);
    },
    /** Writes what waits and resolves once no group is being written (on shutdown). */
    drain: () => queue.drain(),
    /** Groups written so far (tests, the benchmark). */
    stats: () => queue.stats(),
  };
}

export type Writer = ReturnType<typeof createWriter>;
