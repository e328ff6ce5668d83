import {
  chirpstackQuery,
  chirpstackStatus,
  chirpstackUplink,
  genericIngestBody,
  ingestResponse,
  ttnUplink,
} from '@vahti/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errors, publicRoutes } from '../../plugins/route-groups.js';
import type { IngestService } from './ingest.service.js';
import { bodyText } from './prepare.js';
import {
  CHIRPSTACK_PROTOBUF_TYPES,
  chirpstackStatusFromProtobuf,
  chirpstackUplinkFromProtobuf,
} from './sources/chirpstack-protobuf.js';
import type { IngestCaller, UplinkOrigin } from './types.js';

interface Options {
  ingest: IngestService;
}

/** A single uplink's body limit; the generic batch form allows more. */
const SINGLE_BODY_LIMIT = 1024 * 1024;
const BATCH_BODY_LIMIT = 10 * 1024 * 1024;

const AUTH =
  'Authenticated by an organization\'s ingest key ("Authorization: Bearer <key>", from Hallinta), not a session: a missing, wrong or revoked key answers 401, and repeated failures from one address 429.';
const ANSWER =
  "Answered only after the data is committed: 200 when every reading was stored (or was already stored: a replay with the same deduplicationId, or fCnt and time, adds nothing and counts in duplicates); 202 with rejected (the reasons) when an uplink could not be stored — unknown DevEUI in the key's organization, undecodable or short payload, bad value or time (before 2000 or more than a day ahead): it is kept in the rejected uplinks (GET /api/rejected-uplinks) and a 2xx keeps the network server from retrying it forever. When the database has not committed within INGEST_JOURNAL_AFTER_MS (3 s), or is unreachable, the uplinks are kept in this instance's intake journal (on disk, synced before the answer) and answered 202 with queued: they are stored, once, as soon as the database answers. Nothing was stored on 507 INGEST_JOURNAL_FULL (the database has been away long enough to fill the journal) or STORAGE_FULL (the disk is full), nor on 503 DATABASE_UNAVAILABLE where the journal is switched off: send it again later.";

/** Each webhook's source, as its rejected uplinks name it. */
const SOURCES: Record<string, string> = {
  '/api/ingest/chirpstack': 'chirpstack',
  '/api/ingest/ttn': 'ttn',
  '/api/ingest/generic': 'generic',
};

const CHIRPSTACK = '/api/ingest/chirpstack';

const keyOf = new WeakMap<FastifyRequest, IngestCaller>();
const callerOf = (request: FastifyRequest) => {
  const caller = keyOf.get(request);
  if (!caller) throw new Error('ingest route without its key');
  return caller;
};

/** A webhook's uplinks carry its request id into the group commit's and the alarms' log lines. */
const webhook = (request: FastifyRequest): UplinkOrigin => ({
  source: 'webhook',
  requestId: request.id,
});

