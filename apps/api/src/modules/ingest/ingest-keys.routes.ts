import {
  createIngestKeyBody,
  createIngestKeyResponse,
  ingestKeyParams,
  ingestKeyResponse,
  ingestKeysResponse,
  rejectedUplinksResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { IngestKeysService } from './ingest-keys.service.js';

const ADMIN =
  '403 FORBIDDEN without the admin area (Hallinta permission and a role above Käyttäjä).';

interface Options {
  ingestKeys: IngestKeysService;
}

/** Hallinta: ingest keys for the network servers' webhooks, and the uplinks not stored. */
export const ingestKeysRoutes = signedIn<Options>('ingest-keys', (app, { ingestKeys }) => {
  app.post('/api/ingest-keys', {
    schema: {
      operationId: 'createIngestKey',
      summary: 'Create an ingest key for the webhooks of one organization',
      description: `A network server posts uplinks to /api/ingest/* with "Authorization: Bearer <key>". The key is in this answer only: the server keeps its SHA-256; lists show its prefix. Anyone but the top administrator creates for their own organization; the top administrator must name it (400 fields.organizationId). ${ADMIN} 404 ORGANIZATION_NOT_FOUND.`,
      body: createIngestKeyBody,
      response: { 201: createIngestKeyResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const created = await ingestKeys.create(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.ingest.keyCreated', created));
    },
  });

  app.get('/api/ingest-keys', {
    schema: {
      operationId: 'listIngestKeys',
      summary: 'Ingest keys, newest first (their prefix, never the key)',
      description: `The caller's organization's keys; every organization's for the top administrator. ${ADMIN}`,
      response: { 200: ingestKeysResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.ingest.keysOk', { ingestKeys: await ingestKeys.list(request.caller) }),
  });

  app.delete('/api/ingest-keys/:id', {
    schema: {
      operationId: 'revokeIngestKey',
      summary: 'Revoke an ingest key',
      description: `Webhooks with the key then answer 401. The key stays listed with revokedAt; revoking again keeps the first revokedAt. ${ADMIN} 404 ingest.INGEST_KEY_NOT_FOUND for a key of another organization or unknown.`,
      params: ingestKeyParams,
      response: { 200: ingestKeyResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const ingestKey = await ingestKeys.revoke(request.caller, request.params.id);
      return ok(request, 'messages.ingest.keyRevoked', { ingestKey });
    },
  });

  app.get('/api/rejected-uplinks', {
    schema: {
      operationId: 'listRejectedUplinks',
      summary: 'Uplinks that could not be stored, newest first (at most 500)',
      description: `Each with its reason (unknownDevice, undecodable, payloadTooShort, invalidValue, invalidTime, unknownMeasurement, malformed, unprocessable, simulated, unmappedPayload, unknownFrame, codecFailed), the DevEUI named and the body as received (cut at 8 KiB). The caller's organization's; every organization's for the top administrator. ${ADMIN}`,
      response: { 200: rejectedUplinksResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.ingest.rejectedOk', {
        rejectedUplinks: await ingestKeys.listRejected(request.caller),
      }),
  });
});
