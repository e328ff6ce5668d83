import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { crossesOrganizations, type Scope } from '../../lib/scope.js';

export type NewMail = typeof mailOutbox.$inferInsert;
export type MailRow = typeof mailOutbox.$inferSelect;

/**
 * The mail outbox: every mail the service sends, with its delivery state. The delivery worker
 * claims, sends and marks rows with the system scope of mail delivery.
 */
export function createMailRepository(db: Db) {
  return {
    async insert(_scope: Scope, mail: NewMail): Promise<string> {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!row) throw new Error('mail not stored');
      return row.id;
    },

    /**
     * Claims up to `limit` due queued mails for this instance: the rows are locked with SKIP LOCKED
     * (an instance never waits for, nor takes, rows another one is claiming) and leased by moving
     * next_attempt_at `leaseMs` ahead, all in one statement. Sending then happens outside any
     * transaction; a crash mid-send only means another attempt once the lease has run out.
     */
    claimDue(_scope: Scope, limit: number, leaseMs: number): Promise<MailRow[]> {
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
    },

    async markSent(_scope: Scope, id: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
          sentAt: sql`now()`,
        })
        .where(eq(mailOutbox.id, id));
    },

    async markAttemptFailed(
      _scope: Scope,
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
    },

    /**
     * The outbox, newest first. Mail rows carry no organization (a mail may concern none): only
     * a scope that crosses organizations reads them.
     */
    async list(scope: Scope, page: { limit: number; offset: number }) {
      if (!crossesOrganizations(scope)) return [];
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
    },

    async count(scope: Scope): Promise<number> {
      if (!crossesOrganizations(scope)) return 0;
      const [row] = await db.select({ n: count() }).from(mailOutbox);
      return row?.n ?? 0;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
