import { createHash, ECDH } from 'node:crypto';
import type { Agent } from 'node:https';
import type { Language, PushSubscriptionBody } from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import { type PushConfig, pushHostAllowed } from '../../config/push.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { authorize, type Scope, systemScope } from '../../lib/scope.js';
import { backoffMs, createQueueWorker } from '../../lib/work-queue.js';
import { browserLabel } from './browser-label.js';
import type { PushRepository } from './push.repository.js';

/** Pushes are delivered for whoever they concern, in every organization. */
const PUSH_DELIVERY = systemScope('pushDelivery');

/** What another module asks to show on a user's browsers. */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification leads: a screen of this app (the alarm). */
  url: string;
  /** Notifications of one tag replace each other on the device (one per alarm, say). */
  tag?: string;
}

/** Attempts before a delivery is given up (about 4 h of back-off in all). */
export const MAX_ATTEMPTS = 10;
const BACK_OFF = { firstMs: 30_000, maxMs: 60 * 60_000 };
/** How long the push service keeps an undelivered message for a device that is off. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const POLL_MS = 5_000;
const BATCH = 20;
/** Longer than one send can take (its timeout), so a claimed row is not sent twice. */
const LEASE_MS = 60_000;

/** The Topic header: base64url, at most 32 characters (RFC 8030 §5.4); the tag's hash fits. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** A failure's text for the row: a status or an error code, never the endpoint or the body. */
function failureText(err: unknown): string {
  if (err instanceof WebPushError) return `HTTP ${err.statusCode}`;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'send failed';
}

/**
 * Web Push (issue 28): browsers' subscriptions, and the push queue. `enqueue` stores one
 * delivery per subscription of a user in the open transaction; a worker on every instance
 * claims due deliveries (lib/work-queue.ts) and sends them with `web-push` (VAPID, aes128gcm), retries
 * 429, 5xx and network failures with back-off, and deletes a subscription its push service
 * says is gone (404, 410). Nothing is sent from a request.
 */
