import {
  type ChirpstackUplink,
  type GenericUplink,
  type IngestResponse,
  payloadLayout,
  type RejectReason,
  type TtnUplink,
} from '@vahti/domain';
import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { MeasurementPartitions } from '../../db/partitions.js';
import { inTransaction } from '../../db/transactions.js';
import { unauthorized } from '../../lib/errors.js';
import type { Metrics, UplinkResult, UplinkSource } from '../../lib/metrics.js';
import { type Scope, systemScope } from '../../lib/scope.js';
import { sha256Hex } from '../../lib/tokens.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import { decodePayload, fromBase64, type LayoutEntry } from './decode.js';
import { createGroupCommit, type GroupCommitSettings } from './group-commit.js';
import type { IngestRepository, ReadingRow, RejectedRow } from './ingest.repository.js';
import type { IngestKeysRepository } from './ingest-keys.repository.js';

/** A reading as stored, handed to whoever evaluates readings (alarms). */
export interface IngestedReading {
  deviceId: string;
  measuredAt: Date;
  /** Keyed by measurement id. */
  values: Record<string, number>;
  /** The webhook request's or MQTT message's id, for the log lines of what the reading causes. */
  requestId?: string | undefined;
}

/** Where a call's uplinks came from: the source for the metrics, the id for the log lines. */
export interface UplinkOrigin {
  source: UplinkSource;
  /** The webhook's request id (X-Request-Id) or the MQTT message's generated id. */
  requestId?: string | undefined;
}

/** The demo back-fill and simulator call the service directly. */
const INTERNAL: UplinkOrigin = { source: 'internal' };

/**
 * Called inside the write transaction, after the insert, with the readings actually inserted
 * (replays are not among them): alarm evaluation. A failure rolls the whole group back; its
 * requests are then written one at a time, so only the failing one answers 5xx (and the network
 * server retries it). What it returns runs once the transaction has committed (telling the
 * browsers), never for a rolled-back uplink.
 */
export type OnReadings = (
  scope: Scope,
  readings: IngestedReading[],
) => Promise<(() => void) | undefined>;

/** The organization an ingest key writes to. */
export interface IngestCaller {
  keyId: string;
  organizationId: string;
}

/** One uplink in the shape every source is brought to. */
interface Uplink {
  source: 'chirpstack' | 'ttn' | 'generic';
  deviceEui: string;
  time: string | undefined;
  fCnt: number | undefined;
  dedupId: string | undefined;
  /** base64 FRMPayload */
  payload: string | undefined;
  /** Network-server-decoded values, or the generic form's values. */
  decoded: Record<string, unknown> | undefined;
  /** Generic form: every key must name a measurement of the device's type. */
  strict: boolean;
  raw: unknown;
}

/** A request's uplinks, decoded and waiting for the writer. */
interface Prepared {
  origin: UplinkOrigin;
  scope: Scope;
  readings: ReadingRow[];
  rejected: RejectedRow[];
  /** Readings accepted (stored now or already): the answer's stored + duplicates. */
  accepted: number;
}

/** The rows a request adds to its group. */
const sizeOf = (request: Prepared) => request.readings.length + request.rejected.length;
/** The distinct request ids of a group, for its log lines. */
const requestIds = (requests: Prepared[]) => [
  ...new Set(requests.flatMap((request) => request.origin.requestId ?? [])),
];
const readingKey = (deviceId: string, dedupKey: string) => `${deviceId}\u0000${dedupKey}`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How long a device type's layout is reused: a changed type is decoded anew within a minute. */
export const LAYOUT_TTL_MS = 60_000;
/** The earliest measurement time accepted, and how far ahead of now a device clock may run. */
const EARLIEST = Date.UTC(2000, 0, 1);
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;
/** A rejected uplink's body is kept up to this many characters. */
export const REJECTED_BODY_MAX = 8192;

const KEY_PREFIX = 'vahti_ik_';
/** Group commit defaults (ADR 0022); the app takes them from INGEST_GROUP_* settings. */
export const DEFAULT_GROUP: GroupCommitSettings = { maxRows: 1000, delayMs: 5, flushes: 1 };
const normalizeEui = (eui: string) => eui.replace(/[-:\s]/g, '').toUpperCase();

