import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../helpers/app.js';

/**
 * The tenant-isolation matrix. Every registered route must have an entry here, so no route can be
 * added without saying who may call it; each entry is then checked against anonymous callers,
 * every role of organization A and an Ylläpitäjä of organization B.
 *
 * access:
 *   public     anyone (sign-in, registration, reset, health, docs, the web app)
 *   signedIn   any signed-in user, acting on their own account only
 *   topAdmin   Pääylläpitäjä only
 * Routes that take an id (later issues) add `ids` cases: own, foreign (404) and missing (404).
 */
type Access = 'public' | 'signedIn' | 'topAdmin';
interface Entry {
  access: Access;
  /** A valid request body, so that a 403 or 200 is about access, not validation. */
  body?: Record<string, unknown>;
}

const MATRIX: Record<string, Entry> = {
  'GET /api/health': { access: 'public' },
  'POST /': { access: 'public' },
  'POST /api/login': { access: 'public' },
  'POST /api/register-user': { access: 'public' },
  'POST /api/forgot-user-password': { access: 'public' },
  'POST /api/change-user-forgot-password': { access: 'public' },
  'GET /api/auth': { access: 'signedIn' },
  'PATCH /api/change-password': { access: 'signedIn' },
  'PATCH /api/users-own': {
    access: 'signedIn',
    body: { userFirstName: 'Testi', userLastName: 'Henkilö' },
  },
  'GET /api/admin/outbox': { access: 'topAdmin' },
  // OpenAPI and its UI, and the static web app: public by design, no data.
  'GET /api/openapi.json': { access: 'public' },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/json': { access: 'public' },
  'GET /api/docs/yaml': { access: 'public' },
  'GET /api/docs/static/*': { access: 'public' },
  'GET /api/docs/static/index.html': { access: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public' },
  'GET /*': { access: 'public' },
};

const ORG_A_USERS = {
  Käyttäjä: 'kayttaja@demo.vahti.fi',
  Pääkäyttäjä: 'paakayttaja@demo.vahti.fi',
  Ylläpitäjä: 'yllapitaja@demo.vahti.fi',
  Pääylläpitäjä: 'paayllapitaja@demo.vahti.fi',
} as const;
const ORG_B_ADMIN = 'yllapitaja@toinen.vahti.fi';

let ctx: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  // A built web app, so that the static route is registered as in production.
  ctx = await createTestApp({
    env: { WEB_DIR: new URL('../fixtures/web', import.meta.url).pathname },
  });
  for (const email of [...Object.values(ORG_A_USERS), ORG_B_ADMIN]) {
    tokens[email] = await login(ctx.app, email);
  }
});
afterAll(() => ctx.close());

const entries = () =>
  Object.entries(MATRIX).map(([key, entry]) => {
    const [method = '', url = ''] = key.split(' ');
    return { key, method, url, ...entry };
  });

const call = (method: string, url: string, token?: string, body?: Record<string, unknown>) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(body && { payload: body }),
  });

describe('tenant-isolation matrix', () => {
  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const registered = [...new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`))].sort();
    const missing = registered.filter((route) => !(route in MATRIX));
    expect(missing, 'routes without an isolation-matrix entry').toEqual([]);
    const stale = Object.keys(MATRIX).filter((route) => !registered.includes(route));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it.each(entries().filter((e) => e.access !== 'public'))(
    '$key answers 401 to anonymous callers and to a forged token',
    async ({ method, url, body }) => {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await call(method, url, 'x.y.z', body)).statusCode).toBe(401);
    },
  );

  it.each(entries().filter((e) => e.access === 'topAdmin'))(
    '$key answers 403 to every role but Pääylläpitäjä, in either organization',
    async ({ method, url, body }) => {
      for (const email of [
        ORG_A_USERS.Käyttäjä,
        ORG_A_USERS.Pääkäyttäjä,
        ORG_A_USERS.Ylläpitäjä,
        ORG_B_ADMIN,
      ]) {
        const res = await call(method, url, tokens[email], body);
        expect(res.statusCode, email).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await call(method, url, tokens[ORG_A_USERS.Pääylläpitäjä], body)).statusCode).toBe(
        200,
      );
    },
  );

  it.each(
    entries().filter(
      (e) => (e.access === 'signedIn' && e.method === 'GET') || e.key === 'PATCH /api/users-own',
    ),
  )(
    "$key shows organization B's admin nothing of organization A",
    async ({ method, url, body }) => {
      const orgA = (await call('GET', '/api/auth', tokens[ORG_A_USERS.Ylläpitäjä])).json().user
        .userOrganization;
      const res = await call(method, url, tokens[ORG_B_ADMIN], body);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(orgA);
      expect(res.body).not.toContain('Demo Kiinteistöt');
      expect(res.body).not.toContain('@demo.vahti.fi');
    },
  );
});
