import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { MAX_ATTEMPTS } from '../../src/modules/mail/mailer.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { mailerOn } from '../helpers/services.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const forgot = (as: Actors, email: string) =>
  as.anonymous.post('/api/forgot-user-password', { userEmail: email });

const mailsTo = (ctx: TestContext, email: string) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));

/** A port nothing listens on (for now). */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const fakeLog = () =>
  ({
    info: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    debug: vi.fn(),
  }) as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn> };

describe(`without SMTP_URL: the outbox (${DRIVER})`, () => {
  let ctx: TestContext;
  let fx: Fixtures;
  let as: Actors;
  beforeAll(async () => {
    ({ ctx, fx, as } = await startApiTest());
  });
  afterAll(() => ctx.close());

  it('keeps the mail with status outbox and shows it to Pääylläpitäjä', async () => {
    expect(ctx.services.mailer.mode).toBe('outbox');
    expect((await forgot(as, fx.seeded('A', 'Käyttäjä').email)).statusCode).toBe(200);
    const [row] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä').email);
    expect(row).toMatchObject({ status: 'outbox', attempts: 0, sentAt: null, language: 'fi' });
    expect(row?.textBody).toMatch(
      /http:\/\/localhost:3000\/#\/login\?code=[\w-]{43}&isPasswordChange=true/,
    );

    const res = await as('Pääylläpitäjä').get('/api/admin/outbox');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Lähtevät viestit haettu');
    expect(body.total).toBe(1);
    expect(body.mails).toEqual([
      {
        id: row?.id,
        toAddress: fx.seeded('A', 'Käyttäjä').email,
        subject: 'Vahti: salasanan vaihtaminen',
        textBody: row?.textBody,
        status: 'outbox',
        attempts: 0,
        lastError: null,
        createdAt: row?.createdAt.toISOString(),
        sentAt: null,
      },
    ]);
  });

  it('pages newest first', async () => {
    await forgot(as, fx.seeded('A', 'Käyttäjä', [1]).email);
    await forgot(as, fx.seeded('A', 'Pääkäyttäjä').email);
    const page = (query: string) => as('Pääylläpitäjä').get(`/api/admin/outbox?${query}`);
    const first = (await page('pageSize=2')).json();
    expect(first.total).toBe(3);
    expect(first.mails.map((m: { toAddress: string }) => m.toAddress)).toEqual([
      fx.seeded('A', 'Pääkäyttäjä').email,
      fx.seeded('A', 'Käyttäjä', [1]).email,
    ]);
    const second = (await page('pageSize=2&page=2')).json();
    expect(second.mails.map((m: { toAddress: string }) => m.toAddress)).toEqual([
      fx.seeded('A', 'Käyttäjä').email,
    ]);
    const tooBig = await page('pageSize=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { pageSize: expect.any(String) },
    });
    expect((await page('page=0')).statusCode).toBe(400);
  });

  it('is for Pääylläpitäjä only: 403 for Ylläpitäjä, 401 without a session', async () => {
    const admin = await as('Ylläpitäjä').get('/api/admin/outbox');
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({
      error: 'Sinulla ei ole oikeutta tähän toimintoon',
      code: 'FORBIDDEN',
    });
    const anonymous = await as.anonymous.get('/api/admin/outbox/');
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the mail, link and address out of the log and points at the outbox screen', async () => {
    const log = fakeLog();
    const mailer = mailerOn(ctx.database.db, {
      config: {
        smtpUrl: undefined,
        mailFrom: 'Vahti <noreply@vahti.invalid>',
        publicUrl: 'https://vahti.example.fi',
      },
      log,
    });
    await mailer.enqueue({
      to: 'joku@example.fi',
      language: 'fi',
      subject: 'Aihe',
      text: 'Linkki: https://vahti.example.fi/#/login?code=salainen',
      html: '<p>Linkki</p>',
    });
    expect(log.info).toHaveBeenCalledOnce();
    const logged = JSON.stringify(log.info.mock.calls);
    expect(logged).not.toContain('salainen');
    expect(logged).not.toContain('joku@example.fi');
    expect(logged).not.toContain('Linkki');
    expect(log.info.mock.calls[0]?.[1]).toBe(
      'Mail kept in the outbox (no SMTP_URL set): read it at https://vahti.example.fi/#/admin/outbox',
    );
    expect(await mailer.deliverDue()).toBe(0);
    await mailer.stop();
  });
});