/** Uplink webhooks for network servers (issue "Ingestion and alarms"). */
export const ingestRoutes = publicRoutes<Options>('ingest', (app, { ingest }) => {
  // The key is checked before the body is read: a caller without one cannot make us parse 10 MB.
  app.addHook('onRequest', async (request) => {
    keyOf.set(request, await ingest.authenticate(request.headers.authorization, request.ip));
  });

  // A body of the wrong shape (valid JSON, not an uplink's fields) still answers 400 naming the
  // fields, and is kept as a rejected uplink (malformed) for the organization to see what its
  // network server sent. Other events than ChirpStack's `up` are not kept.
  app.addHook('preHandler', async (request) => {
    const error = request.validationError;
    if (!error) return;
    const source = SOURCES[request.routeOptions.url ?? ''];
    const event = (request.query as { event?: unknown } | undefined)?.event;
    // ChirpStack's event defaults to up (chirpstackQuery); the query is not validated yet here.
    const up = source !== 'chirpstack' || event === undefined || event === 'up';
    if (source && error.validationContext === 'body' && up)
      await ingest.keepRejected(
        callerOf(request),
        { source, reason: 'malformed', body: bodyText(request.body) },
        webhook(request),
      );
    throw error;
  });

  // ChirpStack's Protobuf marshaler: the raw bytes (within the route's body limit), decoded for the
  // ChirpStack route only; the other routes take JSON alone.
  app.addContentTypeParser(
    CHIRPSTACK_PROTOBUF_TYPES,
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      if (request.routeOptions.url !== CHIRPSTACK)
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
      return body;
    },
  );

  const respond = (result: Awaited<ReturnType<IngestService['generic']>>) =>
    [result.rejected || result.queued ? 202 : 200, result] as const;

  app.post(CHIRPSTACK, {
    bodyLimit: SINGLE_BODY_LIMIT,
    attachValidation: true,
    schema: {
      operationId: 'ingestChirpstack',
      summary: 'ChirpStack v4 HTTP integration',
      description: `Set the integration's URL to …/api/ingest/chirpstack and its header Authorization: Bearer <key>. Either encoding (the integration's marshaler) is read: JSON (Content-Type: application/json), or Protobuf (application/octet-stream, as ChirpStack sends it; application/protobuf and application/x-protobuf too), an integration.UplinkEvent decoded into the same fields, stored and deduplicated the same way; bytes that are no UplinkEvent answer 400 INVALID_PROTOBUF. event=up is read (deviceInfo.devEui, time, fCnt, fPort, data as base64 decoded with the device type's layout, or object when its keys name measurements by name or id, deduplicationId; rxInfo and txInfo into the device's health: the best RSSI and SNR, the gateway count and best gateway, the spreading factor and frequency). event=status (a StatusEvent: margin, externalPowerSource, batteryLevelUnavailable, batteryLevel) updates the device's health — battery, margin, external power — and answers 204 once committed (a DevEUI not in the key's organization: 204, nothing kept; a body without deviceInfo.devEui or with a batteryLevel outside 0–100: 400). Other events answer 204 and are ignored (a Protobuf one undecoded). ChirpStack has no simulated uplinks: every event=up is a device's. ${AUTH} ${ANSWER} Bodies over 1 MB: 413.`,
      security: [{ ingestKey: [] }],
      querystring: chirpstackQuery,
      body: chirpstackUplink,
      response: {
        200: ingestResponse,
        202: ingestResponse,
        204: z.null(),
        ...errors(400, 401, 413, 415, 429, 503, 507),
      },
    },
    // Before the body's schema: a Protobuf UplinkEvent or StatusEvent becomes the JSON body the
    // schema reads; another Protobuf event (join, ack, …: other messages) is ignored undecoded.
    preValidation: async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return;
      const { event = 'up' } = request.query as { event?: unknown };
      if (event !== 'up' && event !== 'status') return reply.status(204).send(null);
      const body =
        event === 'up'
          ? chirpstackUplinkFromProtobuf(request.body)
          : chirpstackStatusFromProtobuf(request.body);
      if (!body) throw new AppError(400, 'INVALID_PROTOBUF');
      request.body = body as typeof request.body;
    },
    handler: async (request, reply) => {
      if (request.query.event === 'status') {
        const status = chirpstackStatus.safeParse(request.body);
        if (!status.success) {
          const fields: Record<string, string> = {};
          for (const issue of status.error.issues)
            fields[issue.path.join('.')] ??= 'validation.invalidValue';
          throw new AppError(400, 'VALIDATION_FAILED', fields);
        }
        await ingest.chirpstackStatus(callerOf(request), status.data, webhook(request));
        return reply.status(204).send(null);
      }
      if (request.query.event !== 'up') return reply.status(204).send(null);
      const [status, result] = respond(
        await ingest.chirpstack(callerOf(request), request.body, webhook(request)),
      );
      return reply.status(status).send(result);
    },
  });

  app.post('/api/ingest/ttn', {
    bodyLimit: SINGLE_BODY_LIMIT,
    attachValidation: true,
    schema: {
      operationId: 'ingestTtn',
      summary: 'The Things Stack v3 uplink webhook',
      description: `Reads end_device_ids.dev_eui, uplink_message.received_at (else received_at), uplink_message.f_cnt, frm_payload (base64, decoded with the device type's layout) or decoded_payload when its keys name measurements. A device registered in The Things Stack without a DevEUI is found by end_device_ids.device_id, in the key's organization only: an id eui-<16 hex digits> (The Things Stack's default) names the device with that DevEUI; another id names the one device whose serial number, else whose name, equals it ignoring case (none, or several: unknownDevice). An uplink with simulated: true (sent from The Things Stack's Console or API, not by the device) is never stored as a reading and never opens an alarm: it is answered 202 with rejected [simulated] and listed in the rejected uplinks. ${AUTH} ${ANSWER} Bodies over 1 MB: 413.`,
      security: [{ ingestKey: [] }],
      body: ttnUplink,
      response: { 200: ingestResponse, 202: ingestResponse, ...errors(401, 413, 429, 503, 507) },
    },
    handler: async (request, reply) => {
      const [status, result] = respond(
        await ingest.ttn(callerOf(request), request.body, webhook(request)),
      );
      return reply.status(status).send(result);
    },
  });

  app.post('/api/ingest/generic', {
    bodyLimit: BATCH_BODY_LIMIT,
    attachValidation: true,
    schema: {
      operationId: 'ingestGeneric',
      summary: 'Readings in Vahti’s own form, one or a batch',
      description: `{ deviceEui, time, fCnt?, values: { "<measurementId or name>": number } }, or an array of up to 5,000 of them (gateways, back-fill; stored with multi-row inserts in one transaction). Every key of values must name a measurement of the device's type (else the reading is rejected: unknownMeasurement). The dedup key is fCnt:time. ${AUTH} ${ANSWER} Bodies over 10 MB: 413.`,
      security: [{ ingestKey: [] }],
      body: genericIngestBody,
      response: { 200: ingestResponse, 202: ingestResponse, ...errors(401, 413, 429, 503, 507) },
    },
    handler: async (request, reply) => {
      const [status, result] = respond(
        await ingest.generic(callerOf(request), request.body, webhook(request)),
      );
      return reply.status(status).send(result);
    },
  });
});