export function createPushService({
  db,
  push,
  config,
  publicUrl,
  log,
  agent,
}: {
  db: Db;
  push: PushRepository;
  /** null: push is off (PostgreSQL without VAPID keys). leaseMs: DELIVERY_LEASE_SECONDS. */
  config: {
    keys: PushConfig | null;
    serviceHosts: readonly string[];
    leaseMs?: number | undefined;
  };
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The HTTPS agent to send with (the tests' own CA); Node's default otherwise. */
  agent?: Agent;
}) {
  const { keys } = config;

  const requireKeys = () => {
    if (!keys) throw new AppError(404, 'push.PUSH_NOT_CONFIGURED');
    return keys;
  };
  const allowed = (endpoint: string) =>
    pushHostAllowed(new URL(endpoint).hostname, config.serviceHosts);

  type Claimed = Awaited<ReturnType<PushRepository['claimDue']>>[number];

  async function send({ delivery, subscription }: Claimed, vapid: PushConfig): Promise<boolean> {
    const id = delivery.id;
    try {
      // The allow-list may have narrowed since the browser subscribed.
      if (!allowed(subscription.endpoint)) throw new Error('push service not allowed');
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        delivery.payload,
        {
          vapidDetails: {
            subject: vapid.vapidSubject,
            publicKey: vapid.vapidPublicKey,
            privateKey: vapid.vapidPrivateKey,
          },
          TTL: TTL_SECONDS,
          urgency: delivery.urgency,
          ...(delivery.topic && { topic: delivery.topic }),
          timeout: SEND_TIMEOUT_MS,
          ...(agent && { agent }),
        },
      );
      await push.markDelivered(PUSH_DELIVERY, id);
      log.info({ pushDeliveryId: id }, 'push sent');
      return true;
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await push.removeSubscription(PUSH_DELIVERY, subscription.id);
        log.info({ pushDeliveryId: id, status }, 'push subscription gone: removed');
        return false;
      }
      const attempts = delivery.attempts + 1;
      // 429, 5xx and network failures pass; any other answer will not change by asking again.
      const retry = status === undefined || status === 429 || status >= 500;
      if (!retry || attempts >= MAX_ATTEMPTS) {
        await push.markDelivered(PUSH_DELIVERY, id);
        log.warn({ pushDeliveryId: id, attempts, status }, 'push given up');
        return false;
      }
      const retryAfter = Number((err as WebPushError).headers?.['retry-after']);
      const retryInMs = Math.max(
        backoffMs(attempts, BACK_OFF),
        Number.isFinite(retryAfter) ? Math.min(retryAfter, 3600) * 1000 : 0,
      );
      await push.markAttemptFailed(PUSH_DELIVERY, id, {
        attempts,
        error: failureText(err),
        retryInMs,
      });
      log.warn({ pushDeliveryId: id, attempts, status }, 'push not sent, will retry');
      return false;
    }
  }

  // Passes on this instance never overlap; a bounded number of batches keeps one pass short.
  const worker = createQueueWorker({
    name: 'push delivery',
    pollMs: POLL_MS,
    log,
    enabled: keys !== null,
    pass: async (stopped) => {
      if (!keys) return 0;
      let sent = 0;
      for (let batch = 0; batch < 10 && !stopped(); batch++) {
        const due = await push.claimDue(PUSH_DELIVERY, BATCH, config.leaseMs ?? LEASE_MS);
        const results = await Promise.all(due.map((claimed) => send(claimed, keys)));
        sent += results.filter(Boolean).length;
        if (due.length < BATCH) break;
      }
      return sent;
    },
  });
  const { kick } = worker;
  /** Runs one delivery pass after any pass already running here; resolves to pushes sent. */
  const deliverDue = worker.runDue;

  /**
   * Queues `message` for every browser of the user (inside the scope), in the open transaction
   * if there is one; returns how many. Call kick() after the transaction commits.
   */
  async function enqueue(scope: Scope, userId: string, message: PushMessage): Promise<number> {
    if (!keys) return 0;
    const payload = JSON.stringify({
      title: message.title,
      body: message.body,
      url: message.url,
      ...(message.tag && { tag: message.tag }),
    });
    return push.enqueue(scope, userId, {
      payload,
      topic: message.tag ? topicOf(message.tag) : null,
      urgency: 'high',
    });
  }

  return {
    enqueue,
    kick,
    /** Tests drive delivery with this. */
    deliverDue,

    /** The VAPID public key browsers subscribe with; 404 when push is off. */
    publicKey(caller: Caller): string {
      authorize(caller, { do: 'signIn' });
      return requireKeys().vapidPublicKey;
    },

    async subscribe(caller: Caller, body: PushSubscriptionBody, userAgent: string | undefined) {
      const scope = authorize(caller, { do: 'signIn' });
      requireKeys();
      if (!allowed(body.endpoint)) {
        throw invalid({ endpoint: 'validation.push.endpointNotAllowed' });
      }
      if (!isP256Point(body.keys.p256dh))
        throw invalid({ 'keys.p256dh': 'validation.push.keysInvalid' });
      const row = await push.upsert(scope, {
        organizationId: caller.organizationId,
        userId: caller.userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        label: browserLabel(userAgent),
      });
      return { ...row, createdAt: row.createdAt.toISOString() };
    },

    async list(caller: Caller) {
      const scope = authorize(caller, { do: 'signIn' });
      const rows = await push.listOfUser(scope, caller.userId);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const scope = authorize(caller, { do: 'signIn' });
      if ((await push.remove(scope, caller.userId, id)) === 0) {
        throw notFound('push.PUSH_SUBSCRIPTION_NOT_FOUND');
      }
    },

    /** "Lähetä testi-ilmoitus": a notification to each of the caller's own browsers. */
    async sendTest(caller: Caller, language: Language): Promise<number> {
      const scope = authorize(caller, { do: 'signIn' });
      requireKeys();
      const queued = await db.transaction(() =>
        enqueue(scope, caller.userId, {
          title: translate(language, 'push.testTitle'),
          body: translate(language, 'push.testBody'),
          url: `${publicUrl}/#/edit-user-information`,
          tag: 'vahti-test',
        }),
      );
      if (queued === 0) throw new AppError(400, 'push.PUSH_NO_SUBSCRIPTIONS');
      kick();
      return queued;
    },

    /** Polls for due deliveries (retries, and pushes another instance queued) until stop(). */
    start(): void {
      if (!keys) {
        log.info('Web Push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn it on');
        return;
      }
      worker.start();
    },

    stop: worker.stop,
  };
}

/** Whether the browser's key is a point on P-256 (else every delivery to it would fail). */
function isP256Point(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export type PushService = ReturnType<typeof createPushService>;
