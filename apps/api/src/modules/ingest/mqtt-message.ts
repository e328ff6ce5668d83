// One MQTT message (ADR 0019): skipped when it cannot be an uplink (another topic, too large, not
// JSON, not an uplink's shape), else told apart as The Things Stack's or ChirpStack's uplink and
// stored through the service, as the configured key's organization. A throw means "not stored":
// the subscriber (mqtt-subscriber.ts, connections and acknowledgements) leaves it unacknowledged.
import { chirpstackUplink, ttnUplink } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from './ingest.service.js';

/** A message larger than this is not an uplink: logged and acknowledged, never parsed. */
const MESSAGE_MAX_BYTES = 1024 * 1024;

/** What became of one message: stored (or a replay, or rejected and kept), or skipped. */
export type Outcome = 'ingested' | 'ignored';

export function createMqttMessageHandler({
  ingestKey,
  ingest,
}: {
  ingestKey: string;
  ingest: Pick<IngestService, 'callerOfKey' | 'chirpstack' | 'ttn'>;
}) {
  /** One message; `log` carries its generated id (reqId), as a webhook's lines carry the request's. */
  return async function handle(
    topic: string,
    message: Buffer,
    requestId: string,
    log: FastifyBaseLogger,
  ): Promise<Outcome> {
    // Only uplinks: ChirpStack's …/event/up and The Things Stack's …/up (a broader filter such as
    // …/event/+ also brings joins and status events, which are skipped).
    if (topic.split('/').at(-1) !== 'up') return 'ignored';
    if (message.length > MESSAGE_MAX_BYTES) {
      log.warn({ topic, bytes: message.length }, 'MQTT message too large, skipped');
      return 'ignored';
    }
    let body: unknown;
    try {
      body = JSON.parse(message.toString('utf8'));
    } catch {
      log.warn({ topic }, 'MQTT message is not JSON, skipped');
      return 'ignored';
    }
    const caller = await ingest.callerOfKey(ingestKey);
    if (!caller) throw new Error('MQTT_INGEST_KEY is not a live ingest key (revoked or unknown)');
    const isTts = typeof body === 'object' && body !== null && 'end_device_ids' in body;
    const parsed = isTts ? ttnUplink.safeParse(body) : chirpstackUplink.safeParse(body);
    if (!parsed.success) {
      log.warn(
        { topic, issues: parsed.error.issues.map((issue) => issue.path.join('.')) },
        `MQTT message is not a ${isTts ? 'The Things Stack' : 'ChirpStack'} uplink, skipped`,
      );
      return 'ignored';
    }
    const origin = { source: 'mqtt', requestId } as const;
    const result = isTts
      ? await ingest.ttn(caller, parsed.data as Parameters<typeof ingest.ttn>[1], origin)
      : await ingest.chirpstack(
          caller,
          parsed.data as Parameters<typeof ingest.chirpstack>[1],
          origin,
        );
    // Only the reason codes (e.g. unknownDevice): the topic's segments are whatever a publisher
    // wrote, and the payload and the network server's fields never reach the log. The rejected
    // uplink itself is kept with its details (GET /api/rejected-uplinks).
    if (result.rejected) log.info({ reasons: result.rejected }, 'MQTT uplink rejected');
    else log.debug({ topic, stored: result.stored }, 'MQTT uplink stored');
    return 'ingested';
  };
}
