// The 500s the first fuzz run found (issue 9), each pinned by the smallest request that gave it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/lib/session-tokens.js';
import {
  bearer,
  createTestApp,
  DRIVER,
  fromNewIp,
  login,
  type TestContext,
} from '../helpers/app.js';
import { loadFixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let top: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const fx = await loadFixtures(ctx.database.db);
  top = await login(ctx.app, fx.seeded('A', 'Pääylläpitäjä').email);
  admin = await login(ctx.app, fx.seeded('A', 'Ylläpitäjä').email);
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...fromNewIp(), ...(token && bearer(token)) },
  });

const CONTROL_TEXT = 'Teksti sisältää ohjausmerkkejä, joita ei voi tallentaa';

describe(`a NUL byte in a text field is bad input, not a 500 (${DRIVER})`, () => {
  it.each([
    ['/api/login', { userEmail: 'a\u0000@demo.vahti.fi', userPassword: 'Vahti-demo-2026' }],
    ['/api/forgot-user-password', { userEmail: 'a\u0000@demo.vahti.fi' }],
    [
      '/api/register-user',
      {
        userEmail: 'uusi@demo.vahti.fi',
        userCode: 'x'.repeat(40),
        userPassword: 'Salasana-1',
        userFirstName: 'Uu\u0000si',
        userLastName: 'Käyttäjä',
      },
    ],
  ])('anonymous %s answers 400 naming the field', async (url, payload) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const field = Object.entries(payload).find(([, v]) => v.includes('\u0000'))?.[0] as string;
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: CONTROL_TEXT },
    });
  });

  it('a signed-in multi-line text keeps its line breaks but not a NUL', async () => {
    const patch = (userJobTitle: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/users-own',
        headers: bearer(admin),
        payload: { userFirstName: 'Ylli', userLastName: 'Ylläpitäjä', userJobTitle },
      });
    const res = await patch('Isännöitsijä\u0000');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ userJobTitle: CONTROL_TEXT });
  });
});

describe(`whole numbers beyond PostgreSQL integer are bad input (${DRIVER})`, () => {
  it('organizationApplications: [2147483648] answers 400, not 500', async () => {
    const res = await post(
      '/api/organization',
      {
        organizationBusinessId: '2345678-9',
        organizationContractNumber: 'SOP-2026-100',
        organizationName: 'Rajatesti Oy',
        organizationAddress: 'Aleksanterinkatu 1',
        organizationZipCode: '00100',
        organizationPostalDistrict: 'Helsinki',
        organizationArea: 'Uusimaa',
        organizationState: 'Aktiivinen',
        organizationApplications: [2147483648],
      },
      top,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().fields)).toEqual(['organizationApplications.0']);
  });

  it('a page past the last one answers 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit-log?page=1e20',
      headers: bearer(top),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe(`a well-signed token with claims sign() never makes is refused (${DRIVER})`, () => {
  it.each([
    ['a user id that is no uuid', { sub: 'not-a-uuid', tv: 0, sid: crypto.randomUUID() }],
    [
      'a token version that is no whole number',
      { sub: crypto.randomUUID(), tv: 1.5, sid: crypto.randomUUID() },
    ],
    ['a session id that is no uuid', { sub: crypto.randomUUID(), tv: 0, sid: 'x' }],
  ])('%s answers 401', async (_what, claims) => {
    const token = createTokenService(ctx.config).sign(claims);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });
});
