import type {
  WebhookDeliveryRecord,
  WebhookEvent,
  WebhookFormat,
  WebhookRecord,
} from '@vahti/domain';
import { and, arrayOverlaps, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookDeliveries, webhooks } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';
import { claimDue } from '../../lib/work-queue.js';
import type { AlarmEventPayload } from './payloads.js';

/** Every column but the secret: no answer carries it after creation or rotation. */
const columns = {
  id: webhooks.id,
  organizationId: webhooks.organizationId,
  name: webhooks.name,
  url: webhooks.url,
  events: webhooks.events,
  format: webhooks.format,
  enabled: webhooks.enabled,
  createdAt: webhooks.createdAt,
  updatedAt: webhooks.updatedAt,
  secretRotatedAt: webhooks.secretRotatedAt,
};

const deliveryColumns = {
  id: webhookDeliveries.id,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  statusCode: webhookDeliveries.statusCode,
  error: webhookDeliveries.error,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  durationMs: webhookDeliveries.durationMs,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
};

type Row = {
  id: string;
  organizationId: string;
  name: string;
  url: string;
  events: string[];
  format: WebhookFormat;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  secretRotatedAt: Date;
};
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type QueuedDelivery = DeliveryRow;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toRecord = (row: Row, last?: Pick<DeliveryRow, 'status' | 'statusCode' | 'createdAt'>) =>
  ({
    ...row,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt.toISOString(),
    lastDelivery: last
      ? { status: last.status, statusCode: last.statusCode, at: last.createdAt.toISOString() }
      : null,
  }) satisfies WebhookRecord;

export const toDeliveryRecord = (
  row: Pick<DeliveryRow, keyof typeof deliveryColumns>,
): WebhookDeliveryRecord => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
});

export interface WebhookFields {
  name: string;
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  enabled: boolean;
}

