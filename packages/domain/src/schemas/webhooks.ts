import { z } from 'zod';
import { id, msg, recordOf, requiredField, text } from './fields.js';

// Outbound webhooks (issue 28): an organization's Ylläpitäjä sends its alarm events, signed, to
// outside systems (its own service, a Slack or Teams channel). docs/webhooks.md is the contract.

/**
 * The events a webhook can subscribe to. `device.offline` is an event of its own, not a filter:
 * an offline alarm opening is sent as `device.offline` and never as `alarm.opened`, so a
 * receiver that wants only "the device went silent" subscribes to that alone. The offline
 * alarm's later closing and (un)acknowledgement are `alarm.*` events with `alarm.kind: offline`.
 */
export const WEBHOOK_EVENTS = [
  'alarm.opened',
  'alarm.closed',
  'alarm.acknowledged',
  'alarm.unacknowledged',
  'device.offline',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event of "Lähetä testi": sent whatever the webhook subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** json: our documented JSON · slack: a Slack incoming webhook · teams: a Teams Workflows webhook. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** queued: waiting for (another) attempt · delivered: a 2xx answer · failed: gave up after a day. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_URL_MAX = 2000;

/** An absolute http(s) URL without credentials; the server checks where it points. */
export const webhookUrl = () =>
  text({ error: msg('required') })
    .trim()
    .min(1, { error: msg('required'), abort: true })
    .max(WEBHOOK_URL_MAX, { error: msg('webhooks.urlInvalid') })
    .refine(
      (value) => {
        if (!URL.canParse(value)) return false;
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.hostname !== '' &&
          url.username === '' &&
          url.password === ''
        );
      },
      { error: msg('webhooks.urlInvalid') },
    );

const events = () =>
  z
    .array(z.enum(WEBHOOK_EVENTS, { error: msg('invalidValue') }), {
      error: msg('webhooks.eventsRequired'),
    })
    .min(1, { error: msg('webhooks.eventsRequired') })
    .max(WEBHOOK_EVENTS.length, { error: msg('invalidValue') })
    .refine((list) => new Set(list).size === list.length, { error: msg('invalidValue') });

/** POST /api/webhooks. */
export const createWebhookBody = z.object({
  organizationId: id().optional(),
  name: requiredField(100),
  url: webhookUrl(),
  events: events(),
  format: z.enum(WEBHOOK_FORMATS, { error: msg('invalidValue') }).default('json'),
  enabled: z.boolean({ error: msg('invalidValue') }).default(true),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/** PUT /api/webhooks/:id: the same fields but the organization; the secret is rotated apart. */
export const updateWebhookBody = createWebhookBody.omit({ organizationId: true });
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

/** A webhook as the API answers it: never its secret (only creation and rotation show it). */
export const webhookRecord = recordOf(createWebhookBody).extend({
  id: z.string(),
  organizationId: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
  secretRotatedAt: z.string().describe('ISO 8601'),
  lastDelivery: z
    .object({
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      statusCode: z.number().int().nullable(),
      at: z.string().describe('ISO 8601'),
    })
    .nullable()
    .describe('The newest delivery, for the list'),
});
export type WebhookRecord = z.infer<typeof webhookRecord>;

export const webhooksResponse = z.object({ message: z.string(), webhooks: z.array(webhookRecord) });
export type WebhooksResponse = z.infer<typeof webhooksResponse>;
export const webhookResponse = z.object({ message: z.string(), webhook: webhookRecord });
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** Creation and rotation: the signing secret, in this answer only. */
export const webhookSecretResponse = z.object({
  message: z.string(),
  webhook: webhookRecord,
  secret: z.string().describe('The signing secret (whsec_…): shown only in this answer'),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponse>;

export const webhookParams = z.object({ id: id() });

export const webhookDeliveryRecord = z.object({
  id: z.string().describe('Also the X-Vahti-Delivery header: the same on every attempt'),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable().describe("The last attempt's HTTP status"),
  error: z.string().nullable().describe('Why the last attempt failed, when it got no 2xx'),
  responseExcerpt: z
    .string()
    .nullable()
    .describe("The start of the last answer's body (≤ 200 characters)"),
  durationMs: z.number().int().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  lastAttemptAt: z.string().nullable().describe('ISO 8601'),
  nextAttemptAt: z.string().nullable().describe('ISO 8601, while queued'),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;

export const webhookDeliveriesResponse = z.object({
  message: z.string(),
  deliveries: z.array(webhookDeliveryRecord),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponse>;

export const webhookTestResponse = z.object({
  message: z.string(),
  delivery: webhookDeliveryRecord,
});
