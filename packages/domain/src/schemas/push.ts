import { z } from 'zod';
import { id, msg, text } from './fields.js';

// Web Push notifications (issue 28; the calls are ours to design). A signed-in browser subscribes
// with the server's VAPID key and posts its PushSubscription; the server sends alarms to it.

/** base64url of `bytes` bytes, unpadded (a browser's PushSubscription keys). */
const base64url = (bytes: number) =>
  z
    .string({ error: msg('push.keysInvalid') })
    .regex(/^[\w-]+$/, { error: msg('push.keysInvalid') })
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, {
      error: msg('push.keysInvalid'),
    });

/**
 * POST /api/push-subscriptions: the browser's `PushSubscription.toJSON()` as it is
 * (https://www.w3.org/TR/push-api/#dom-pushsubscription-tojson): the push service's endpoint,
 * the P-256 public key (65 bytes) and the 16-byte auth secret.
 */
export const pushSubscriptionBody = z.object({
  endpoint: text({ error: msg('push.endpointInvalid') })
    .max(2048, { error: msg('push.endpointInvalid') })
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
      error: msg('push.endpointInvalid'),
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url(65), auth: base64url(16) },
    { error: msg('push.keysInvalid') },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** One of the caller's own browsers. */
export const pushSubscriptionRecord = z.object({
  id: z.string(),
  endpoint: z
    .string()
    .describe("The push service's address: the web app tells its own browser by it"),
  label: z.string().describe('Browser and system, from the User-Agent when subscribed'),
  createdAt: z.string().describe('ISO 8601'),
});
export type PushSubscriptionRecord = z.infer<typeof pushSubscriptionRecord>;

export const pushSubscriptionResponse = z.object({
  message: z.string(),
  pushSubscription: pushSubscriptionRecord,
});
export const pushSubscriptionsResponse = z.object({
  message: z.string(),
  pushSubscriptions: z.array(pushSubscriptionRecord),
});
export type PushSubscriptionsResponse = z.infer<typeof pushSubscriptionsResponse>;

export const pushSubscriptionParams = z.object({ id: id() });

/** GET /api/push-key: the VAPID public key to subscribe with (applicationServerKey). */
export const pushKeyResponse = z.object({
  message: z.string(),
  publicKey: z.string().describe('base64url of the uncompressed P-256 point'),
});
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/** POST /api/push-subscriptions/test: how many browsers the test notification is queued for. */
export const pushTestResponse = z.object({ message: z.string(), queued: z.number().int() });