/** Webhooks and their deliveries, always within the scope. */
export function createWebhooksRepository(db: Db) {
  const byId = (scope: Scope, id: string) =>
    and(eq(webhooks.id, id), inScope(webhooks.organizationId, scope));

  async function withLastDelivery(rows: Row[]): Promise<WebhookRecord[]> {
    if (rows.length === 0) return [];
    const last = await db
      .selectDistinctOn([webhookDeliveries.webhookId], {
        webhookId: webhookDeliveries.webhookId,
        status: webhookDeliveries.status,
        statusCode: webhookDeliveries.statusCode,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.webhookId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.createdAt));
    const byWebhook = new Map(last.map((l) => [l.webhookId, l]));
    return rows.map((row) => toRecord(row, byWebhook.get(row.id)));
  }

  return {
    async insert(
      scope: Scope,
      webhook: WebhookFields & { organizationId: string; secret: string; createdBy: string | null },
    ): Promise<WebhookRecord> {
      assertWithin(scope, webhook.organizationId);
      const [row] = await db.insert(webhooks).values(webhook).returning(columns);
      if (!row) throw new Error('webhook not stored');
      return toRecord(row);
    },

    async list(scope: Scope): Promise<WebhookRecord[]> {
      const rows = await db
        .select(columns)
        .from(webhooks)
        .where(inScope(webhooks.organizationId, scope))
        .orderBy(webhooks.name, webhooks.id);
      return withLastDelivery(rows);
    },

    async find(scope: Scope, id: string): Promise<WebhookRecord | null> {
      const rows = await db.select(columns).from(webhooks).where(byId(scope, id));
      return (await withLastDelivery(rows))[0] ?? null;
    },

    async update(scope: Scope, id: string, fields: WebhookFields): Promise<WebhookRecord | null> {
      const [row] = await db
        .update(webhooks)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(byId(scope, id))
        .returning(columns);
      return row ? ((await withLastDelivery([row]))[0] ?? null) : null;
    },

    async rotateSecret(scope: Scope, id: string, secret: string): Promise<WebhookRecord | null> {
      const [row] = await db
        .update(webhooks)
        .set({ secret, secretRotatedAt: sql`now()`, updatedAt: sql`now()` })
        .where(byId(scope, id))
        .returning(columns);
      return row ? ((await withLastDelivery([row]))[0] ?? null) : null;
    },

    async remove(scope: Scope, id: string): Promise<WebhookRecord | null> {
      const [row] = await db.delete(webhooks).where(byId(scope, id)).returning(columns);
      return row ? toRecord(row) : null;
    },

    /** The enabled webhooks of the organization subscribed to any of the events. */
    subscribed(scope: Scope, organizationId: string, events: readonly WebhookEvent[]) {
      return db
        .select({ id: webhooks.id, events: webhooks.events })
        .from(webhooks)
        .where(
          and(
            eq(webhooks.organizationId, organizationId),
            inScope(webhooks.organizationId, scope),
            eq(webhooks.enabled, true),
            arrayOverlaps(webhooks.events, [...events]),
          ),
        );
    },

    /** Queues deliveries (in the open transaction, if any); returns their ids. */
    async enqueue(
      scope: Scope,
      rows: { organizationId: string; webhookId: string; payload: AlarmEventPayload }[],
    ): Promise<string[]> {
      if (rows.length === 0) return [];
      for (const row of rows) assertWithin(scope, row.organizationId);
      const inserted = await db
        .insert(webhookDeliveries)
        .values(rows.map((r) => ({ ...r, event: r.payload.event })))
        .returning({ id: webhookDeliveries.id });
      return inserted.map((r) => r.id);
    },

    /** A webhook's deliveries, newest first. */
    async deliveries(scope: Scope, webhookId: string, limit: number) {
      const rows = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhookId, webhookId),
            inScope(webhookDeliveries.organizationId, scope),
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      return rows.map(toDeliveryRecord);
    },

    async findDelivery(scope: Scope, id: string): Promise<WebhookDeliveryRecord | null> {
      const [row] = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), inScope(webhookDeliveries.organizationId, scope)));
      return row ? toDeliveryRecord(row) : null;
    },

    /** Claims due deliveries for this instance (lib/work-queue.ts: SKIP LOCKED + lease). */
    claimDue(_scope: Scope, limit: number, leaseMs: number): Promise<QueuedDelivery[]> {
      return claimDue(db, webhookDeliveries, {
        where: eq(webhookDeliveries.status, 'queued'),
        limit,
        leaseMs,
      });
    },

    /** What the worker needs to send to a webhook: its address, form and secret. */
    async destination(scope: Scope, id: string) {
      const [row] = await db
        .select({
          url: webhooks.url,
          format: webhooks.format,
          enabled: webhooks.enabled,
          secret: webhooks.secret,
        })
        .from(webhooks)
        .where(byId(scope, id));
      return row ?? null;
    },

    /** Records an attempt: delivered, queued again at `retryInMs`, or failed for good (null). */
    async recordAttempt(
      _scope: Scope,
      id: string,
      attempt: {
        attempts: number;
        statusCode: number | null;
        error: string | null;
        responseExcerpt: string | null;
        durationMs: number;
        outcome: 'delivered' | 'failed' | { retryInMs: number };
      },
    ): Promise<void> {
      const { outcome, ...fields } = attempt;
      await db
        .update(webhookDeliveries)
        .set({
          ...fields,
          lastAttemptAt: sql`now()`,
          ...(typeof outcome === 'string'
            ? { status: outcome }
            : {
                nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})`,
              }),
        })
        .where(eq(webhookDeliveries.id, id));
    },

    /** The log's keep: deliveries done before `before` go. */
    async purgeBefore(_scope: Scope, before: Date): Promise<number> {
      const gone = await db
        .delete(webhookDeliveries)
        .where(
          and(
            lt(webhookDeliveries.createdAt, before),
            inArray(webhookDeliveries.status, ['delivered', 'failed']),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return gone.length;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
