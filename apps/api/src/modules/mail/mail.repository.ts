import { count, desc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { crossesOrganizations, type Scope } from '../../lib/scope.js';
import { claimDue, fromNow } from '../../lib/work-queue.js';

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

    /** Claims due queued mails for this instance (lib/work-queue.ts: SKIP LOCKED + lease). */
    claimDue(_scope: Scope, limit: number, leaseMs: number): Promise<MailRow[]> {
      return claimDue(db, mailOutbox, { where: eq(mailOutbox.status, 'queued'), limit, leaseMs });
    },

    /**
     * Which of these stored attachment objects a mail still waiting to be sent names: those
     * are kept; the rest may go.
     */
    async stillNeeded(_scope: Scope, objects: readonly string[]): Promise<Set<string>> {
      if (objects.length === 0) return new Set();
      const rows = rowsOf<{ object: string }>(
        await db.execute(sql`
          select distinct file ->> 'object' as object
          from ${mailOutbox}, jsonb_array_elements(${mailOutbox.attachments}) as file
          where ${mailOutbox.status} = 'queued' and ${mailOutbox.attachments} is not null
            and file ->> 'object' in (${sql.join(
              objects.map((o) => sql`${o}`),
              sql`, `,
            )})`),
      );
      return new Set(rows.map((r) => r.object));
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
            : { nextAttemptAt: fromNow(failure.retryInMs) }),
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
