import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import { type Fixtures, otherCase } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  as.anonymous.post(url, payload, { headers });

describe('sign-in', () => {
  it('POST /api/login is the same call, and the e-mail is case-insensitive', async () => {
    const res = await post('/api/login', {
      userEmail: otherCase(fx.seeded('A', 'Käyttäjä').email),
      userPassword: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userEmail).toBe(fx.seeded('A', 'Käyttäjä').email);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 text', async () => {
    const wrongPassword = await post('/', {
      userEmail: fx.seeded('A', 'Käyttäjä').email,
      userPassword: 'vaara-salasana',
    });
    const unknown = await post('/', {
      userEmail: `ei-ole@${fx.orgA.emailDomain}`,
      userPassword: 'vaara-salasana',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      error: 'Sähköposti tai salasana on väärin',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  it('validates the body with the Finnish texts of the spec, naming the fields', async () => {
    const empty = await post('/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'Tarkasta annetut tiedot',
      code: 'VALIDATION_FAILED',
      fields: {
        userEmail: 'Sähköposti on pakollinen tieto',
        userPassword: 'Salasana on pakollinen',
      },
    });
    const badEmail = await post('/', { userEmail: 'ei-sahkoposti', userPassword: 'x' });
    expect(badEmail.json().fields).toEqual({ userEmail: 'Sähköposti ei ole kelvolline' });
    const wrongType = await post('/', { userEmail: 42, userPassword: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().fields).sort()).toEqual(['userEmail', 'userPassword']);
  });

  it('answers in English for Accept-Language: en', async () => {
    const res = await post(
      '/',
      { userEmail: fx.seeded('A', 'Käyttäjä').email, userPassword: 'nope' },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    expect(res.json().error).toBe('E-mail or password is wrong');
  });

  it('refuses a Passiivinen user and a user of a Passiivinen organization', async () => {
    await ctx.database.db
      .update(users)
      .set({ userState: 'Passiivinen' })
      .where(eq(users.userEmail, fx.seeded('A', 'Käyttäjä', [1]).email));
    const passive = await post('/', {
      userEmail: fx.seeded('A', 'Käyttäjä', [1]).email,
      userPassword: DEMO_PASSWORD,
    });
    expect(passive.statusCode).toBe(403);
    expect(passive.json().code).toBe('ACCOUNT_INACTIVE');
    // A wrong password on a passive account still says only "wrong e-mail or password".
    const guess = await post('/', {
      userEmail: fx.seeded('A', 'Käyttäjä', [1]).email,
      userPassword: 'arvaus1234',
    });
    expect(guess.json().code).toBe('INVALID_CREDENTIALS');

    await ctx.database.db
      .update(organizations)
      .set({ organizationState: 'Passiivinen' })
      .where(eq(organizations.organizationId, fx.orgB.id));
    const orgPassive = await post('/', {
      userEmail: fx.seeded('B', 'Ylläpitäjä').email,
      userPassword: DEMO_PASSWORD,
    });
    expect(orgPassive.statusCode).toBe(403);
    await ctx.database.db.update(organizations).set({ organizationState: 'Aktiivinen' });
    await ctx.database.db.update(users).set({ userState: 'Aktiivinen' });
  });
});

describe('GET /api/auth', () => {
  it('returns the signed-in user for a valid token, with or without the trailing slash', async () => {
    const token = await as.signIn(fx.seeded('A', 'Pääkäyttäjä').email);
    for (const url of ['/api/auth', '/api/auth/']) {
      const res = await as.withToken(token).get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        userEmail: fx.seeded('A', 'Pääkäyttäjä').email,
        userRoles: 'Pääkäyttäjä',
      });
      expect(res.json().user.UserTargets).toHaveLength(2);
    }
  });

  it('answers 401 without a token, with a malformed or forged token', async () => {
    const none = await as.anonymous.get('/api/auth');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const garbage = await as.withToken('not.a.token').get('/api/auth');
    expect(garbage.statusCode).toBe(401);
    const forged = createSigner({ key: 'x'.repeat(40), iss: 'vahti' })({ sub: 'someone', tv: 0 });
    const forgedRes = await as.withToken(forged).get('/api/auth');
    expect(forgedRes.statusCode).toBe(401);
    expect(forgedRes.json().code).toBe('SESSION_EXPIRED');
  });

  it('answers 401 for an expired token', async () => {
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.userEmail, fx.seeded('A', 'Käyttäjä').email));
    const expired = createSigner({
      key: ctx.config.jwtSecret,
      iss: 'vahti',
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 3_600_000,
    })({ sub: user?.userId, tv: user?.tokenVersion });
    const res = await as.withToken(expired).get('/api/auth');
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 once the token is revoked or the user made Passiivinen', async () => {
    const token = await as.signIn(fx.seeded('A', 'Käyttäjä').email);
    const ok = await as.withToken(token).get('/api/auth');
    expect(ok.statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.userEmail, fx.seeded('A', 'Käyttäjä').email));
    const revoked = await as.withToken(token).get('/api/auth');
    expect(revoked.statusCode).toBe(401);

    const second = await as.signIn(fx.seeded('A', 'Käyttäjä').email);
    await ctx.database.db
      .update(users)
      .set({ userState: 'Passiivinen' })
      .where(eq(users.userEmail, fx.seeded('A', 'Käyttäjä').email));
    const passive = await as.withToken(second).get('/api/auth');
    expect(passive.statusCode).toBe(401);
    await ctx.database.db.update(users).set({ userState: 'Aktiivinen' });
  });
});
