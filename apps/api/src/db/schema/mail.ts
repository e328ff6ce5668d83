import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { language, mailStatus } from './common.js';

/** A file a mail carries: its stored object and the name and type the recipient sees. */
export interface MailAttachment {
  object: string;
  fileName: string;
  contentType: string;
}

/**
 * Every mail the service sends, with its delivery state: nothing is sent without a row here, so
 * a mail is never silently lost. The delivery worker claims due `queued` rows.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe of a notification mail, RFC 8058); null: none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    language: language('language').notNull(),
    status: mailStatus('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Files the mail carries, kept in the file storage's `mail` area (never as bytes in this
     * table); several mails may name one object.
     */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
  },
  (t) => [
    // Only queued rows are ever claimed; the partial index stays as small as the queue.
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
