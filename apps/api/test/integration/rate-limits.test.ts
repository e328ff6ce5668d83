import { formatClockTime } from '@vahti/domain';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { rateLimits } from '../../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { type Actors, type SendOptions, startApiTest, testActors } from '../helpers/actors.js';
import { DRIVER, newIp, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

/** Anonymous requests: from a fresh address unless one is pinned with `{ ip }`. */
const post = (
  url: string,
  payload: Record<string, unknown>,
  options: SendOptions = {},
  client = as.anonymous,
) => client.post(url, payload, options);

const signIn = (email: string, password: string, options: SendOptions = {}) =>
  post('/api/login', { userEmail: email, userPassword: password }, options);

/** The time the 429 text should name: the end of the key's window, rounded up to the minute. */
async function expectedTime(key: string, language: 'fi' | 'en' = 'fi') {
  const [row] = await ctx.database.db
    .select({ windowEnd: rateLimits.windowEnd })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row) throw new Error(`no rate limit row ${key}`);
  const rounded = new Date(Math.ceil(row.windowEnd.getTime() / 60_000) * 60_000);
  return formatClockTime(language, rounded);
}

function expectRetryAfter(res: { headers: Record<string, unknown> }, maxSeconds: number) {
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
}

describe(`sign-in limits, kept in the database (${DRIVER})`, () => {
  it('refuses even the right password after 10 failures for one account from one address', async () => {
    const email = fx.seeded('A', 'Käyttäjä').email;
    const attacker = { ip: newIp() };
    const key = `signInAccountIp:${email}|${attacker.ip}`;
    for (let i = 0; i < 10; i++) {
      const res = await signIn(email.toUpperCase(), 'vaara-salasana', attacker);
      expect(res.statusCode).toBe(401);
    }
    for (const url of ['/', '/api/login']) {
      const res = await post(url, { userEmail: email, userPassword: DEMO_PASSWORD }, attacker);
      expect(res.statusCode).toBe(429);
      expectRetryAfter(res, 15 * 60);
      const time = await expectedTime(key);
      expect(res.json()).toEqual({
        error: `Liian monta epäonnistunutta yritystä. Yritä uudelleen klo ${time}.`,
        code: 'TOO_MANY_REQUESTS',
      });
      expect(time).toMatch(/^\d{2}\.\d{2}$/);
    }
    const english = await signIn(email, DEMO_PASSWORD, {
      ...attacker,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().error).toBe(
      `Too many failed attempts. Try again at ${await expectedTime(key, 'en')} (Finnish time).`,
    );
    // The owner, from another address, and other accounts are not affected.
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    const other = fx.seeded('A', 'Käyttäjä', [1]).email;
    expect((await signIn(other, DEMO_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('counts unknown addresses like known ones, so the limit reveals nothing', async () => {
    const pinned = { ip: newIp() };
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`ei-ketaan@${fx.orgA.emailDomain}`, 'x', pinned)).statusCode).toBe(401);
    }
    expect((await signIn(`ei-ketaan@${fx.orgA.emailDomain}`, 'x', pinned)).statusCode).toBe(429);
  });

  it('refuses an address after 50 failures from it, whichever accounts they were for', async () => {
    const pinned = { ip: newIp() };
    for (let i = 0; i < 50; i++) {
      const res = await signIn(`arvaus-${i % 10}-${i}@${fx.orgA.emailDomain}`, 'vaara', pinned);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(fx.seeded('A', 'Pääkäyttäjä').email, DEMO_PASSWORD, pinned);
    expect(blocked.statusCode).toBe(429);
    expectRetryAfter(blocked, 15 * 60);
    const { ip } = pinned;
    expect(blocked.json().error).toBe(
      `Liian monta epäonnistunutta yritystä. Yritä uudelleen klo ${await expectedTime(`signInIp:${ip}`)}.`,
    );
    expect((await signIn(fx.seeded('A', 'Pääkäyttäjä').email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('holds across API instances, since the counts are in the shared database', async () => {
    const { app: second } = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: false,
    });
    const secondApp = testActors({ ...ctx, app: second }).anonymous;
    try {
      const email = fx.seeded('A', 'Ylläpitäjä').email;
      const pinned = { ip: newIp() };
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? as.anonymous : secondApp;
        const res = await post(
          '/api/login',
          { userEmail: email, userPassword: 'vaara' },
          pinned,
          app,
        );
        expect(res.statusCode).toBe(401);
      }
      const res = await post(
        '/api/login',
        { userEmail: email, userPassword: DEMO_PASSWORD },
        pinned,
        secondApp,
      );
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  // Issue 26, finding 8: 108 wrong passwords from 12 addresses locked the owner out for the hour
  // with everyone else. A browser the owner signed in on before keeps its own count.
  it('lets the owner in on a known browser while a spread-out guesser has the account locked', async () => {
    const { email } = await fx.create.account(fx.orgB.id);
    const home = { ip: newIp() };
    const first = await signIn(email, DEMO_PASSWORD, home);
    expect(first.statusCode).toBe(200);
    const { deviceToken } = first.json() as { deviceToken: string };
    expect(deviceToken).toEqual(expect.any(String));
    const withDevice = (password: string, token: string, options: SendOptions = {}) =>
      post('/api/login', { userEmail: email, userPassword: password, deviceToken: token }, options);

    // 108 failures from 12 addresses, 9 each: no address meets its own limit of 10.
    for (let address = 0; address < 12; address++) {
      const attacker = { ip: newIp() };
      for (let i = 0; i < 9; i++) await signIn(email, `arvaus-${address}-${i}`, attacker);
    }
    // The account's ceiling: refused everywhere, the right password too...
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);
    // ...and a token that is not this account's known browser changes nothing.
    const other = await signIn((await fx.create.account(fx.orgB.id)).email, DEMO_PASSWORD);
    expect((await withDevice(DEMO_PASSWORD, other.json().deviceToken)).statusCode).toBe(429);
    expect((await withDevice(DEMO_PASSWORD, `${deviceToken}x`)).statusCode).toBe(429);
    // The owner's browser, even from another address, is let in.
    const owner = await withDevice(DEMO_PASSWORD, deviceToken, { ip: newIp() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().deviceToken).toBe(deviceToken);

    // A stolen device token buys 10 guesses in 15 minutes, not more.
    const thief = { ip: newIp() };
    for (let i = 0; i < 10; i++) {
      expect((await withDevice(`arvaus-${i}`, deviceToken, thief)).statusCode).toBe(401);
    }
    expect((await withDevice(DEMO_PASSWORD, deviceToken, thief)).statusCode).toBe(429);
  });

  it('opens again when the window has ended', async () => {
    const email = fx.seeded('A', 'Ylläpitäjä').email;
    await ctx.database.db
      .update(rateLimits)
      .set({ windowEnd: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `signInAccount:${email}`));
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    // The next failure starts a fresh count of one.
    await signIn(email, 'vaara');
    const [row] = await ctx.database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `signInAccount:${email}`));
    expect(row?.count).toBe(1);
  });
});

describe(`other limits (${DRIVER})`, () => {
  const attemptsText = /^Liian monta yritystä\. Yritä uudelleen klo \d{2}\.\d{2}\.$/;

  it('allows 10 registrations per address per hour', async () => {
    const pinned = { ip: newIp() };
    const body = {
      userEmail: `uusi@${fx.orgA.emailDomain}`,
      userCode: 'c'.repeat(43),
      userPassword: 'Salasana-123',
      userFirstName: 'Uusi',
      userLastName: 'Asukas',
    };
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/register-user', body, pinned)).statusCode).toBe(400);
    }
    const res = await post('/api/register-user', body, pinned);
    expect(res.statusCode).toBe(429);
    expectRetryAfter(res, 3600);
    expect(res.json().error).toMatch(attemptsText);
    expect((await post('/api/register-user', body)).statusCode).toBe(400);
  });

  it('allows 5 reset mails per account and 20 per address per hour', async () => {
    const forgot = (email: string, options: SendOptions = {}) =>
      post('/api/forgot-user-password', { userEmail: email }, options);
    for (let i = 0; i < 5; i++) {
      expect((await forgot(fx.seeded('A', 'Käyttäjä', [1]).email)).statusCode).toBe(200);
    }
    const perAccount = await forgot(fx.seeded('A', 'Käyttäjä', [1]).email.toUpperCase());
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.json().error).toMatch(attemptsText);

    const pinned = { ip: newIp() };
    for (let i = 0; i < 20; i++) {
      expect((await forgot(`henkilo-${i}@${fx.orgA.emailDomain}`, pinned)).statusCode).toBe(200);
    }
    const perIp = await forgot(`henkilo-x@${fx.orgA.emailDomain}`, pinned);
    expect(perIp.statusCode).toBe(429);
    expectRetryAfter(perIp, 3600);
  });

  it('allows 20 reset attempts per address per hour', async () => {
    const pinned = { ip: newIp() };
    const body = {
      code: 'r'.repeat(43),
      userPassword: 'Salasana-123',
      confirmPassword: 'Salasana-123',
    };
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/change-user-forgot-password', body, pinned);
      expect(res.json().code).toBe('RESET_LINK_INVALID');
    }
    const res = await post('/api/change-user-forgot-password', body, pinned);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('keys every rule by its name and a lower-cased value', async () => {
    const keys = await ctx.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, 'forgotPasswordAccount:%'));
    expect(keys.map((row) => row.key)).toContain(
      `forgotPasswordAccount:${fx.seeded('A', 'Käyttäjä', [1]).email}`,
    );
  });
});
