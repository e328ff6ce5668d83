import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { type BusEvent, createInProcessEventBus, type EventBus } from './event-bus.js';

/** The NOTIFY channel; channels are per database, so apps on other databases never hear it. */
export const EVENTS_CHANNEL = 'vahti_events';
/** NOTIFY refuses a payload of 8000 bytes or more; a notification stays below this. */
export const MAX_PAYLOAD_BYTES = 7_900;
/** Events waiting to be sent while the database is slow or away; the oldest go beyond this. */
const MAX_WAITING = 10_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 10_000;

const payloadSchema = z.object({
  /** The instance that sent it: that one has already handed the events to its own streams. */
  from: z.string(),
  events: z.array(
    z.object({
      organizationId: z.string(),
      targetId: z.string().nullable(),
      type: z.string(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
  ),
});

interface Log {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

export interface PostgresEventBus extends EventBus {
  /** Starts listening; resolves once LISTEN is in place, or after a first failed try (it retries). */
  start(): Promise<void>;
  /** Sends what is still waiting, then stops listening. */
  close(): Promise<void>;
}

/**
 * The event bus of an app on PostgreSQL (ADR 0023): every instance hears every instance's
 * events through LISTEN/NOTIFY on one channel.
 *
 * - `publish` hands the event to this instance's streams at once (as the in-process bus does) and
 *   queues it for the others; it never waits and never throws. Queued events go out in order, one
 *   query at a time on the shared pool, packed as JSON arrays into as few notifications as the
 *   payload limit allows. An event too large for one notification (it never should be: ids only)
 *   is logged and reaches this instance's streams only.
 * - The query runs outside any transaction, so NOTIFY goes out at once: publishers call `publish`
 *   after their change has committed, as they do with the in-process bus.
 * - One connection of its own LISTENs and hands other instances' events to this instance's
 *   streams. When it drops, it reconnects with back-off (100 ms doubling to 10 s) and LISTENs
 *   again. Events sent meanwhile are not heard here: once listening again it tells its gap
 *   listeners (`onGap`), and the streams tell their browsers to fetch what they show again.
 */
export function createPostgresEventBus({
  pool,
  newClient,
  log,
  channel = EVENTS_CHANNEL,
}: {
  pool: Pick<pg.Pool, 'query'>;
  newClient: () => pg.Client;
  log: Log;
  channel?: string;
}): PostgresEventBus {
  const local = createInProcessEventBus(log);
  const instance = randomUUID();
  const envelope = (events: string[]) => `{"from":"${instance}","events":[${events.join(',')}]}`;
  const fixedBytes = Buffer.byteLength(envelope([]));

  // Sending: one query at a time, in publish order.
  let waiting: string[] = [];
  let sending: Promise<void> | null = null;

  /** The waiting events as notification payloads, each below the limit. */
  function pack(events: string[]): string[] {
    const payloads: string[] = [];
    let current: string[] = [];
    let bytes = fixedBytes;
    for (const event of events) {
      const size = Buffer.byteLength(event) + 1;
      if (current.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
        payloads.push(envelope(current));
        current = [];
        bytes = fixedBytes;
      }
      current.push(event);
      bytes += size;
    }
    if (current.length > 0) payloads.push(envelope(current));
    return payloads;
  }

  async function send() {
    while (waiting.length > 0) {
      const events = waiting;
      waiting = [];
      try {
        // unnest keeps the array's order, so the notifications go out in publish order.
        await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
          channel,
          pack(events),
        ]);
      } catch (err) {
        log.error({ err, events: events.length }, 'events not sent to the other instances');
      }
    }
    sending = null;
  }

  // Listening: one connection, replaced with back-off when it drops.
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  /** Set once the first LISTEN is in place: a later one follows a gap. */
  let listenedBefore = false;
  const gapListeners = new Set<() => void>();

  function receive(message: pg.Notification) {
    if (message.channel !== channel || message.payload === undefined) return;
    let parsed: z.infer<typeof payloadSchema>;
    try {
      parsed = payloadSchema.parse(JSON.parse(message.payload));
    } catch (err) {
      log.error({ err }, 'a notification on the events channel was not understood');
      return;
    }
    if (parsed.from === instance) return;
    for (const event of parsed.events) local.publish(event);
  }

  /** One try at connecting and listening; settles when it is listening or has failed. */
  function connect(): Promise<void> {
    return new Promise((settle) => {
      const client = newClient();
      let lost = false;
      const drop = (err?: unknown) => {
        settle();
        if (lost) return;
        lost = true;
        if (listener === client) listener = null;
        client.end().catch(() => {});
        if (closed) return;
        log.warn({ err, retryInMs: retryMs }, 'event listener has no connection; reconnecting');
        retry = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
      };
      client.on('error', drop);
      client.on('end', () => drop());
      client.on('notification', receive);
      client
        .connect()
        .then(() => client.query(`listen ${client.escapeIdentifier(channel)}`))
        .then(() => {
          if (lost) return;
          if (closed) {
            lost = true;
            client.end().catch(() => {});
          } else {
            if (retryMs > RECONNECT_MIN_MS) log.info({}, 'event listener listening again');
            listener = client;
            retryMs = RECONNECT_MIN_MS;
            if (listenedBefore) announceGap();
            listenedBefore = true;
          }
          settle();
        }, drop);
    });
  }

  function announceGap() {
    for (const gapListener of gapListeners) {
      try {
        gapListener();
      } catch (err) {
        log.error({ err }, 'event gap listener failed');
      }
    }
  }

  return {
    publish(event: BusEvent) {
      local.publish(event);
      const json = JSON.stringify(event);
      if (Buffer.byteLength(json) + fixedBytes > MAX_PAYLOAD_BYTES) {
        log.error(
          { type: event.type, bytes: Buffer.byteLength(json) },
          'event too large for NOTIFY; only this instance hears it',
        );
        return;
      }
      if (waiting.length >= MAX_WAITING) {
        waiting.shift();
        log.error({ type: event.type }, 'too many events waiting to be sent; the oldest dropped');
      }
      waiting.push(json);
      sending ??= send();
    },
    subscribe: local.subscribe,
    onGap(gapListener) {
      gapListeners.add(gapListener);
      return () => {
        gapListeners.delete(gapListener);
      };
    },
    start: connect,
    async close() {
      closed = true;
      clearTimeout(retry);
      await sending;
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
