import type { Language } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/index.js';
import type { MailAttachment } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transactions.js';
import { systemScope } from '../../lib/scope.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { backoffMs, createQueueWorker } from '../../lib/work-queue.js';
import type { MailRepository, MailRow } from './mail.repository.js';

/** Mail is stored and delivered for whoever it concerns. */
const MAIL_DELIVERY = systemScope('mailDelivery');

export interface OutgoingMail {
  to: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) of a notification mail. */
  headers?: Record<string, string>;
  /** Files in the storage's `mail` area (see `attachmentStorage`), attached when sent. */
  attachments?: MailAttachment[];
}

/** Attempts before a mail is marked failed for good. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const POLL_MS = 5_000;
const BATCH = 10;
/** Mails in flight at once, each on its own pooled SMTP connection. */
const SMTP_CONNECTIONS = 3;
/** Longer than the worst case of one send (connection + greeting + socket timeouts). */
const LEASE_MS = 2 * 60_000;
/**
 * A stored attachment no waiting mail names is removed when its last mail is sent (or failed
 * for good); the sweep removes what that missed (two instances at once, a kill in between, a
 * report run that died before its mails were queued) once it is this old.
 */
export const ATTACHMENT_RETENTION_MS = 24 * 60 * 60_000;

/** The outbox screen (Hallinta → Järjestelmä → Lähtevät viestit, Pääylläpitäjä with Hallinta). */
export const outboxScreen = (publicUrl: string) => `${publicUrl}/#/admin/outbox`;

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts, { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS });
}

/**
 * Mail delivery. `enqueue` stores the mail (in the open transaction, if any); with
 * SMTP_URL a worker sends due mails through nodemailer, retrying with back-off, and several API
 * instances share the queue safely. Without SMTP_URL a mail is stored with status `outbox`; the
 * log says only that, and where to read it (the outbox screen), never the mail itself.
 */
export function createMailer({
  mails,
  config,
  log,
  attachmentStorage,
}: {
  mails: MailRepository;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'> &
    Partial<Pick<Config, 'deliveryLeaseMs'>>;
  log: FastifyBaseLogger;
  /** Where the files of mails with attachments are kept (the storage's `mail` area). */
  attachmentStorage?: Pick<FileStorage, 'open' | 'remove' | 'list'>;
}) {
  const outbox = outboxScreen(config.publicUrl);
  const leaseMs = config.deliveryLeaseMs ?? LEASE_MS;
  // The Message-ID is the outbox row's: a mail sent again after its instance died between the
  // SMTP server's acceptance and the row's update (at-least-once, ADR 0047) is the same message,
  // which mail servers and clients drop as a duplicate.
  const messageDomain = /@([^\s@<>]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'vahti.invalid';
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // Connections are kept and reused: a new one per mail (greeting, TLS, AUTH) took about
        // 107 ms, a pooled one 8 ms (the alarm-storm bench, docs/performance.md).
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;

  /** Removes those of the objects no mail waiting to be sent names any more. */
  async function release(objects: readonly string[]) {
    if (!attachmentStorage || objects.length === 0) return;
    const needed = await mails.stillNeeded(MAIL_DELIVERY, objects);
    for (const object of objects) if (!needed.has(object)) await attachmentStorage.remove(object);
  }
  const objectsOf = (mail: MailRow) => (mail.attachments ?? []).map((file) => file.object);

  async function send(mail: MailRow): Promise<boolean> {
    try {
      const attachments = [];
      for (const file of mail.attachments ?? []) {
        if (!attachmentStorage) throw new Error('mail attachments: no storage');
        attachments.push({
          filename: file.fileName,
          contentType: file.contentType,
          // nodemailer reads the stream while it sends.
          content: await attachmentStorage.open(file.object),
        });
      }
      await transport?.sendMail({
        messageId: `<${mail.id}@${messageDomain}>`,
        from: config.mailFrom,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        ...(mail.headers && { headers: mail.headers }),
        attachments,
      });
      await mails.markSent(MAIL_DELIVERY, mail.id);
      log.info({ mailId: mail.id }, 'mail sent');
      await release(objectsOf(mail));
      return true;
    } catch (err) {
      const attempts = mail.attempts + 1;
      const retryInMs = attempts >= MAX_ATTEMPTS ? null : retryDelayMs(attempts);
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await mails.markAttemptFailed(MAIL_DELIVERY, mail.id, { attempts, error, retryInMs });
      log.warn(
        { mailId: mail.id, attempts, err },
        retryInMs ? 'mail not sent, will retry' : 'mail failed',
      );
      if (retryInMs === null) await release(objectsOf(mail));
      return false;
    }
  }

  // A bounded number of batches per pass keeps one pass short; the next tick goes on.
  const worker = createQueueWorker({
    name: 'mail delivery',
    pollMs: POLL_MS,
    log,
    enabled: transport !== undefined,
    pass: async (stopped) => {
      let sent = 0;
      for (let batch = 0; batch < 10 && !stopped(); batch++) {
        const due = await mails.claimDue(MAIL_DELIVERY, BATCH, leaseMs);
        // The pool sends up to SMTP_CONNECTIONS of them at once and queues the rest.
        const results = await Promise.all(due.map(send));
        sent += results.filter(Boolean).length;
        if (due.length < BATCH) break;
      }
      return sent;
    },
  });
  const { kick } = worker;
  /** Runs one delivery pass after any pass already running (never two at once here). */
  const deliverDue = worker.runDue;

  const store = (mail: OutgoingMail) =>
    mails.insert(MAIL_DELIVERY, {
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ?? null,
      language: mail.language,
      attachments: mail.attachments?.length ? mail.attachments : null,
      status: transport ? 'queued' : 'outbox',
    });

  return {
    mode: transport ? ('smtp' as const) : ('outbox' as const),

    /**
     * Stores a mail. Outside a transaction it starts delivery at once; inside one, call kick()
     * after it commits (the worker's next tick would find it anyway).
     */
    async enqueue(mail: OutgoingMail): Promise<string> {
      const id = await store(mail);
      if (!transport) {
        // A mail may hold a live reset link or a registration code: it is never logged, not even
        // in the demo. The line says where to read it instead.
        log.info({ mailId: id }, `Mail kept in the outbox (no SMTP_URL set): read it at ${outbox}`);
      } else if (!inTransaction()) {
        kick();
      }
      return id;
    },

    /**
     * Stores the mail as enqueue does, without the log line or the delivery kick: for work that
     * is rolled back (forgot-password for an unknown address does the same writes as for a known
     * one, then undoes them).
     */
    store,
    kick,
    deliverDue,

    /**
     * Removes stored attachments older than ATTACHMENT_RETENTION_MS that no mail waiting to be
     * sent names (the periodic sweep; idempotent, so every instance may run it). Returns how many.
     */
    async sweepAttachments(now = new Date()): Promise<number> {
      if (!attachmentStorage) return 0;
      const old: string[] = [];
      for await (const object of attachmentStorage.list()) {
        if (now.getTime() - object.modifiedAt.getTime() >= ATTACHMENT_RETENTION_MS)
          old.push(object.name);
      }
      const needed = await mails.stillNeeded(MAIL_DELIVERY, old);
      const gone = old.filter((object) => !needed.has(object));
      for (const object of gone) await attachmentStorage.remove(object);
      return gone.length;
    },

    /** Polls for due mail (retries, and mail another instance queued) until stop(). */
    start: worker.start,

    async stop() {
      await worker.stop();
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
