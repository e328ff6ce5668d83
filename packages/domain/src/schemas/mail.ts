import { z } from 'zod';
import { pageQuery } from './fields.js';

/**
 * queued: waiting for (another) SMTP attempt · sent: delivered to the SMTP server · failed: gave
 * up after the last attempt · outbox: no SMTP_URL configured, kept here and in the log only.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const OUTBOX_PAGE_SIZE_MAX = 100;

/** GET /api/admin/outbox query: 1-based page, newest mail first. */
export const outboxQuery = z.object(pageQuery(OUTBOX_PAGE_SIZE_MAX));
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxMail = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable().describe('ISO 8601'),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const outboxResponse = z.object({
  message: z.string(),
  mails: z.array(outboxMail),
  total: z.number().int().describe('All mails, for paging'),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;
