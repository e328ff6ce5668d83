import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../src/db/schema/index.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../src/db/seed.js';
import { bearer, createTestApp, login, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-in', () => {
  it.each(DEMO_LOGINS)(
    'signs in $email on POST / and returns message, token and user',
    async (demo) => {
      const res = await post('/', { userEmail: demo.email, userPassword: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Kirjautuminen onnistui');
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toMatchObject({
        userEmail: demo.email,
        userRoles: demo.role,
        userState: 'Aktiivinen',
        userPermissions: demo.permissions.join(','),
        Organization: { organizationName: demo.organization },
      });
      expect(body.user.uuid).toBe(body.user.userId);
      expect(JSON.stringify(body)).not.toMatch(/password_?hash|argon2/i);
    },
  );

  it('POST /api/login is the same call, and the e-mail is case-insensitive', async () => {
    const res = await post('/api/login', {
      userEmail: 'KAYTTAJA@Demo.Vahti.fi',
      userPassword: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userEmail).toBe('kayttaja@demo.vahti.fi');
  });

  it('answers a wrong password and an unknown e-mail with the same 401 text', async () => {
    const wrongPassword = await post('/', {
      userEmail: 'kayttaja@demo.vahti.fi',
      userPassword: 'vaara-salasana',
    });
    const unknown = await post('/', {
      userEmail: 'ei-ole@demo.vahti.fi',
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
      { userEmail: 'kayttaja@demo.vahti.fi', userPassword: 'nope' },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    expect(res.json().error).toBe('E-mail or password is wrong');
  });

  it('refuses a Passiivinen user and a user of a Passiivinen organization', async () => {
    await ctx.database.db
      .update(users)
      .set({ userState: 'Passiivinen' })
      .where(eq(users.userEmail, 'tieto@demo.vahti.fi'));
    const passive = await post('/', {
      userEmail: 'tieto@demo.vahti.fi',
      userPassword: DEMO_PASSWORD,
    });
    expect(passive.statusCode).toBe(403);
    expect(passive.json().code).toBe('ACCOUNT_INACTIVE');
    // A wrong password on a passive account still says only "wrong e-mail or password".
    const guess = await post('/', { userEmail: 'tieto@demo.vahti.fi', userPassword: 'arvaus1234' });
    expect(guess.json().code).toBe('INVALID_CREDENTIALS');

    await ctx.database.db
      .update(organizations)
      .set({ organizationState: 'Passiivinen' })
      .where(eq(organizations.organizationName, 'Toinen Taloyhtiö Oy'));
    const orgPassive = await post('/', {
      userEmail: 'yllapitaja@toinen.vahti.fi',
      userPassword: DEMO_PASSWORD,
    });
    expect(orgPassive.statusCode).toBe(403);
    await ctx.database.db.update(organizations).set({ organizationState: 'Aktiivinen' });
    await ctx.database.db.update(users).set({ userState: 'Aktiivinen' });
  });
});

describe('GET /api/auth', () => {
  it('returns the signed-in user for a valid token, with or without the trailing slash', async () => {
    const token = await login(ctx.app, 'paakayttaja@demo.vahti.fi');
    for (const url of ['/api/auth', '/api/auth/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        userEmail: 'paakayttaja@demo.vahti.fi',
        userRoles: 'Pääkäyttäjä',
      });
      expect(res.json().user.UserTargets).toHaveLength(2);
    }
  });

  it('answers 401 without a token, with a malformed or forged token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const garbage = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer('not.a.token'),
    });
    expect(garbage.statusCode).toBe(401);
    const forged = createSigner({ key: 'x'.repeat(40), iss: 'vahti' })({ sub: 'someone', tv: 0 });
    const forgedRes = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(forged),
    });
    expect(forgedRes.statusCode).toBe(401);
    expect(forgedRes.json().code).toBe('SESSION_EXPIRED');
  });

  it('answers 401 for an expired token', async () => {
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.userEmail, 'kayttaja@demo.vahti.fi'));
    const expired = createSigner({
      key: ctx.config.jwtSecret,
      iss: 'vahti',
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 3_600_000,
    })({ sub: user?.userId, tv: user?.tokenVersion });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 once the token is revoked or the user made Passiivinen', async () => {
    const token = await login(ctx.app, 'kayttaja@demo.vahti.fi');
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.userEmail, 'kayttaja@demo.vahti.fi'));
    const revoked = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(401);

    const second = await login(ctx.app, 'kayttaja@demo.vahti.fi');
    await ctx.database.db
      .update(users)
      .set({ userState: 'Passiivinen' })
      .where(eq(users.userEmail, 'kayttaja@demo.vahti.fi'));
    const passive = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth',
      headers: bearer(second),
    });
    expect(passive.statusCode).toBe(401);
    await ctx.database.db.update(users).set({ userState: 'Aktiivinen' });
  });
});
