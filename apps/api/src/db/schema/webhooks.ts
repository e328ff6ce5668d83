import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

// Outbound webhooks (issue 28, docs/webhooks.md): an organization's subscriptions, and the
// queue of their deliveries, which is also each webhook's delivery log.

/**
 * An organization's webhook. `secret` signs every delivery (HMAC-SHA256), so the server must be
 * able to read it: it cannot be hashed. It is answered once (creation, rotation) and never again,
 * nor logged. `events` holds WEBHOOK_EVENTS names.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    format: text('format', { enum: ['json', 'slack', 'teams'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_organization_idx').on(t.organizationId)],
);

/**
 * One event to one webhook: queued in the transaction of the change it tells of, claimed by any
 * instance's worker (lib/work-queue.ts), retried with back-off for a day, then failed. Its id is
 * the X-Vahti-Delivery header, the same on every attempt. `payload` is the event as it was when
 * it happened; the body (json, slack, teams) is made from it at each attempt. Rows older than
 * the log's keep are deleted by the worker.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.organizationId, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    statusCode: integer('status_code'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only queued rows are claimed; the partial index stays as small as the queue.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
