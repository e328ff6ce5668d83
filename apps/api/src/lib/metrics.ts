import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { sha256Hex } from './tokens.js';

/** Where an uplink came from: a webhook request, an MQTT message, or the app itself (demo). */
export type UplinkSource = 'webhook' | 'mqtt' | 'internal';
/** What became of an uplink once its group was written (or failed to be). */
export type UplinkResult = 'stored' | 'duplicate' | 'rejected' | 'queued' | 'failed';

/** Seconds: from a cached answer (1 ms) to a slow report (10 s). */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Rows in a group commit: one uplink up to a generic batch of 5,000. */
const GROUP_ROW_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, heap, GC, event-loop lag, handles) describe the
 * process, not an app: one per process, shared by every app built in it. Their collectors start
 * a GC observer and an event-loop-delay timer that cannot be stopped, so a registry per app would
 * leave one more of each behind for every app a test worker builds (ADR 0028).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The app's metrics (Prometheus, `GET /metrics`): one registry per app, built in the composition
 * root and handed, family by family, to what records into it. Gauges of state that lives
 * elsewhere (queues, pools, connections) read it when scraped, through `watch`.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let ingestQueue = () => ({ items: 0, rows: 0, writing: 0 });
  let ingestJournal = () => ({ uplinks: 0, bytes: 0, oldestSeconds: 0 });

  /** A gauge of state kept elsewhere, read when scraped. */
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });

  const http = new Histogram({
    name: 'vahti_http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern (unmatched: no route) and status class, in seconds.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const ingest = {
    received: new Counter({
      name: 'vahti_ingest_uplinks_received_total',
      help: 'Uplinks (readings of one device at one time) received, by source.',
      labelNames: ['source'] as const,
      registers,
    }),
    uplinks: new Counter({
      name: 'vahti_ingest_uplinks_total',
      help: 'Uplinks by source and result: stored (a new reading), duplicate (a replay), rejected (kept in rejected uplinks), queued (kept in the intake journal, counted again when replayed), failed (not written; 5xx or redelivered).',
      labelNames: ['source', 'result'] as const,
      registers,
    }),
    rejected: new Counter({
      name: 'vahti_ingest_rejected_total',
      help: 'Rejected uplinks by reason.',
      labelNames: ['reason'] as const,
      registers,
    }),
    groupRows: new Histogram({
      name: 'vahti_ingest_group_rows',
      help: 'Rows (readings and rejected uplinks) per group commit (ADR 0022).',
      buckets: GROUP_ROW_BUCKETS,
      registers,
    }),
    groupSeconds: new Histogram({
      name: 'vahti_ingest_group_commit_seconds',
      help: 'Time to write one group: partitions, insert, rollups, alarm evaluation, commit.',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    groupRetries: new Counter({
      name: 'vahti_ingest_group_retries_total',
      help: 'Uplink requests written again one by one after their group failed.',
      registers,
    }),
    /** The group writer's queue, read when scraped. */
    watchQueue(probe: typeof ingestQueue) {
      ingestQueue = probe;
    },
    /** The intake journal (when there is one), read when scraped. */
    watchJournal(probe: typeof ingestJournal) {
      ingestJournal = probe;
    },
  };
  gauge(
    'vahti_ingest_journal_uplinks',
    'Uplinks in the intake journal, waiting for the database (issue 26).',
    () => ingestJournal().uplinks,
  );
  gauge(
    'vahti_ingest_journal_bytes',
    'Bytes of the intake journal still to replay (INGEST_JOURNAL_MAX_MB bounds it).',
    () => ingestJournal().bytes,
  );
  gauge(
    'vahti_ingest_journal_oldest_seconds',
    'Age of the oldest uplink waiting in the intake journal; 0 when it is empty.',
    () => ingestJournal().oldestSeconds,
  );
  gauge(
    'vahti_ingest_queue_requests',
    'Uplink requests and MQTT messages waiting for their group.',
    () => ingestQueue().items,
  );
  gauge('vahti_ingest_queue_rows', 'Rows waiting for their group.', () => ingestQueue().rows);
  gauge(
    'vahti_ingest_groups_writing',
    'Groups being written now (at most INGEST_GROUP_FLUSHES).',
    () => ingestQueue().writing,
  );

  const mqtt = {
    /** The MQTT subscriber's connections (only with MQTT_URL: no gauges without it). */
    watch(probe: () => { connected: number; inFlight: number }) {
      gauge(
        'vahti_mqtt_connections_up',
        'MQTT connections connected to the broker (of MQTT_CONNECTIONS).',
        () => probe().connected,
      );
      gauge(
        'vahti_mqtt_messages_in_flight',
        'MQTT messages taken and not yet acknowledged (at most one per connection).',
        () => probe().inFlight,
      );
    },
  };

  const alarms = {
    readings: new Counter({
      name: 'vahti_alarm_readings_evaluated_total',
      help: 'Stored readings checked against their alarm limits.',
      registers,
    }),
    evaluationSeconds: new Histogram({
      name: 'vahti_alarm_evaluation_seconds',
      help: "Time to evaluate one organization's readings of a group commit.",
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    changes: new Counter({
      name: 'vahti_alarm_changes_total',
      help: 'Alarm changes after commit: opened, closed, acknowledged, unacknowledged.',
      labelNames: ['change'] as const,
      registers,
    }),
  };

  const database = {
    info: new Gauge({
      name: 'vahti_db_info',
      help: 'The database driver: pglite (one in-process connection, no pool) or postgres.',
      labelNames: ['driver'] as const,
      registers,
    }),
    /** The node-postgres pool (PostgreSQL only: PGlite has one connection and no pool). */
    watchPool(pool: { totalCount: number; idleCount: number; waitingCount: number }, max: number) {
      gauge(
        'vahti_db_pool_connections',
        'node-postgres pool: connections open.',
        () => pool.totalCount,
      );
      gauge('vahti_db_pool_idle', 'node-postgres pool: connections idle.', () => pool.idleCount);
      gauge(
        'vahti_db_pool_waiting',
        'node-postgres pool: queries waiting for a connection.',
        () => pool.waitingCount,
      );
      gauge('vahti_db_pool_max', 'node-postgres pool: the most connections it opens.', () => max);
    },
  };

  const events = {
    refused: new Counter({
      name: 'vahti_sse_refused_total',
      help: 'Event streams refused: user (the user already held 10, 429) or instance (EVENT_STREAMS_MAX reached, 503).',
      labelNames: ['reason'] as const,
      registers,
    }),
    /** The event streams' counts (EventsService.counts), read when scraped. */
    watch(probe: () => { streams: number; users: number; mostOfOneUser: number }) {
      gauge(
        'vahti_sse_connections',
        'Open server-sent event streams (GET /api/events).',
        () => probe().streams,
      );
      gauge('vahti_sse_users', 'Users with at least one open event stream.', () => probe().users);
      gauge(
        'vahti_sse_connections_per_user_max',
        'The most open event streams one user holds (at most 10).',
        () => probe().mostOfOneUser,
      );
    },
  };

  return {
    registry,
    http,
    ingest,
    mqtt,
    alarms,
    database,
    events,
    contentType: registry.contentType,
    /** The Prometheus text of this app and of the process it runs in. */
    async text(): Promise<string> {
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * onResponse: one observation per answer, labelled with the route's pattern (never the raw URL,
 * so the label set stays bounded). Streams (`config: { stream: true }`) last minutes by design
 * and are left out; the SSE gauge counts them.
 */
export function observeHttp(histogram: Metrics['http']) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!request.routeOptions.config?.stream) {
      histogram.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    }
    done();
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/** `Authorization: Bearer <token>` equal to the expected token, compared in constant time. */
export function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Hashes have one length whatever was sent, so timingSafeEqual neither throws nor leaks it.
  return timingSafeEqual(
    Buffer.from(sha256Hex(given), 'hex'),
    Buffer.from(sha256Hex(expected), 'hex'),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A long-lived stream (SSE): not observed in the HTTP latency histogram. */
    stream?: boolean;
  }
}
