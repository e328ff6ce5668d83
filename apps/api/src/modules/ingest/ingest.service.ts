// The ingest service: composes the parts and counts uplinks. An uplink goes source adapter
// (sources/) → prepare (device lookup, time check, decoder) → writer (group commit); a webhook's
// uplinks the database does not commit in time go to the intake journal (journal.ts) and are
// replayed from there. The key check is key-check.ts. Options and methods are the app's contract; the parts behind them may change.
import {
  type ChirpstackStatus,
  type ChirpstackUplink,
  type GenericUplink,
  type IngestResponse,
  isInstant,
  type RejectReason,
  type TtnUplink,
} from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MeasurementPartitions } from '../../db/partitions.js';
import { AppError, storageFailure } from '../../lib/errors.js';
import { errorKind } from '../../lib/log-errors.js';
import type { Metrics, UplinkResult } from '../../lib/metrics.js';
import { systemScope } from '../../lib/scope.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { createDecoder, type ScriptRun } from './decoder.js';
import { createDeviceHealthRepository } from './device-health.repository.js';
import { createDeviceLookup, normalizeEui } from './device-lookup.js';
import type { GroupCommitSettings } from './group-commit.js';
import type { IngestRepository } from './ingest.repository.js';
import type { IngestKeysRepository } from './ingest-keys.repository.js';
import { type IntakeJournal, type JournalEntry, JournalFullError } from './journal.js';
import { createKeyCheck } from './key-check.js';
import { bodyText, createPrepare, rejectedRow } from './prepare.js';
import { fromChirpstack } from './sources/chirpstack.js';
import { fromGeneric } from './sources/generic.js';
import { fromThingsStack } from './sources/things-stack.js';
import type { IngestCaller, OnHealth, OnReadings, Uplink, UplinkOrigin } from './types.js';
import { createWriter, DEFAULT_GROUP } from './writer.js';

