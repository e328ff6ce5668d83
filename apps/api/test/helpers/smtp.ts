import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  from: string;
  /** The Message-ID header, brackets included. */
  messageId: string;
  subject: string;
  text: string;
  html: string;
  /** The files the message carries, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
  /** Date.now() when its last byte had arrived. */
  receivedAt: number;
}

/**
 * A real SMTP server in the test process (plain SMTP on 127.0.0.1, no auth, no STARTTLS), which
 * keeps every message it receives and accepts it `delayMs` after its end (a slow server).
 * `next()` waits for the next message not yet taken.
 */
export async function startSmtpServer(port = 0, { delayMs = 0 } = {}) {
  const received: ReceivedMail[] = [];
  const waiting: Array<(mail: ReceivedMail) => void> = [];
  let taken = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const receivedAt = Date.now();
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        const mail = {
          subject: parsed.subject ?? '',
          messageId: parsed.messageId ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
          raw,
          receivedAt,
        };
        received.push(mail);
        setTimeout(callback, delayMs);
        const waiter = waiting.shift();
        if (waiter) {
          taken += 1;
          waiter(mail);
        }
      });
    },
  });
  // A client gone in the middle of a message (a server process killed mid-delivery, as the fault
  // tests do) is an error of that connection: kept here, not thrown into the test process.
  const errors: Error[] = [];
  server.on('error', (err) => errors.push(err));
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as AddressInfo;

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** Connection errors, e.g. a client that went away mid-message. */
    errors,
    /** The next message not yet returned by next(), waiting for it if needed. */
    next(): Promise<ReceivedMail> {
      const ready = received[taken];
      if (ready) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
