import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBannerLines } from '../../src/db/demo/banner.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

// Issue 26, finding 4: in the demo without SMTP every mail was logged whole, reset links and
// registration codes included. Here the flows that issue links, codes and tokens run against the
// real logger (pino, as production configures it, at debug level) writing into `lines`; none of
// what they issued may be found anywhere in what was written.

const PUBLIC_URL = 'https://vahti.example.fi';

describe(`no link, code or token in the log, demo mode without SMTP (${DRIVER})`, () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let fx: Fixtures;
  let as: Actors;
  beforeAll(async () => {
    ({ ctx, fx, as } = await startApiTest({
      env: { DEMO: '1', SIMULATE: '0', LOG_LEVEL: 'debug', PUBLIC_URL },
      logDestination: { write: (line) => lines.push(line) },
    }));
  });
  afterAll(() => ctx.close());

  /** The mails kept for `to`, as the outbox screen reads them. */
  const outboxTo = async (to: string): Promise<string[]> => {
    const res = await as('Pääylläpitäjä').get('/api/admin/outbox?pageSize=100');
    expect(res.statusCode).toBe(200);
    return (res.json().mails as { toAddress: string; textBody: string }[])
      .filter((mail) => mail.toAddress === to)
      .map((mail) => mail.textBody);
  };

  it('issues a reset link, a registration code and sessions; the log holds none of them', async () => {
    const issued: string[] = [];
    expect(ctx.config.demo).toBe(true);
    expect(ctx.services.mailer.mode).toBe('outbox');

    // Sessions: the tokens the sign-ins handed out.
    for (const role of ['Pääylläpitäjä', 'Ylläpitäjä', 'Käyttäjä'] as const) {
      issued.push(await as.token(role));
    }

    // Password reset: the link mailed, then used (with the code in a query string, too).
    const user = fx.seeded('A', 'Käyttäjä');
    const forgot = await as.anonymous.post('/api/forgot-user-password', {
      userEmail: user.email,
    });
    expect(forgot.statusCode).toBe(200);
    const [resetMail] = await outboxTo(user.email);
    const reset = new RegExp(
      `${PUBLIC_URL}/#/login\\?code=([\\w-]{43})&isPasswordChange=true`,
    ).exec(resetMail ?? '');
    if (!reset?.[1]) throw new Error(`no reset link in the outbox:\n${resetMail}`);
    const resetCode = reset[1];
    issued.push(reset[0], resetCode);
    expect((await as.anonymous.get(`/api/events?code=${resetCode}`)).statusCode).toBe(401);
    const changed = await as.anonymous.post('/api/change-user-forgot-password', {
      code: resetCode,
      userEmail: user.email,
      userPassword: 'Uusi-salasana-1',
      confirmPassword: 'Uusi-salasana-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    issued.push(await as.signIn(user.email, 'Uusi-salasana-1'));

    // Registration code: created (its text is answered once), mailed, and used to register.
    const created = await as('Ylläpitäjä').post('/api/registration-codes', {
      targetIds: [fx.orgA.target.id],
      userPermissions: '1',
      expiresInDays: 7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code, registrationCode } = created.json() as {
      code: string;
      registrationCode: { id: string };
    };
    issued.push(code);
    const recipient = `uusi.${Date.now()}@example.fi`;
    const sent = await as('Ylläpitäjä').post(
      `/api/registration-codes/${registrationCode.id}/send`,
      { code, recipients: [recipient] },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [codeMail] = await outboxTo(recipient);
    expect(codeMail).toContain(code);
    const registerLink = `${PUBLIC_URL}/#/user-register?code=${code}`;
    expect(codeMail).toContain(registerLink);
    issued.push(registerLink);
    const registered = await as.anonymous.post('/api/register-user', {
      userEmail: recipient,
      userCode: code,
      userPassword: 'Asukas-salasana-1',
      userFirstName: 'Aino',
      userLastName: 'Asukas',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    issued.push(await as.signIn(recipient, 'Asukas-salasana-1'));

    // The log was written (one line per request at least) and says where the mails are.
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of issued) {
      expect(secret.length).toBeGreaterThanOrEqual(40);
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
    // Nor the passwords the flows sent.
    expect(log).not.toContain('Uusi-salasana-1');
    expect(log).not.toContain('Asukas-salasana-1');
    expect(log).toContain(
      `Mail kept in the outbox (no SMTP_URL set): read it at ${PUBLIC_URL}/#/admin/outbox`,
    );
  });

  it('scrubs a link, JWT or bearer credential that a message or an error carries', () => {
    const secret = 'Zk9v3Qm7_sX1yT8uW2aB4cD6eF0gH5iJ9kL3mN7oP1q';
    const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.${secret}`;
    const before = lines.length;
    ctx.app.log.error(
      {
        err: new Error(`GET ${PUBLIC_URL}/x?file=a.pdf&token=${secret} failed`),
        topic: `a/b?key=${secret}`,
      },
      `retrying ${PUBLIC_URL}/#/user-register?code=${secret} with Bearer ${jwt}`,
    );
    const written = lines.slice(before).join('');
    expect(written).toContain('file=a.pdf&token=[Redacted]');
    expect(written).toContain('?key=[Redacted]');
    expect(written).toContain('/#/user-register?code=[Redacted] with Bearer [Redacted]');
    expect(written).not.toContain(secret);
    expect(written).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  });

  it('replaces the value of a secret key at any depth, whatever the value is', () => {
    const before = lines.length;
    ctx.app.log.warn(
      {
        userPassword: 'Salainen-1',
        body: { token: 'tkn-1', nested: { code: { parts: ['c-1', { x: 'c-2,}' }] }, kept: 5 } },
        headers: { authorization: 'Basic YWxhZGRpbjpvcGVu', cookie: 'sid=s-1' },
        text: 'quoted "t-1" \\ here',
        device: 'kept-device',
      },
      'a call that carried secrets',
    );
    const written = lines.slice(before).join('');
    for (const secret of ['Salainen-1', 'tkn-1', 'c-1', 'c-2', 'YWxhZGRpbjpvcGVu', 's-1', 't-1'])
      expect(written).not.toContain(secret);
    const line = JSON.parse(written) as Record<string, unknown>;
    expect(line).toMatchObject({
      userPassword: '[Redacted]',
      body: { token: '[Redacted]', nested: { code: '[Redacted]', kept: 5 } },
      headers: { authorization: '[Redacted]', cookie: '[Redacted]' },
      text: '[Redacted]',
      device: 'kept-device',
      msg: 'a call that carried secrets',
    });
  });

  it("points the demo's start banner at the outbox screen", async () => {
    const lines = await startBannerLines({
      config: ctx.config,
      db: ctx.database.db,
      databaseKind: 'pglite',
      seeded: true,
      simulation: undefined,
      seconds: 1,
    });
    expect(lines).toContain(
      `Mail (reset links, registration codes) is kept in the outbox, not sent: ${PUBLIC_URL}/#/admin/outbox (as paayllapitaja@demo.vahti.fi)`,
    );
  });
});
