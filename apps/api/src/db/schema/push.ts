import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * The browsers a user receives Web Push notifications in: one row per PushSubscription. The
 * endpoint is unique, so the same browser subscribing again (after another user signed in on it)
 * moves the row to the new user rather than sending both users' notifications there.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url) and 16-byte auth secret (base64url). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A label for the list ("Chrome, Android"), from the browser's User-Agent. */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * The push queue: one row per notification and subscription, worked by every instance like the
 * mail outbox (claimed with SKIP LOCKED and leased, retried with back-off). A row goes when it
 * is delivered, given up, or its subscription is deleted.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The notification as the service worker reads it: { title, body, url, tag }. */
    payload: text('payload').notNull(),
    /** The Topic header (replaces an undelivered message of the same topic at the push service). */
    topic: text('topic'),
    urgency: text('urgency', { enum: ['normal', 'high'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.nextAttemptAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);