export type {
  HealthChange,
  IngestCaller,
  IngestedReading,
  OnHealth,
  OnReadings,
  UplinkOrigin,
} from './types.js';

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
  onHealth,
  log,
  metrics,
  group = DEFAULT_GROUP,
  journal,
  scripts,
  now = () => Date.now(),
}: {
  /** The JavaScript codec sandbox, loaded when a type first needs it. */
  scripts?: (() => Promise<{ decode: ScriptRun }>) | undefined;
  db: Db;
  keys: Pick<IngestKeysRepository, 'findLive'>;
  ingest: IngestRepository;
  rateLimits: Pick<RateLimitService, 'consume'>;
  /** Creates the month partitions a group's readings need before it is written (ADR 0025). */
  partitions: Pick<MeasurementPartitions, 'ensure'>;
  onReadings?: OnReadings | undefined;
  /** Battery figures and frame-counter resets of a group, in its transaction (alarms). */
  onHealth?: OnHealth | undefined;
  /** Group lines (debug), failed groups (warn): each with the request ids of its uplinks. */
  log: FastifyBaseLogger;
  metrics: Metrics['ingest'];
  /** Group commit (ADR 0022): how many rows, how long, how many groups at once. */
  group?: GroupCommitSettings;
  /**
   * Where a webhook's uplinks go when the database has not committed them after `afterMs`, or
   * failed because it is away (issue 26); without it such a webhook answers 503.
   */
  journal?: { journal: IntakeJournal; afterMs: number } | undefined;
  now?: () => number;
}) {
  const keyCheck = createKeyCheck({ keys, rateLimits });
  const devices = createDeviceLookup({ ingest });
  const prepare = createPrepare({
    devices,
    decoder: createDecoder({ ingest, now, scripts }),
    now,
  });
  const writer = createWriter({
    db,
    ingest,
    partitions,
    health: createDeviceHealthRepository(db),
    onReadings,
    onHealth,
    log,
    metrics,
    group,
  });

  const count = (source: UplinkOrigin['source'], result: UplinkResult, n: number) => {
    if (n > 0) metrics.uplinks.inc({ source, result }, n);
  };

  /** Prepares and writes the uplinks now; resolves once they are committed. */
  async function write(
    caller: IngestCaller,
    uplinks: Uplink[],
    origin: UplinkOrigin,
    receivedAt: Date,
  ): Promise<IngestResponse> {
    const { source } = origin;
    try {
      const answer = await writer.write(await prepare(caller, uplinks, origin, receivedAt));
      count(source, 'stored', answer.stored);
      count(source, 'duplicate', answer.duplicates);
      count(source, 'rejected', answer.rejected?.length ?? 0);
      for (const reason of answer.rejected ?? []) metrics.rejected.inc({ reason });
      return answer;
    } catch (err) {
      count(source, 'failed', uplinks.length);
      throw err;
    }
  }

  async function store(
    caller: IngestCaller,
    uplinks: Uplink[],
    origin: UplinkOrigin,
  ): Promise<IngestResponse> {
    metrics.received.inc({ source: origin.source }, uplinks.length);
    const receivedAt = new Date(now());
    const attempt = write(caller, uplinks, origin, receivedAt);
    // MQTT acknowledges only after commit (the broker is its queue); the demo's uplinks can wait.
    if (!journal || origin.source !== 'webhook') return attempt;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), journal.afterMs);
    });
    try {
      const answer = await Promise.race([attempt, late]);
      if (answer !== 'late') return answer;
      // Still being written: if it commits after all, its replay adds nothing.
      attempt.catch(() => {});
    } catch (err) {
      if (!storageFailure(err)) throw err;
    } finally {
      clearTimeout(timer);
    }
    try {
      await journal.journal.append({ receivedAt: receivedAt.getTime(), caller, origin, uplinks });
    } catch (err) {
      if (err instanceof JournalFullError) throw new AppError(507, 'INGEST_JOURNAL_FULL');
      throw err;
    }
    count(origin.source, 'queued', uplinks.length);
    return { stored: 0, duplicates: 0, queued: uplinks.length };
  }

  /**
   * The journal's replay of a chunk of entries: written together; throws while the database is
   * away (the journal tries the chunk again). An entry that fails for another reason is kept as
   * rejected (unprocessable): it never blocks those behind it. Returned: the entries that could
   * not even be kept as rejected (their organization was removed since), which the journal keeps
   * apart.
   */
  async function replay(entries: JournalEntry[]): Promise<JournalEntry[]> {
    const results = await Promise.allSettled(
      entries.map((entry) =>
        write(entry.caller, entry.uplinks, entry.origin, new Date(entry.receivedAt)),
      ),
    );
    const away = results.find(
      (result) => result.status === 'rejected' && storageFailure(result.reason),
    );
    if (away) throw (away as PromiseRejectedResult).reason;
    const unstorable: JournalEntry[] = [];
    for (const [i, result] of results.entries()) {
      const entry = entries[i];
      if (result.status === 'fulfilled' || !entry) continue;
      log.error(
        { reqId: entry.origin.requestId, ...errorKind(result.reason) },
        'a journaled uplink could not be stored; kept as rejected',
      );
      try {
        await keepRejected(
          entry.caller,
          {
            source: entry.uplinks[0]?.source ?? 'generic',
            reason: 'unprocessable',
            body: bodyText(entry.uplinks.map((uplink) => uplink.raw)),
          },
          entry.origin,
        );
      } catch (err) {
        if (storageFailure(err)) throw err;
        unstorable.push(entry);
      }
    }
    return unstorable;
  }

  /**
   * A message that is no uplink, or one that failed to store for a reason other than the
   * database being away, kept as rejected with its reason (raw text cut): it never blocks what
   * comes after it.
   */
  async function keepRejected(
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
    count(origin.source, 'rejected', 1);
    metrics.rejected.inc({ reason });
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
     * A ChirpStack status event (DevStatusAns): the device's margin, external power and battery
     * into its health, with the group's uplinks. A device not in the key's organization, or a
     * time that is no RFC 3339 instant from 2000 to a day ahead, leaves nothing. Never journaled: a status event missed
     * while the database is away is replaced by the next one.
     */
    async chirpstackStatus(caller: IngestCaller, body: ChirpstackStatus, origin = INTERNAL) {
      const found = await devices.byEui(caller.organizationId, [body.deviceInfo.devEui]);
      const device = found.get(normalizeEui(body.deviceInfo.devEui));
      if (!device) return { stored: 0 };
      const at = body.time === undefined ? new Date(now()) : new Date(body.time);
      // As an uplink's time (prepare.ts): an RFC 3339 instant, from 2000 to a day ahead.
      const ms = at.getTime();
      if (
        body.time !== undefined &&
        (!isInstant(body.time) ||
          Number.isNaN(ms) ||
          ms < Date.UTC(2000, 0, 1) ||
          ms > now() + 86_400_000)
      )
        return { stored: 0 };
      // proto3 JSON leaves out false and 0: an absent batteryLevel of a battery device is 0 %.
      const reported = !body.batteryLevelUnavailable && !body.externalPowerSource;
      await writer.write({
        origin,
        scope: systemScope('ingest', caller.organizationId),
        readings: [],
        rejected: [],
        accepted: 0,
        health: [
          {
            kind: 'status',
            deviceId: device.deviceId,
            at,
            margin: body.margin ?? 0,
            externalPower: body.externalPowerSource === true,
            battery: reported ? Math.round((body.batteryLevel ?? 0) * 10) / 10 : undefined,
          },
        ],
      });
      return { stored: 1 };
    },

    keepRejected,
    /** The intake journal's replay (journal.ts); started with the app's background work. */
    replay,
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
