// The ingest service: composes the parts and counts uplinks. An uplink goes source adapter
// (sources/) → prepare (device lookup, time check, decoder) → writer (group commit). The key check
// is key-check.ts. Options and methods are the app's contract; the parts behind them may change.
import type {
  ChirpstackUplink,
  GenericUplink,
  IngestResponse,
  RejectReason,
  TtnUplink,
} from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MeasurementPartitions } from '../../db/partitions.js';
import type { Metrics, UplinkResult } from '../../lib/metrics.js';
import { systemScope } from '../../lib/scope.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { createDecoder } from './decoder.js';
import { createDeviceLookup } from './device-lookup.js';
import type { GroupCommitSettings } from './group-commit.js';
import type { IngestRepository } from './ingest.repository.js';
import type { IngestKeysRepository } from './ingest-keys.repository.js';
import { createKeyCheck } from './key-check.js';
import { createPrepare, rejectedRow } from './prepare.js';
import { fromChirpstack } from './sources/chirpstack.js';
import { fromGeneric } from './sources/generic.js';
import { fromThingsStack } from './sources/things-stack.js';
import type { IngestCaller, OnReadings, Uplink, UplinkOrigin } from './types.js';
import { createWriter, DEFAULT_GROUP } from './writer.js';

export type { IngestCaller, IngestedReading, OnReadings, UplinkOrigin } from './types.js';

/** The demo back-fill and simulator call the service directly. */
const INTERNAL: UplinkOrigin = { source: 'internal' };

/**
 * Uplinks from network servers (ChirpStack, The Things Stack) and a generic JSON form,
 * authenticated by an organization's ingest key. Each uplink becomes one measurement-data row,
 * or a rejected-uplink row saying why not. Concurrent requests' rows are written together, one
 * transaction per group (ADR 0022), and each webhook is answered once its group has committed.
 */
export function createIngestService({
  db,
  keys,
  ingest,
  rateLimits,
  partitions,
  onReadings,
  log,
  metrics,
  group = DEFAULT_GROUP,
  now = () => Date.now(),
}: {
  db: Db;
  keys: Pick<IngestKeysRepository, 'findLive'>;
  ingest: IngestRepository;
  rateLimits: Pick<RateLimitService, 'consume'>;
  /** Creates the month partitions a group's readings need before it is written (ADR 0025). */
  partitions: Pick<MeasurementPartitions, 'ensure'>;
  onReadings?: OnReadings | undefined;
  /** Group lines (debug), failed groups (warn): each with the request ids of its uplinks. */
  log: FastifyBaseLogger;
  metrics: Metrics['ingest'];
  /** Group commit (ADR 0022): how many rows, how long, how many groups at once. */
  group?: GroupCommitSettings;
  now?: () => number;
}) {
  const keyCheck = createKeyCheck({ keys, rateLimits });
  const prepare = createPrepare({
    devices: createDeviceLookup({ ingest }),
    decoder: createDecoder({ ingest, now }),
    now,
  });
  const writer = createWriter({ db, ingest, partitions, onReadings, log, metrics, group });

  async function store(
    caller: IngestCaller,
    uplinks: Uplink[],
    origin: UplinkOrigin,
  ): Promise<IngestResponse> {
    const { source } = origin;
    metrics.received.inc({ source }, uplinks.length);
    const count = (result: UplinkResult, n: number) => {
      if (n > 0) metrics.uplinks.inc({ source, result }, n);
    };
    try {
      const answer = await writer.write(await prepare(caller, uplinks, origin));
      count('stored', answer.stored);
      count('duplicate', answer.duplicates);
      count('rejected', answer.rejected?.length ?? 0);
      for (const reason of answer.rejected ?? []) metrics.rejected.inc({ reason });
      return answer;
    } catch (err) {
      count('failed', uplinks.length);
      throw err;
    }
  }

  return {
    /** Writes what waits and resolves once no group is being written (on shutdown). */
    drain: () => writer.drain(),
    /** Groups written so far (tests, the benchmark). */
    groupStats: () => writer.stats(),
    authenticate: keyCheck.authenticate,
    callerOfKey: keyCheck.callerOfKey,

    chirpstack: (caller: IngestCaller, body: ChirpstackUplink, origin = INTERNAL) =>
      store(caller, [fromChirpstack(body)], origin),

    ttn: (caller: IngestCaller, body: TtnUplink, origin = INTERNAL) =>
      store(caller, [fromThingsStack(body)], origin),

    generic: (caller: IngestCaller, body: GenericUplink | GenericUplink[], origin = INTERNAL) =>
      store(caller, fromGeneric(body), origin),

    /**
     * A message that is no uplink, or one that failed to store for a reason other than the
     * database being away, kept as rejected with its reason (raw text cut): it never blocks what
     * comes after it.
     */
    async keepRejected(
      caller: IngestCaller,
      rejected: { source: string; reason: RejectReason; body: string },
      origin: UplinkOrigin,
    ): Promise<void> {
      const { source, reason, body } = rejected;
      await writer.write({
        origin,
        scope: systemScope('ingest', caller.organizationId),
        readings: [],
        rejected: [rejectedRow(caller, source, reason, null, body)],
        accepted: 0,
      });
      metrics.received.inc({ source: origin.source });
      metrics.uplinks.inc({ source: origin.source, result: 'rejected' });
      metrics.rejected.inc({ reason });
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
