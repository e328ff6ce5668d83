import { and, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

// A queue in the database worked by every instance (docs/ARCHITECTURE.md, "Notifications"): the
// mail outbox, the push queue and the webhook deliveries use it. A queue table has an `id` and a
// `nextAttemptAt` that is both the due time and the lease; `where` narrows the waiting rows (e.g.
// a status of 'queued').

/** The columns every queue table has. */
export type QueueTable = PgTable & { id: AnyPgColumn; nextAttemptAt: AnyPgColumn };

/** `now()` plus `ms`, in SQL: a lease or a retry time. */
export const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Claims up to `limit` due queued rows for this instance: the rows are locked with SKIP LOCKED
 * (an instance never waits for, nor takes, rows another one is claiming) and leased by moving
 * next_attempt_at `leaseMs` ahead, all in one statement. The work then happens outside any
 * transaction; a crash mid-way only means another attempt once the lease has run out.
 */
export function claimDue<T extends QueueTable>(
  db: Db,
  table: T,
  { where, limit, leaseMs }: { where?: SQL; limit: number; leaseMs: number },
): Promise<T['$inferSelect'][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(where, lte(table.nextAttemptAt, sql`now()`)))
    .orderBy(table.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(table as PgTable)
    .set({ nextAttemptAt: fromNow(leaseMs) } as never)
    .where(inArray(table.id, due))
    .returning() as unknown as Promise<T['$inferSelect'][]>;
}

/** Exponential back-off after the n-th failed attempt: first, 2 × first, … capped at `max`. */
export function backoffMs(
  attempts: number,
  { firstMs, maxMs }: { firstMs: number; maxMs: number },
) {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/**
 * The loop of a queue's worker on this instance: `kick` runs a pass now (after a commit that
 * queued work), `start` polls every `pollMs` for retries and work another instance queued, `stop`
 * waits for the pass in hand. Passes never overlap on one instance. `pass` returns how many rows
 * it finished.
 */
export function createQueueWorker({
  name,
  pollMs,
  log,
  pass,
  enabled = true,
}: {
  name: string;
  pollMs: number;
  log: FastifyBaseLogger;
  pass: (stopped: () => boolean) => Promise<number>;
  enabled?: boolean;
}) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs one pass after any pass already running (never two at once here). */
  function runDue(): Promise<number> {
    if (!enabled) return Promise.resolve(0);
    const run = queue.then(() => pass(() => stopped));
    queue = run.catch(() => undefined);
    return run;
  }

  function kick() {
    if (!enabled || stopped) return;
    runDue().catch((err: unknown) => log.error({ err }, `${name} pass failed`));
  }

  return {
    runDue,
    kick,
    start() {
      if (!enabled || timer || stopped) return;
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
}

export type QueueWorker = ReturnType<typeof createQueueWorker>;
