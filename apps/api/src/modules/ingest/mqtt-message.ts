// One MQTT message (ADR 0019): skipped when its topic is no uplink's; otherwise told apart as The
// Things Stack's or ChirpStack's uplink and stored through the service, as the configured key's
// organization. A payload that does not start with `{` (after white space) is read as ChirpStack's
// Protobuf UplinkEvent (its MQTT integration's Protobuf marshaler). A message that is no uplink
// (too large, neither JSON nor an UplinkEvent, nested too deep, not an uplink's shape) is kept as
// rejected with its reason and acknowledged; so is one whose store failed STORE_ATTEMPTS times for
// a reason other than the database being away: one bad message never blocks those behind it. A
// throw means "not stored, deliver again": the database is away, the key is not live, or a store
// failed fewer times than that (a deadlock or a hiccup passes).
import { createHash } from 'node:crypto';
import { chirpstackStatus, chirpstackUplink, type RejectReason, ttnUplink } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import { storageFailure } from '../../lib/errors.js';
import { nestsDeeperThan } from '../../lib/json-depth.js';
import { errorKind } from '../../lib/log-errors.js';
import type { IngestService } from './ingest.service.js';
import { REJECTED_BODY_MAX } from './prepare.js';
import {
  chirpstackStatusFromProtobuf,
  chirpstackUplinkFromProtobuf,
} from './sources/chirpstack-protobuf.js';

/** A message larger than this is not an uplink: kept as rejected (cut), never parsed. */
const MESSAGE_MAX_BYTES = 1024 * 1024;

/** A message whose store fails this many times (the database answering) is kept as rejected. */
export const STORE_ATTEMPTS = 3;
/** Messages whose failed attempts are remembered; the oldest is forgotten past this. */
const REMEMBERED = 1000;

/** JSON white space, then `{`: a JSON object (the only JSON an uplink is), not Protobuf. */
function startsWithBrace(message: Buffer): boolean {
  const at = message.findIndex(
    (byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d,
  );
  return message[at] === 0x7b;
}

/** What became of one message: stored (or a replay), kept as rejected, or skipped. */
export type Outcome = 'ingested' | 'rejected' | 'ignored';

export function createMqttMessageHandler({
  ingestKey,
  ingest,
}: {
  ingestKey: string;
  ingest: Pick<
    IngestService,
    'callerOfKey' | 'chirpstack' | 'chirpstackStatus' | 'ttn' | 'keepRejected'
  >;
}) {
  /** Failed store attempts per message (topic and payload hashed), while it is redelivered. */
  const failed = new Map<string, number>();

  /** One message; `log` carries its generated id (reqId), as a webhook's lines carry the request's. */
  return async function handle(
    topic: string,
    message: Buffer,
    requestId: string,
    log: FastifyBaseLogger,
  ): Promise<Outcome> {
    // Uplinks — ChirpStack's …/event/up and The Things Stack's …/up — and ChirpStack's
    // …/event/status (device health); a broader filter such as …/event/+ also brings joins, acks
    // and logs, which are skipped.
    const last = topic.split('/').at(-1);
    const status = last === 'status' && topic.split('/').at(-2) === 'event';
    if (last !== 'up' && !status) return 'ignored';
    const caller = await ingest.callerOfKey(ingestKey);
    if (!caller) throw new Error('MQTT_INGEST_KEY is not a live ingest key (revoked or unknown)');
    const origin = { source: 'mqtt', requestId } as const;
    // Only reason codes reach the log: the topic's segments are whatever a publisher wrote, and the
    // payload never does. The rejected uplink itself is kept (GET /api/rejected-uplinks).
    const keep = async (reason: RejectReason, source = 'mqtt') => {
      const text = message.subarray(0, REJECTED_BODY_MAX * 4).toString('utf8');
      try {
        await ingest.keepRejected(caller, { source, reason, body: text }, origin);
      } catch (err) {
        if (storageFailure(err)) throw err;
        // Not even its row could be written: acknowledged all the same, never a poison message.
        log.error(
          { ...errorKind(err), reasons: [reason] },
          'MQTT message could not be kept as rejected',
        );
        return 'rejected' as const;
      }
      log.info({ reasons: [reason], bytes: message.length }, 'MQTT uplink rejected');
      return 'rejected' as const;
    };

    if (message.length > MESSAGE_MAX_BYTES) return keep('malformed');
    let body: unknown;
    if (startsWithBrace(message)) {
      const text = message.toString('utf8');
      if (nestsDeeperThan(text)) return keep('malformed');
      try {
        body = JSON.parse(text);
      } catch {
        return keep('malformed');
      }
    } else {
      // A Protobuf UplinkEvent or StatusEvent starts with a field's tag, never with `{`: its
      // first field, deduplication_id, is 0x0a and the UUID's length 0x24.
      body = status ? chirpstackStatusFromProtobuf(message) : chirpstackUplinkFromProtobuf(message);
      if (!body) return keep('malformed');
    }
    if (status) {
      const parsed = chirpstackStatus.safeParse(body);
      if (!parsed.success) return keep('malformed', 'chirpstack');
      // A status event is no uplink: its failure is the database's, delivered again.
      await ingest.chirpstackStatus(caller, parsed.data, origin);
      return 'ingested';
    }
    const isTts = typeof body === 'object' && body !== null && 'end_device_ids' in body;
    const source = isTts ? 'ttn' : 'chirpstack';
    const parsed = isTts ? ttnUplink.safeParse(body) : chirpstackUplink.safeParse(body);
    if (!parsed.success) return keep('malformed', source);
    try {
      const result = isTts
        ? await ingest.ttn(caller, parsed.data as Parameters<typeof ingest.ttn>[1], origin)
        : await ingest.chirpstack(
            caller,
            parsed.data as Parameters<typeof ingest.chirpstack>[1],
            origin,
          );
      if (result.rejected) log.info({ reasons: result.rejected }, 'MQTT uplink rejected');
      else log.debug({ stored: result.stored }, 'MQTT uplink stored');
      return 'ingested';
    } catch (err) {
      // The database away or the disk full: not acknowledged, delivered again later.
      if (storageFailure(err)) throw err;
      const id = createHash('sha256').update(topic).update('\u0000').update(message).digest('hex');
      const attempts = (failed.get(id) ?? 0) + 1;
      failed.delete(id);
      if (attempts < STORE_ATTEMPTS) {
        failed.set(id, attempts);
        if (failed.size > REMEMBERED) failed.delete(failed.keys().next().value as string);
        throw err;
      }
      log.error(
        { ...errorKind(err), attempts },
        'MQTT uplink could not be stored; kept as rejected',
      );
      return keep('unprocessable', source);
    }
  };
}
