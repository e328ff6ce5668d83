import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export type NewMail = typeof mailOutbox.$inferInsert;
export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: Db, mail: NewMail): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail not stored');
  return row.id;
}

/**
 * Claims up to `limit` due queued mails for this instance: the rows are locked with SKIP LOCKED
 * (an instance never waits for, nor takes, rows another one is claiming) and leased by moving
 * next_attempt_at `leaseMs` ahead, all in one statement. Sending then happens outside any
 * transaction; a crash mid-send only means another attempt once the lease has run out.
 */
export function claimDue(db: Db, limit: number, leaseMs: number): Promise<MailRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      sentAt: sql`now()`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markAttemptFailed(
  db: Db,
  id: string,
  failure: { attempts: number; error: string; retryInMs: number | null },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: failure.attempts,
      lastError: failure.error,
      ...(failure.retryInMs === null
        ? { status: 'failed' as const }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${failure.retryInMs / 1000})` }),
    })
    .where(eq(mailOutbox.id, id));
}

/** The outbox for the top administrator: every organization's mail, newest first. */
export function listMails(db: Db, page: { limit: number; offset: number }) {
  return db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox);
  return row?.n ?? 0;
}