describe(`over SMTP (${DRIVER})`, () => {
  let ctx: TestContext;
  let fx: Fixtures;
  let as: Actors;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ ctx, fx, as } = await startApiTest({ env: { SMTP_URL: smtp.url } }));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('delivers the mail, records it as sent, and escapes values in the HTML version', async () => {
    await ctx.database.db
      .update(users)
      .set({ userFirstName: '<b>Kalle & "Kaisa"</b>', language: 'en' })
      .where(eq(users.userEmail, fx.seeded('A', 'Käyttäjä').email));
    expect((await forgot(as, fx.seeded('A', 'Käyttäjä').email)).statusCode).toBe(200);
    const mail = await smtp.next();
    expect(mail.to).toEqual([fx.seeded('A', 'Käyttäjä').email]);
    expect(mail.from).toBe('noreply@vahti.invalid');
    expect(mail.subject).toBe('Vahti: changing your password');
    expect(mail.text).toContain('Hello <b>Kalle & "Kaisa"</b>,');
    expect(mail.html).toContain('Hello &lt;b&gt;Kalle &amp; &quot;Kaisa&quot;&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>');

    await ctx.services.mailer.deliverDue();
    const [row] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä').email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, language: 'en' });
    expect(row?.sentAt).toBeInstanceOf(Date);
    // The Message-ID is the row's: a mail sent again after a crash is the same message (ADR 0047).
    expect(mail.messageId).toBe(`<${row?.id}@vahti.invalid>`);
  });

  it('never sends a mail twice when several instances deliver at once', async () => {
    const log = fakeLog();
    const config = {
      smtpUrl: smtp.url,
      mailFrom: 'Vahti <noreply@vahti.invalid>',
      publicUrl: 'https://vahti.example.fi',
    };
    const a = mailerOn(ctx.database.db, { config, log });
    const b = mailerOn(ctx.database.db, { config, log });
    // Stored in one transaction, so no worker starts before all twelve are there.
    await withTransactions(ctx.database.db).transaction(async () => {
      for (let i = 0; i < 12; i++) {
        await a.enqueue({
          to: `rinnakkain-${i}@example.fi`,
          language: 'fi',
          subject: `Rinnakkain ${i}`,
          text: 'x',
          html: '<p>x</p>',
        });
      }
    });
    const before = smtp.received.length;
    await Promise.all([a.deliverDue(), b.deliverDue(), ctx.services.mailer.deliverDue()]);
    // The app's own worker may have joined in; wait for any pass it still has running.
    await ctx.services.mailer.deliverDue();
    const subjects = smtp.received
      .slice(before)
      .map((mail) => mail.subject)
      .sort();
    expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Rinnakkain ${i}`).sort());
    const rows = await ctx.database.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} like 'rinnakkain-%'`);
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
    // Take the twelve out of the queue next() reads.
    for (let i = 0; i < 12; i++) await smtp.next();
  });

  it.skipIf(DRIVER === 'pglite')(
    'skips a mail another instance has locked instead of waiting for it',
    async () => {
      const id = await ctx.services.mailer.enqueue({
        to: 'lukittu@example.fi',
        language: 'fi',
        subject: 'Lukittu',
        text: 'x',
        html: '<p>x</p>',
      });
      // The kick above may already be delivering it: let that pass finish, then queue it again.
      await ctx.services.mailer.deliverDue();
      await ctx.database.db
        .update(mailOutbox)
        .set({ status: 'queued', nextAttemptAt: sql`now()`, attempts: 0 })
        .where(eq(mailOutbox.id, id));
      const other = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from mail_outbox where id = $1 for update', [id]);
        expect(await ctx.services.mailer.deliverDue()).toBe(0);
        await other.query('commit');
      } finally {
        await other.end();
      }
      // Whichever pass takes it now (this one or the poll), it goes out once.
      await ctx.services.mailer.deliverDue();
      const [row] = await mailsTo(ctx, 'lukittu@example.fi');
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    },
  );
});

describe(`retries with back-off (${DRIVER})`, () => {
  let ctx: TestContext;
  let fx: Fixtures;
  let as: Actors;
  let port: number;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    port = await closedPort();
    ({ ctx, fx, as } = await startApiTest({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }));
  });
  afterAll(async () => {
    await ctx.close();
    await smtp?.close();
  });

  const dueNow = (id: string, attempts?: number) =>
    ctx.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()`, ...(attempts !== undefined && { attempts }) })
      .where(eq(mailOutbox.id, id));

  it('keeps a mail queued with the error and the next attempt when the server is down', async () => {
    expect((await forgot(as, fx.seeded('A', 'Käyttäjä').email)).statusCode).toBe(200);
    await ctx.services.mailer.deliverDue();
    const [row] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä').email);
    expect(row?.status).toBe('queued');
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    const [{ inFuture } = { inFuture: false }] = await ctx.database.db
      .select({ inFuture: sql<boolean>`${mailOutbox.nextAttemptAt} > now()` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.id ?? ''));
    expect(inFuture).toBe(true);
    // Not due yet: another pass leaves it alone.
    expect(await ctx.services.mailer.deliverDue()).toBe(0);
    expect((await mailsTo(ctx, fx.seeded('A', 'Käyttäjä').email))[0]?.attempts).toBe(row?.attempts);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const [row] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä').email);
    await dueNow(row?.id ?? '', MAX_ATTEMPTS - 1);
    await ctx.services.mailer.deliverDue();
    const [after] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä').email);
    expect(after).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await dueNow(row?.id ?? '');
    expect(await ctx.services.mailer.deliverDue()).toBe(0);
  });

  it('delivers on a later attempt once the server is up', async () => {
    expect((await forgot(as, fx.seeded('A', 'Käyttäjä', [1]).email)).statusCode).toBe(200);
    await ctx.services.mailer.deliverDue();
    const [queued] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä', [1]).email);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });

    smtp = await startSmtpServer(port);
    await dueNow(queued?.id ?? '');
    await ctx.services.mailer.deliverDue();
    const mail = await smtp.next();
    expect(mail.to).toEqual([fx.seeded('A', 'Käyttäjä', [1]).email]);
    expect(mail.text).toContain('isPasswordChange=true');
    const [sent] = await mailsTo(ctx, fx.seeded('A', 'Käyttäjä', [1]).email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});
