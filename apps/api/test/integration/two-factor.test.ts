import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, rateLimits, users } from '../../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { type Actors, type Method, startApiTest } from '../helpers/actors.js';
import { bearer, newIp, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { softwareAuthenticator } from '../helpers/software-authenticator.js';

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

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** One user's browser: its address, and the tokens it keeps. */
function browser(ip = newIp()) {
  const headers = { 'user-agent': UA };
  const send = (method: Method, url: string, body?: unknown, token?: string) =>
    as.anonymous.send(method, url, body, {
      ip,
      headers: token ? { ...headers, ...bearer(token) } : headers,
    });
  return {
    ip,
    send,
    post: (url: string, body?: unknown, token?: string) => send('POST', url, body, token),
    get: (url: string, token: string) => send('GET', url, undefined, token),
    delete: (url: string, token: string) => send('DELETE', url, undefined, token),
    put: (url: string, body: unknown, token: string) => send('PUT', url, body, token),
    login: (email: string, extra: Record<string, unknown> = {}) =>
      send('POST', '/api/login', { userEmail: email, userPassword: DEMO_PASSWORD, ...extra }),
  };
}

/** A code of the TOTP step `steps` away from now (±1 is inside the accepted window). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A new user with TOTP enrolled; answers its secret, recovery codes and a session token. */
async function withTotp(
  role: Parameters<Fixtures['create']['account']>[1] = 'Käyttäjä',
  org = fx.orgA.id,
) {
  const user = await fx.create.account(org, role);
  const token = await as.signIn(user.email);
  const b = browser();
  const begin = await b.post('/api/own-totp', undefined, token);
  expect(begin.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = begin.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Vahti:/);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirm = await b.post(
    '/api/own-totp/confirm',
    { totpCode: await codeAt(secret, -1) },
    token,
  );
  expect(confirm.statusCode).toBe(200);
  return { user, secret, token, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('TOTP', () => {
  it('is enrolled with a code from otplib; a wrong code is refused in Finnish, naming the field', async () => {
    const user = await fx.create.account(fx.orgA.id);
    const token = await as.signIn(user.email);
    const b = browser();
    const { secret } = (await b.post('/api/own-totp', undefined, token)).json();
    const wrong = await b.post(
      '/api/own-totp/confirm',
      { totpCode: '000000' === (await codeAt(secret)) ? '111111' : '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'signIn.TOTP_CODE_WRONG',
      fields: { totpCode: 'Todennuskoodi on väärin tai jo käytetty' },
    });
    const malformed = await b.post('/api/own-totp/confirm', { totpCode: '12a' }, token);
    expect(malformed.json().fields).toEqual({ totpCode: 'Todennuskoodissa on 6 numeroa' });
    const ok = await b.post('/api/own-totp/confirm', { totpCode: await codeAt(secret) }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recoveryCodes).toHaveLength(10);
    expect(new Set(ok.json().recoveryCodes).size).toBe(10);
    const own = (await b.get('/api/own-sign-in', token)).json();
    expect(own).toMatchObject({ totp: true, recoveryCodesLeft: 10, secondFactorRequired: false });
    // The secret is never shown again: a new enrolment is refused while one is in use.
    expect((await b.post('/api/own-totp', undefined, token)).statusCode).toBe(409);
  });

  it('makes the password a first step only; the ticket is no session; a code works once', async () => {
    const { user, secret } = await withTotp();
    const b = browser();
    const first = await b.login(user.email);
    expect(first.statusCode).toBe(200);
    const { secondStep, token } = first.json();
    expect(token).toBeUndefined();
    expect(first.json().message).toBe('Vahvista kirjautuminen toisella tunnistautumistavalla');
    expect(secondStep).toMatchObject({ methods: ['totp', 'recoveryCode'], enrol: false });
    // The ticket opens nothing else.
    expect((await b.get('/api/auth', secondStep.ticket)).statusCode).toBe(401);
    expect((await b.get('/api/own-sign-in', secondStep.ticket)).statusCode).toBe(401);

    // The code of the next step: the enrolment took this step's.
    const code = await codeAt(secret, 1);
    const second = await b.post('/api/login/second-step', {
      ticket: secondStep.ticket,
      totpCode: code,
    });
    expect(second.statusCode).toBe(200);
    expect((await b.get('/api/auth', second.json().token)).json().user.userEmail).toBe(user.email);

    const again = await b.post('/api/login/second-step', {
      ticket: secondStep.ticket,
      totpCode: code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('Todennuskoodi on väärin tai jo käytetty');
    const forged = await b.post('/api/login/second-step', {
      ticket: `${secondStep.ticket}x`,
      totpCode: code,
    });
    expect(forged.json()).toMatchObject({
      code: 'signIn.SECOND_STEP_INVALID',
      error: 'Kirjautumisen vahvistus on vanhentunut. Kirjaudu uudelleen.',
    });
    // Nor is a session token a ticket.
    const asTicket = await b.post('/api/login/second-step', {
      ticket: second.json().token,
      totpCode: code,
    });
    expect(asTicket.statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await withTotp();
    const [code] = recoveryCodes;
    const b = browser();
    const use = async (recoveryCode: string) => {
      const { secondStep } = (await b.login(user.email)).json();
      return b.post('/api/login/second-step', { ticket: secondStep.ticket, recoveryCode });
    };
    expect((await use(code?.toUpperCase() ?? '')).statusCode).toBe(200);
    const reused = await use(code ?? '');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toEqual({ recoveryCode: 'Varakoodi on väärin tai jo käytetty' });
    const token = await (async () => {
      const { secondStep } = (await b.login(user.email)).json();
      return (
        await b.post('/api/login/second-step', {
          ticket: secondStep.ticket,
          recoveryCode: recoveryCodes[1],
        })
      ).json().token;
    })();
    expect((await b.get('/api/own-sign-in', token)).json().recoveryCodesLeft).toBe(8);
  });

  it('limits wrong second steps per account: the 11th is 429 even with the right code', async () => {
    const { user, secret } = await withTotp();
    const ticketFrom = async (b: ReturnType<typeof browser>) =>
      (await b.login(user.email)).json().secondStep.ticket as string;
    const right = await codeAt(secret, 1);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 10; i += 1) {
      // A new address each time: the account's own count stops the guesser.
      const b = browser();
      const res = await b.post('/api/login/second-step', {
        ticket: await ticketFrom(b),
        totpCode: wrong,
      });
      expect(res.statusCode).toBe(400);
    }
    const b = browser();
    const refused = await b.post('/api/login/second-step', {
      ticket: await ticketFrom(b),
      totpCode: right,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const failures = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.id));
    expect(failures.filter((row) => row.action === 'user.secondStepFailed')).toHaveLength(10);
  });
});

describe('the lockout trade-off with a second factor', () => {
  it("lets the owner of an account with a second factor past the account's ceiling", async () => {
    const { user, secret } = await withTotp();
    const plain = await fx.create.account(fx.orgA.id);
    // A guesser spread over many addresses has reached the ceiling of both accounts.
    for (const email of [user.email, plain.email]) {
      await ctx.database.db.insert(rateLimits).values({
        key: `signInAccount:${email.toLowerCase()}`,
        windowStart: new Date(),
        windowEnd: new Date(Date.now() + 3_600_000),
        count: 100,
      });
    }
    expect((await browser().login(plain.email)).statusCode).toBe(429);
    // The password alone signs nobody in here, so the ceiling does not apply: the second step
    // (with its own limits) still stands between a guesser and the account.
    const b = browser();
    const first = await b.login(user.email);
    expect(first.statusCode).toBe(200);
    const done = await b.post('/api/login/second-step', {
      ticket: first.json().secondStep.ticket,
      totpCode: await codeAt(secret, 1),
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('trusted browsers and sessions', () => {
  it('skips the second step in a trusted browser until it is revoked', async () => {
    const { user, secret } = await withTotp();
    const b = browser();
    const { secondStep } = (await b.login(user.email)).json();
    const signedIn = await b.post('/api/login/second-step', {
      ticket: secondStep.ticket,
      totpCode: await codeAt(secret, 1),
      trustBrowser: true,
    });
    const { trustedBrowserToken, token } = signedIn.json();
    expect(trustedBrowserToken).toEqual(expect.any(String));
    const trusted = await b.login(user.email, { trustedBrowserToken });
    expect(trusted.json().token).toEqual(expect.any(String));
    // Another user's trusted token is nothing to this one.
    const other = await withTotp();
    expect(
      (await b.login(other.user.email, { trustedBrowserToken })).json().secondStep,
    ).toBeDefined();

    const own = (await b.get('/api/own-sign-in', token)).json();
    expect(own.trustedBrowsers).toEqual([
      expect.objectContaining({ browser: 'Chrome 131 · Linux', ip: b.ip }),
    ]);
    const id = own.trustedBrowsers[0].trustedBrowserId;
    expect((await b.delete(`/api/own-trusted-browsers/${id}`, other.token)).statusCode).toBe(404);
    expect((await b.delete(`/api/own-trusted-browsers/${id}`, token)).statusCode).toBe(200);
    expect((await b.login(user.email, { trustedBrowserToken })).json().secondStep).toBeDefined();
  });

  it('lists the sign-ins; one ends alone, the others together, a password change ends them too', async () => {
    const user = await fx.create.account(fx.orgA.id);
    const [one, two, three] = [browser(), browser(), browser()];
    const tokens = [];
    for (const b of [one, two, three])
      tokens.push((await b.login(user.email)).json().token as string);
    const [t1, t2, t3] = tokens as [string, string, string];
    const list = (await one.get('/api/own-sign-in', t1)).json().sessions;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({ browser: 'Chrome 131 · Linux', method: 'password' });
    const second = list.find((s: { ip: string }) => s.ip === two.ip);
    // Another user's session is not found; this one's ends alone.
    expect(
      (await one.delete(`/api/own-sessions/${second.sessionId}`, await as.token('Käyttäjä')))
        .statusCode,
    ).toBe(404);
    expect((await one.delete(`/api/own-sessions/${second.sessionId}`, t1)).statusCode).toBe(200);
    expect((await two.get('/api/auth', t2)).statusCode).toBe(401);
    expect((await three.get('/api/auth', t3)).statusCode).toBe(200);

    expect((await one.post('/api/own-sessions/end-others', undefined, t1)).statusCode).toBe(200);
    expect((await three.get('/api/auth', t3)).statusCode).toBe(401);
    expect((await one.get('/api/auth', t1)).statusCode).toBe(200);

    const t4 = (await two.login(user.email)).json().token;
    const changed = await one.send(
      'PATCH',
      '/api/change-password',
      {
        userCurrentPassword: DEMO_PASSWORD,
        userPassword: 'uusi-salasana-1',
        confirmPassword: 'uusi-salasana-1',
      },
      t1,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await two.get('/api/auth', t4)).statusCode).toBe(401);
    const fresh = changed.json().token;
    expect((await one.get('/api/own-sign-in', fresh)).json().sessions).toHaveLength(1);
  });
});

describe('an administrator resets a lost second factor', () => {
  it('removes the factors, ends the sign-ins and mails the user in their language', async () => {
    const { user, token } = await withTotp();
    await ctx.database.db.update(users).set({ language: 'sv' }).where(eq(users.userId, user.id));
    const url = `/api/users/${user.id}/second-factor-reset`;
    expect((await as('Ylläpitäjä', 'B').post(url)).json()).toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect((await as('Käyttäjä', 'A').post(url)).statusCode).toBe(403);
    const reset = await as('Ylläpitäjä', 'A').post(url);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Käyttäjän toinen tunnistautumistapa nollattu');
    expect((await as.withToken(token).get('/api/auth')).statusCode).toBe(401);
    const again = await browser().login(user.email);
    expect(again.json().token).toEqual(expect.any(String));

    await ctx.services.mailer.deliverDue();
    const mail = await smtp.next();
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Vahti: din andra faktor har nollställts');
    const [entry] = (
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))
    ).filter((row) => row.action === 'user.secondFactorReset');
    expect(entry?.actorEmail).toBe((await as.user('Ylläpitäjä', 'A')).email);
  });
});

describe('an organization that requires a second factor', () => {
  it('leads an Ylläpitäjä without one to enrol at sign-in, and keeps the last one', async () => {
    const url = `/api/organizations/${fx.orgB.id}/sign-in`;
    const settings = { organizationTwoFactorRole: 'Ylläpitäjä', organizationPasskeySignIn: false };
    expect((await as('Ylläpitäjä', 'A').put(url, settings)).statusCode).toBe(404);
    expect((await as('Pääkäyttäjä', 'B').put(url, settings)).statusCode).toBe(403);
    const saved = await as('Ylläpitäjä', 'B').put(url, settings);
    expect(saved.json()).toMatchObject({
      ...settings,
      message: 'Kirjautumisasetukset tallennettu',
    });

    try {
      const admin = await fx.create.account(fx.orgB.id, 'Ylläpitäjä');
      const b = browser();
      const first = (await b.login(admin.email)).json();
      expect(first.secondStep).toMatchObject({ enrol: true, methods: [] });
      expect(first.message).toBe(
        'Organisaatiosi edellyttää toista tunnistautumistapaa. Ota se käyttöön kirjautuaksesi.',
      );
      // An enrolment ticket is no second-step ticket.
      const wrongKind = await b.post('/api/login/second-step', {
        ticket: first.secondStep.ticket,
        totpCode: '123456',
      });
      expect(wrongKind.statusCode).toBe(401);
      const { secret } = (
        await b.post('/api/login/enrol-totp', { ticket: first.secondStep.ticket })
      ).json();
      const done = await b.post('/api/login/enrol-totp/confirm', {
        ticket: first.secondStep.ticket,
        totpCode: await codeAt(secret),
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().recoveryCodes).toHaveLength(10);
      const token = done.json().token;
      expect((await b.get('/api/own-sign-in', token)).json()).toMatchObject({
        totp: true,
        secondFactorRequired: true,
      });
      const remove = await b.delete('/api/own-totp', token);
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error).toBe(
        'Organisaatiosi edellyttää roolillesi toista tunnistautumistapaa, joten viimeistä ei voi poistaa',
      );
      // A Käyttäjä of the same organization is not asked.
      const plain = await fx.create.account(fx.orgB.id, 'Käyttäjä');
      expect((await b.login(plain.email)).json().token).toEqual(expect.any(String));
    } finally {
      await ctx.database.db
        .update(organizations)
        .set({ organizationTwoFactorRole: null })
        .where(eq(organizations.organizationId, fx.orgB.id));
    }
  });
});

describe('passkeys', () => {
  const origin = () => ctx.config.publicUrl;

  async function withPasskey() {
    const user = await fx.create.account(fx.orgA.id);
    const token = await as.signIn(user.email);
    const b = browser();
    const key = softwareAuthenticator({ origin: origin() });
    const { options } = (await b.post('/api/own-passkeys/options', undefined, token)).json();
    expect(options.rp).toEqual({ name: 'Vahti', id: new URL(origin()).hostname });
    const added = await b.post(
      '/api/own-passkeys',
      { name: 'Kannettava', credential: key.register(options) },
      token,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().recoveryCodes).toHaveLength(10);
    return { user, token, key, b };
  }

  it('adds a passkey, signs in with it as the second step; a replayed assertion is refused', async () => {
    const { user, key, b, token } = await withPasskey();
    expect((await b.get('/api/own-sign-in', token)).json().passkeys).toEqual([
      expect.objectContaining({ name: 'Kannettava', lastUsedAt: null }),
    ]);
    const { secondStep } = (await b.login(user.email)).json();
    expect(secondStep.methods).toEqual(['passkey', 'recoveryCode']);
    const { options } = (
      await b.post('/api/login/passkey-options', { ticket: secondStep.ticket })
    ).json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })]);
    const assertion = key.authenticate(options);
    const signedIn = await b.post('/api/login/passkey', {
      ticket: secondStep.ticket,
      credential: assertion,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await b.get('/api/auth', signedIn.json().token)).statusCode).toBe(200);

    const replay = await b.post('/api/login/passkey', {
      ticket: secondStep.ticket,
      credential: assertion,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('Pääsyavainta ei voitu vahvistaa. Yritä uudelleen.');
    // An assertion made for another origin is refused.
    const fresh = (
      await b.post('/api/login/passkey-options', { ticket: secondStep.ticket })
    ).json();
    const elsewhere = key.authenticate(fresh.options, 'https://vahti.example.net');
    expect(
      (await b.post('/api/login/passkey', { ticket: secondStep.ticket, credential: elsewhere }))
        .statusCode,
    ).toBe(400);
  });

  it('signs in without a password only where the organization allows it', async () => {
    const { key, b, user } = await withPasskey();
    const passwordless = async () => {
      const { options } = (await b.post('/api/login/passkey-options', {})).json();
      expect(options.allowCredentials ?? []).toEqual([]);
      return b.post('/api/login/passkey', { credential: key.authenticate(options) });
    };
    const refused = await passwordless();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('signIn.PASSKEY_SIGN_IN_DISABLED');
    await as('Ylläpitäjä', 'A').put(`/api/organizations/${fx.orgA.id}/sign-in`, {
      organizationTwoFactorRole: null,
      organizationPasskeySignIn: true,
    });
    try {
      const ok = await passwordless();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().user.userEmail).toBe(user.email);
    } finally {
      await ctx.database.db
        .update(organizations)
        .set({ organizationPasskeySignIn: false })
        .where(eq(organizations.organizationId, fx.orgA.id));
    }
  });

  it("removes a passkey; another user's passkey is not found", async () => {
    const { b, token } = await withPasskey();
    const [passkey] = (await b.get('/api/own-sign-in', token)).json().passkeys;
    const other = await as.token('Käyttäjä');
    expect((await b.delete(`/api/own-passkeys/${passkey.passkeyId}`, other)).statusCode).toBe(404);
    expect((await b.delete(`/api/own-passkeys/${passkey.passkeyId}`, token)).statusCode).toBe(200);
    expect((await b.get('/api/own-sign-in', token)).json()).toMatchObject({
      passkeys: [],
      recoveryCodesLeft: 0,
    });
  });
});
