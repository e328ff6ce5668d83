import type { Language } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/index.js';
import { inTransaction } from '../../db/transactions.js';
import { systemScope } from '../../lib/scope.js';
import type { MailRepository, MailRow } from './mail.repository.js';

/** Mail is stored and delivered for whoever it concerns. */
const MAIL_DELIVERY = systemScope('mailDelivery');

export interface OutgoingMail {
  to: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
}

/** Attempts before a mail is marked failed for good. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const POLL_MS = 5_000;
const BATCH = 10;
/** Longer than the worst case of one send (connection + greeting + socket timeouts). */
const LEASE_MS = 2 * 60_000;

/** The outbox screen (Hallinta → Järjestelmä → Lähtevät viestit, Pääylläpitäjä with Hallinta). */
export const outboxScreen = (publicUrl: string) => `${publicUrl}/#/admin/outbox`;

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
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
}: {
  mails: MailRepository;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>;
  log: FastifyBaseLogger;
}) {
  const outbox = outboxScreen(config.publicUrl);
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let queue: Promise<unknown> = Promise.resolve();

  async function send(mail: MailRow): Promise<boolean> {
    try {
      await transport?.sendMail({
        from: config.mailFrom,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      await mails.markSent(MAIL_DELIVERY, mail.id);
      log.info({ mailId: mail.id }, 'mail sent');
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
      return false;
    }
  }

  async function deliverOnce(): Promise<number> {
    let sent = 0;
    // A bounded number of batches per run keeps one run short; the next tick goes on.
    for (let batch = 0; batch < 10 && !stopped; batch++) {
      const due = await mails.claimDue(MAIL_DELIVERY, BATCH, LEASE_MS);
      for (const mail of due) if (await send(mail)) sent += 1;
      if (due.length < BATCH) break;
    }
    return sent;
  }

  /** Runs one delivery pass after any pass already running (never two at once here). */
  function deliverDue(): Promise<number> {
    if (!transport) return Promise.resolve(0);
    const run = queue.then(deliverOnce);
    queue = run.catch(() => undefined);
    return run;
  }

  function kick() {
    if (!transport || stopped) return;
    deliverDue().catch((err: unknown) => log.error({ err }, 'mail delivery pass failed'));
  }

  const store = (mail: OutgoingMail) =>
    mails.insert(MAIL_DELIVERY, {
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      language: mail.language,
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

    /** Polls for due mail (retries, and mail another instance queued) until stop(). */
    start() {
      if (!transport || timer || stopped) return;
      timer = setInterval(kick, POLL_MS);
      timer.unref();
      kick();
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await queue;
      transport?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