interface Layout {
  at: number;
  entries: LayoutEntry[];
  /** Measurement id and name → id. */
  ids: Map<string, string>;
}

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
  // Layouts per device type, kept LAYOUT_TTL_MS (no invalidation: a type edited in Vainu is
  // decoded with its new layout within the TTL). Bounded: cleared when it grows past 10,000.
  const layouts = new Map<string, Layout>();

  async function layoutOf(scope: Scope, deviceTypeId: string): Promise<Layout> {
    const cached = layouts.get(deviceTypeId);
    if (cached && now() - cached.at < LAYOUT_TTL_MS) return cached;
    const rows = await ingest.typeMeasurements(scope, deviceTypeId);
    const { fields } = payloadLayout(rows);
    const entries = fields.map((field, i) => {
      const row = rows[i] as (typeof rows)[number];
      return {
        ...field,
        signed: row.signed,
        scale: row.scale,
        valueOffset: row.valueOffset,
        byteOrder: row.byteOrder,
      };
    });
    const ids = new Map<string, string>();
    for (const row of rows) {
      ids.set(row.measurementName, row.measurementId);
      ids.set(row.measurementId, row.measurementId);
    }
    if (layouts.size > 10_000) layouts.clear();
    const layout = { at: now(), entries, ids };
    layouts.set(deviceTypeId, layout);
    return layout;
  }

  /** Values keyed by measurement id, from decoded JSON; null when no key names a measurement. */
  function fromDecoded(
    layout: Layout,
    decoded: Record<string, unknown>,
    strict: boolean,
  ): { values: Record<string, number> } | { reason: RejectReason } | null {
    const values: Record<string, number> = {};
    for (const [key, value] of Object.entries(decoded)) {
      const measurementId = layout.ids.get(key);
      if (!measurementId) {
        if (strict) return { reason: 'unknownMeasurement' };
        continue;
      }
      const number = typeof value === 'boolean' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) return { reason: 'invalidValue' };
      values[measurementId] = number;
    }
    return Object.keys(values).length > 0 ? { values } : null;
  }

  function measuredAt(time: string | undefined, receivedAt: Date): Date | null {
    if (time === undefined) return receivedAt;
    const at = new Date(time);
    const ms = at.getTime();
    if (Number.isNaN(ms) || ms < EARLIEST || ms > now() + FUTURE_SLACK_MS) return null;
    return at;
  }

  // The lookups of concurrent requests share one query: what arrives in one turn of the event
  // loop (ADR 0022). No cache: each request reads the database as it is.
  const batching = {
    cache: false,
    maxBatchSize: 1000,
    batchScheduleFn: (run: () => void) => setImmediate(run),
  } as const;
  const liveKeys = new DataLoader<string, IngestCaller | null>(async (hashes) => {
    const rows = await keys.findLive(systemScope('ingest'), hashes);
    const byHash = new Map(rows.map((row) => [row.keyHash, row]));
    return hashes.map((hash) => {
      const row = byHash.get(hash);
      return row ? { keyId: row.id, organizationId: row.organizationId } : null;
    });
  }, batching);
  type Device = Awaited<ReturnType<IngestRepository['devicesByEui']>>[number];
  /** Keyed `<organization id> <DevEUI>`; each organization's devices read in its own scope. */
  const devicesLoader = new DataLoader<string, Device | null>(async (wanted) => {
    const byOrganization = new Map<string, string[]>();
    for (const key of wanted) {
      const [organizationId = '', eui = ''] = key.split(' ');
      byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), eui]);
    }
    const found = new Map<string, Device>();
    await Promise.all(
      [...byOrganization].map(async ([organizationId, euis]) => {
        const rows = await ingest.devicesByEui(systemScope('ingest', organizationId), euis);
        for (const row of rows) found.set(`${organizationId} ${row.deviceEui}`, row);
      }),
    );
    return wanted.map((key) => found.get(key) ?? null);
  }, batching);

  /** A request's uplinks decoded, ready for the writer: readings, rejections, how many accepted. */
  async function prepare(
    caller: IngestCaller,
    uplinks: Uplink[],
    origin: UplinkOrigin,
  ): Promise<Prepared> {
    const scope = systemScope('ingest', caller.organizationId);
    const receivedAt = new Date(now());
    const euis = [
      ...new Set(
        uplinks.map((u) => normalizeEui(u.deviceEui)).filter((e) => /^[0-9A-F]{16}$/.test(e)),
      ),
    ];
    // In a caller's transaction the lookup is its own; otherwise it joins concurrent requests'.
    const found = inTransaction()
      ? await ingest.devicesByEui(scope, euis)
      : (await devicesLoader.loadMany(euis.map((eui) => `${caller.organizationId} ${eui}`))).map(
          (device) => {
            if (device instanceof Error) throw device;
            return device;
          },
        );
    const byEui = new Map(
      found.flatMap((device) => (device ? [[device.deviceEui, device] as const] : [])),
    );
    const readings = new Map<string, ReadingRow>();
    const rejected: Prepared['rejected'] = [];
    let accepted = 0;

    for (const uplink of uplinks) {
      const reject = (reason: RejectReason) => {
        const body = JSON.stringify(uplink.raw) ?? '';
        rejected.push({
          organizationId: caller.organizationId,
          source: uplink.source,
          reason,
          deviceEui: uplink.deviceEui.slice(0, 64),
          body: body.slice(0, REJECTED_BODY_MAX),
          bodyBytes: Buffer.byteLength(body),
        });
      };
      const device = byEui.get(normalizeEui(uplink.deviceEui));
      if (!device) {
        reject('unknownDevice');
        continue;
      }
      const at = measuredAt(uplink.time, receivedAt);
      if (!at) {
        reject('invalidTime');
        continue;
      }
      const layout = await layoutOf(scope, device.deviceTypeId);
      let values: Record<string, number> | undefined;
      if (uplink.decoded) {
        const result = fromDecoded(layout, uplink.decoded, uplink.strict);
        if (result && 'reason' in result) {
          reject(result.reason);
          continue;
        }
        if (result) values = result.values;
        else if (uplink.strict) {
          reject('unknownMeasurement');
          continue;
        }
      }
      if (!values) {
        const bytes = uplink.payload === undefined ? null : fromBase64(uplink.payload);
        if (!bytes || layout.entries.length === 0) {
          reject('undecodable');
          continue;
        }
        const decoded = decodePayload(bytes, layout.entries);
        if (!decoded.ok) {
          reject(decoded.reason);
          continue;
        }
        values = decoded.values;
      }
      const dedupKey = uplink.dedupId ?? `${uplink.fCnt ?? ''}:${at.toISOString()}`;
      accepted += 1;
      const key = readingKey(device.deviceId, dedupKey);
      if (!readings.has(key)) {
        readings.set(key, {
          organizationId: caller.organizationId,
          deviceId: device.deviceId,
          createdAt: at,
          receivedAt,
          fCnt: uplink.fCnt ?? null,
          dedupKey,
          data: values,
          ...(uplink.time === undefined && { untimed: true }),
        });
      }
    }
    return { origin, scope, readings: [...readings.values()], rejected, accepted };
  }

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
      { scope: Scope; rows: ReadingRow[]; rejected: Prepared['rejected'] }
    >();
    for (const request of group) {
      const organizationId = request.scope.organizationId as string;
      let org = byOrganization.get(organizationId);
      if (!org) {
        org = { scope: request.scope, rows: [], rejected: [] };
        byOrganization.set(organizationId, org);
      }
      org.rejected.push(...request.rejected);
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
      for (const { scope, rows, rejected } of byOrganization.values()) {
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

  const writer = createGroupCommit<Prepared, IngestResponse>({
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
  metrics.watchQueue(() => writer.depth());

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
      const prepared = await prepare(caller, uplinks, origin);
      // Inside a caller's own transaction (the demo back-fill) the write is part of its unit of
      // work: written there, never grouped with others that would commit without it.
      const answer = inTransaction()
        ? ((await commit([prepared]))[0] as IngestResponse)
        : await writer.write(prepared);
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

    /**
     * The organization of a live key given as `Authorization: Bearer <key>`. A missing, wrong or
     * revoked key answers 401 and counts against the caller's address; once the address is over
     * its limit, 429. A valid key costs no rate-limit query (the per-uplink path stays one key
     * lookup): the key is 256 random bits, so the limit guards against noise, not guessing.
     */
    async authenticate(authorization: string | undefined, ip: string): Promise<IngestCaller> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
      const key = match?.[1];
      const caller =
        key?.startsWith(KEY_PREFIX) && key.length <= 200
          ? await liveKeys.load(sha256Hex(key))
          : null;
      if (!caller) {
        await rateLimits.consume([{ rule: 'ingestKeyIp', value: ip }]);
        throw unauthorized('ingest.INGEST_KEY_INVALID');
      }
      return caller;
    },

    /**
     * The organization of a live key given as is (the MQTT subscriber's configured key, checked
     * for every message so a revoked key stops it at once); null when the key is not live. No
     * rate limit: the key comes from the deployment's settings, not from a caller.
     */
    async callerOfKey(key: string): Promise<IngestCaller | null> {
      if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
      return liveKeys.load(sha256Hex(key));
    },

    chirpstack: (caller: IngestCaller, body: ChirpstackUplink, origin = INTERNAL) =>
      store(
        caller,
        [
          {
            source: 'chirpstack',
            deviceEui: body.deviceInfo.devEui,
            time: body.time,
            fCnt: body.fCnt,
            dedupId: body.deduplicationId,
            payload: body.data,
            decoded: body.object,
            strict: false,
            raw: body,
          },
        ],
        origin,
      ),

    ttn: (caller: IngestCaller, body: TtnUplink, origin = INTERNAL) =>
      store(
        caller,
        [
          {
            source: 'ttn',
            deviceEui: body.end_device_ids.dev_eui,
            time: body.uplink_message.received_at ?? body.received_at,
            fCnt: body.uplink_message.f_cnt,
            dedupId: undefined,
            payload: body.uplink_message.frm_payload,
            decoded: body.uplink_message.decoded_payload,
            strict: false,
            raw: body,
          },
        ],
        origin,
      ),

    generic: (caller: IngestCaller, body: GenericUplink | GenericUplink[], origin = INTERNAL) =>
      store(
        caller,
        [body].flat().map((reading) => ({
          source: 'generic' as const,
          deviceEui: reading.deviceEui,
          time: reading.time,
          fCnt: reading.fCnt,
          dedupId: undefined,
          payload: undefined,
          decoded: reading.values,
          strict: true,
          raw: reading,
        })),
        origin,
      ),
  };
}

export type IngestService = ReturnType<typeof createIngestService>;

/** A new ingest key: the prefix marks it as Vahti's, 256 random bits follow. */
export const ingestKeyPrefix = KEY_PREFIX;
