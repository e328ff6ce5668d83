import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { claimDue, fromNow } from '../../lib/work-queue.js';

export type NewPushSubscription = Omit<typeof pushSubscriptions.$inferInsert, 'id' | 'createdAt'>;
export type PushDeliveryRow = typeof pushDeliveries.$inferSelect;

const record = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  label: pushSubscriptions.label,
  createdAt: pushSubscriptions.createdAt,
};

/** The subscriptions of one user inside the scope. */
const ofUser = (scope: Scope, userId: string) =>
  and(inScope(pushSubscriptions.organizationId, scope), eq(pushSubscriptions.userId, userId));

/**
 * Browsers' push subscriptions and the push queue. Subscriptions belong to a user: every read
 * and write names the user and stays inside the scope's organization. The delivery worker
 * claims, sends and settles deliveries with the system scope of push delivery.
 */
export function createPushRepository(db: Db) {
  return {
    /**
     * Stores the subscription, or (the same endpoint again: the same browser) gives it to this
     * user with fresh keys. Re-subscribing never leaves another user's row on this browser.
     */
    async upsert(_scope: Scope, subscription: NewPushSubscription) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(subscription)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            organizationId: subscription.organizationId,
            userId: subscription.userId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
            label: subscription.label,
            createdAt: sql`now()`,
          },
        })
        .returning(record);
      if (!row) throw new Error('push subscription not stored');
      return row;
    },

    listOfUser(scope: Scope, userId: string) {
      return db
        .select(record)
        .from(pushSubscriptions)
        .where(ofUser(scope, userId))
        .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    },

    /** Removes one of the user's subscriptions (and its queued deliveries); 0: not theirs. */
    async remove(scope: Scope, userId: string, id: string): Promise<number> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(ofUser(scope, userId), eq(pushSubscriptions.id, id)))
        .returning({ id: pushSubscriptions.id });
      return rows.length;
    },

    /** One queued delivery per subscription of the user; returns how many. */
    async enqueue(
      scope: Scope,
      userId: string,
      delivery: { payload: string; topic: string | null; urgency: 'normal' | 'high' },
    ): Promise<number> {
      const rows = await db
        .insert(pushDeliveries)
        .select(
          db
            .select({
              id: sql<string>`gen_random_uuid()`.as('id'),
              organizationId: pushSubscriptions.organizationId,
              subscriptionId: pushSubscriptions.id,
              payload: sql<string>`${delivery.payload}`.as('payload'),
              topic: sql<string | null>`${delivery.topic}::text`.as('topic'),
              urgency: sql<'normal' | 'high'>`${delivery.urgency}`.as('urgency'),
              attempts: sql<number>`0`.as('attempts'),
              lastError: sql<string | null>`null::text`.as('last_error'),
              nextAttemptAt: sql<Date>`now()`.as('next_attempt_at'),
              createdAt: sql<Date>`now()`.as('created_at'),
            })
            .from(pushSubscriptions)
            .where(ofUser(scope, userId)),
        )
        .returning({ id: pushDeliveries.id });
      return rows.length;
    },

    /** Claims due deliveries with their subscription (lib/work-queue.ts: SKIP LOCKED and a lease). */
    async claimDue(_scope: Scope, limit: number, leaseMs: number) {
      const claimed = await claimDue(db, pushDeliveries, { limit, leaseMs });
      if (claimed.length === 0) return [];
      const subscriptions = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(
          inArray(
            pushSubscriptions.id,
            claimed.map((d) => d.subscriptionId),
          ),
        );
      const byId = new Map(subscriptions.map((s) => [s.id, s]));
      return claimed.flatMap((delivery) => {
        const subscription = byId.get(delivery.subscriptionId);
        return subscription ? [{ delivery, subscription }] : [];
      });
    },

    async markDelivered(_scope: Scope, id: string): Promise<void> {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, id));
    },

    async markAttemptFailed(
      _scope: Scope,
      id: string,
      failure: { attempts: number; error: string; retryInMs: number },
    ): Promise<void> {
      await db
        .update(pushDeliveries)
        .set({
          attempts: failure.attempts,
          lastError: failure.error,
          nextAttemptAt: fromNow(failure.retryInMs),
        })
        .where(eq(pushDeliveries.id, id));
    },

    /** The push service says the subscription is gone (404/410): it goes, with its deliveries. */
    async removeSubscription(_scope: Scope, id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
