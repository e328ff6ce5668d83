import type { WebhookFormat } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import { systemScope } from '../../lib/scope.js';
import { backoffMs, createQueueWorker } from '../../lib/work-queue.js';
import { type DestinationPolicy, DestinationRefused, postToDestination } from './destination.js';
import { type AlarmEventPayload, deliveryBody, signature } from './payloads.js';
import type { QueuedDelivery, WebhooksRepository } from './webhooks.repository.js';

/** Every organization's queued deliveries, each sent to its own webhook. */
const DELIVERY = systemScope('webhookDelivery');

/** A delivery is retried for this long after it was queued, then failed. */
export const RETRY_FOR_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** The whole exchange with a receiver: connect, send, the answer's first bytes. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Longer than one attempt can take, so a claimed row is not sent twice at once. */
const LEASE_MS = 60_000;
const POLL_MS = 5_000;
const BATCH = 10;
/** The delivery log keeps this long; the worker deletes older finished rows hourly. */
export const LOG_KEEP_MS = 30 * 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export const webhookRetryDelayMs = (attempts: number) =>
  backoffMs(attempts, { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS });

/**
 * The webhook delivery worker of this instance (lib/work-queue.ts): claims due deliveries, sends
 * each signed, records the attempt in the delivery log, and retries a failed one with back-off
 * until a day has passed since it was queued. Log lines name the delivery and webhook, never
 * the URL (a Slack or Teams URL is a credential), the secret or the body.
 */
export function createWebhookWorker({
  webhooks,
  policy,
  log,
  leaseMs = LEASE_MS,
  now = () => new Date(),
}: {
  webhooks: Pick<WebhooksRepository, 'claimDue' | 'destination' | 'recordAttempt' | 'purgeBefore'>;
  policy: DestinationPolicy;
  log: FastifyBaseLogger;
  /** DELIVERY_LEASE_SECONDS, else LEASE_MS. */
  leaseMs?: number;
  now?: () => Date;
}) {
  let purgedAt = 0;

  async function send(delivery: QueuedDelivery): Promise<boolean> {
    const started = performance.now();
    const attempts = delivery.attempts + 1;
    const destination = await webhooks.destination(DELIVERY, delivery.webhookId);
    let statusCode: number | null = null;
    let responseExcerpt: string | null = null;
    let error: string | null = null;
    let permanent = false;
    if (!destination) {
      error = 'webhook removed';
      permanent = true;
    } else if (!destination.enabled && delivery.event !== 'webhook.test') {
      error = 'webhook disabled';
      permanent = true;
    } else {
      const body = deliveryBody(
        destination.format as WebhookFormat,
        delivery.id,
        delivery.payload as AlarmEventPayload,
      );
      try {
        const result = await postToDestination(destination.url, {
          body,
          timeoutMs: DELIVERY_TIMEOUT_MS,
          policy,
          headers: {
            'user-agent': 'Vahti-Webhooks/1',
            'x-vahti-event': delivery.event,
            'x-vahti-delivery': delivery.id,
            'x-vahti-signature': signature(destination.secret, body, now()),
          },
        });
        statusCode = result.statusCode;
        responseExcerpt = result.excerpt;
        if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
      } catch (err) {
        if (err instanceof DestinationRefused) {
          error = `refused: ${err.problem}`;
        } else {
          const e = err as NodeJS.ErrnoException;
          error = (
            e.name === 'AbortError' || e.name === 'TimeoutError' ? 'timeout' : (e.code ?? e.message)
          ).slice(0, 200);
        }
      }
    }
    const durationMs = Math.round(performance.now() - started);
    const retryInMs = webhookRetryDelayMs(attempts);
    const expired = now().getTime() + retryInMs > delivery.createdAt.getTime() + RETRY_FOR_MS;
    const outcome = error === null ? 'delivered' : permanent || expired ? 'failed' : { retryInMs };
    await webhooks.recordAttempt(DELIVERY, delivery.id, {
      attempts,
      statusCode,
      error,
      responseExcerpt,
      durationMs,
      outcome,
    });
    const fields = { deliveryId: delivery.id, webhookId: delivery.webhookId, statusCode, attempts };
    if (error === null) log.info(fields, 'webhook delivered');
    else
      log.warn(
        { ...fields, error },
        outcome === 'failed' ? 'webhook failed' : 'webhook not delivered, will retry',
      );
    return error === null;
  }

  const worker = createQueueWorker({
    name: 'webhook delivery',
    pollMs: POLL_MS,
    log,
    pass: async (stopped) => {
      let delivered = 0;
      for (let batch = 0; batch < 10 && !stopped(); batch++) {
        const due = await webhooks.claimDue(DELIVERY, BATCH, leaseMs);
        // One slow receiver does not hold up the others of the batch.
        const results = await Promise.all(due.map(send));
        delivered += results.filter(Boolean).length;
        if (due.length < BATCH) break;
      }
      if (now().getTime() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = now().getTime();
        await webhooks.purgeBefore(DELIVERY, new Date(purgedAt - LOG_KEEP_MS));
      }
      return delivered;
    },
  });
  return worker;
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
