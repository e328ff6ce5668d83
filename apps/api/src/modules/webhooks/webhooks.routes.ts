import {
  createWebhookBody,
  updateWebhookBody,
  webhookDeliveriesResponse,
  webhookParams,
  webhookResponse,
  webhookSecretResponse,
  webhooksResponse,
  webhookTestResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { WebhooksService } from './webhooks.service.js';

const MANAGE =
  "403 FORBIDDEN below Ylläpitäjä or without the Hallinta permission. Another organization's webhook (or an unknown id) answers 404 webhooks.WEBHOOK_NOT_FOUND.";
const URL_RULES =
  'The URL is checked on every save and again at every delivery: only https in production; a host that resolves to a loopback, private (RFC 1918, fc00::/7), link-local, CGNAT, unspecified, multicast or reserved address (IPv4-mapped forms included) is refused with 400 fields.url unless OUTBOUND_ALLOW_PRIVATE=1.';
const SIGNING =
  'Each delivery is a POST with X-Vahti-Event, X-Vahti-Delivery (the delivery id, the same on every retry: use it to drop duplicates) and X-Vahti-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>. Recompute it over the raw body, compare in constant time and refuse a t more than 5 minutes from your clock. A non-2xx answer, a timeout (10 s) or a redirect is retried with back-off for a day. docs/webhooks.md has the body of each form (json, slack, teams).';

interface Options {
  webhooks: WebhooksService;
}

/** Hallinta → Webhookit: an organization's outbound webhooks and their delivery logs. */
export const webhooksRoutes = signedIn<Options>('webhooks', (app, { webhooks }) => {
  app.post('/api/webhooks', {
    schema: {
      operationId: 'createWebhook',
      summary: 'Create an outbound webhook; the answer holds its signing secret, once',
      description: `Events: alarm.opened, alarm.closed, alarm.acknowledged, alarm.unacknowledged, device.offline (an offline alarm opening is device.offline, never alarm.opened). Forms: json (ours), slack (an incoming webhook's {text, blocks}), teams (a Workflows webhook's Adaptive Card message). The top administrator must name the organization (400 fields.organizationId). ${URL_RULES} ${SIGNING} ${MANAGE}`,
      body: createWebhookBody,
      response: { 201: webhookSecretResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const created = await webhooks.create(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.webhooks.created', created));
    },
  });

  app.get('/api/webhooks', {
    schema: {
      operationId: 'listWebhooks',
      summary: "The organization's webhooks (never their secrets), each with its newest delivery",
      description: `Every organization's for the top administrator. ${MANAGE}`,
      response: { 200: webhooksResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.webhooks.listOk', { webhooks: await webhooks.list(request.caller) }),
  });

  app.put('/api/webhooks/:id', {
    schema: {
      operationId: 'updateWebhook',
      summary: "Change a webhook's name, URL, events, form or enabled",
      description: `Deliveries already queued go to the new URL and form. ${URL_RULES} ${MANAGE}`,
      params: webhookParams,
      body: updateWebhookBody,
      response: { 200: webhookResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const webhook = await webhooks.update(request.caller, request.params.id, request.body);
      return ok(request, 'messages.webhooks.updated', { webhook });
    },
  });

  app.post('/api/webhooks/:id/rotate-secret', {
    schema: {
      operationId: 'rotateWebhookSecret',
      summary: 'Replace the signing secret; the answer holds the new one, once',
      description: `From now on deliveries (retries too) are signed with the new secret only. ${MANAGE}`,
      params: webhookParams,
      response: { 200: webhookSecretResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const rotated = await webhooks.rotateSecret(request.caller, request.params.id);
      return ok(request, 'messages.webhooks.secretRotated', rotated);
    },
  });

  app.delete('/api/webhooks/:id', {
    schema: {
      operationId: 'removeWebhook',
      summary: 'Delete a webhook with its delivery log and queued deliveries',
      description: MANAGE,
      params: webhookParams,
      response: { 200: webhookResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const webhook = await webhooks.remove(request.caller, request.params.id);
      return ok(request, 'messages.webhooks.removed', { webhook });
    },
  });

  app.get('/api/webhooks/:id/deliveries', {
    schema: {
      operationId: 'listWebhookDeliveries',
      summary: "A webhook's delivery log, newest first (at most 100; kept 30 days)",
      description: `Each delivery with its event, status (queued, delivered, failed), attempts, the last attempt's HTTP status or error, the first 200 characters of the answer and how long it took. ${MANAGE}`,
      params: webhookParams,
      response: { 200: webhookDeliveriesResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.webhooks.deliveriesOk', {
        deliveries: await webhooks.deliveries(request.caller, request.params.id),
      }),
  });

  app.post('/api/webhooks/:id/test', {
    schema: {
      operationId: 'sendWebhookTest',
      summary: 'Queue a webhook.test delivery now ("Lähetä testi")',
      description: `Sent through the same queue, signed, whatever the webhook's events and even when it is disabled; its result appears in the delivery log. ${MANAGE}`,
      params: webhookParams,
      response: { 202: webhookTestResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const delivery = await webhooks.sendTest(request.caller, request.params.id);
      return reply.status(202).send(ok(request, 'messages.webhooks.testQueued', { delivery }));
    },
  });
});
