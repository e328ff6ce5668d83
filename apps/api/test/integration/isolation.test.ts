/// <reference types="vite/client" />
import type { Role } from '@vahti/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestContext } from '../helpers/app.js';
import {
  type Fixtures,
  loadFixtures,
  ORG_A_MARKERS,
  ORG_A_USERS,
  ORG_B_ADMIN,
  ORG_B_MARKERS,
} from '../isolation/fixtures.js';
import type { Build, Entry, Matrix, Req } from '../isolation/matrix.js';

/**
 * The tenant-isolation matrix. Every registered route must have an entry in one of the
 * `test/isolation/*.matrix.ts` files, so no route can be added without saying who may call it.
 * Each entry is then called by anonymous callers, by every role of organization A and by an
 * Ylläpitäjä of organization B; a route that names a record is called with an own, a foreign
 * and a missing id. Expected: 401 anonymous, 403 for a role without the function, 404 for a
 * foreign or missing id, and no response to one organization carrying the other's data.
 */
const MATRIX: Matrix = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Matrix>('../isolation/*.matrix.ts', { eager: true, import: '*' }),
  ).flatMap((module) => Object.values(module)),
);

type Caller = Role | 'Ylläpitäjä B';
const CALLERS: Caller[] = [
  'Käyttäjä',
  'Pääkäyttäjä',
  'Ylläpitäjä',
  'Pääylläpitäjä',
  'Ylläpitäjä B',
];
const emailOf = (caller: Caller) => (caller === 'Ylläpitäjä B' ? ORG_B_ADMIN : ORG_A_USERS[caller]);

/** Whether the caller holds the function of the route at all (else 403). */
function allowed(entry: Entry, caller: Caller): boolean {
  switch (entry.access) {
    case 'public':
    case 'signedIn':
      return true;
    case 'administer':
      // The demo Käyttäjä has no Hallinta permission, and the role is below the admin area.
      return caller !== 'Käyttäjä';
    case 'topAdmin':
      return caller === 'Pääylläpitäjä';
  }
}

let ctx: TestContext;
let fx: Fixtures;
const tokens = {} as Record<Caller, string>;
let calls = 0;

beforeAll(async () => {
  // A built web app, so that the static route is registered as in production.
  ctx = await createTestApp({
    env: { WEB_DIR: new URL('../fixtures/web', import.meta.url).pathname },
  });
  fx = await loadFixtures(ctx.database.db);
  for (const caller of CALLERS) tokens[caller] = await login(ctx.app, emailOf(caller));
});
afterAll(async () => {
  console.info(`isolation matrix: ${Object.keys(MATRIX).length} routes, ${calls} calls checked`);
  await ctx.close();
});

const entries = () =>
  Object.entries(MATRIX).map(([key, entry]) => {
    const [method = '', url = ''] = key.split(' ');
    return { key, method, url, entry };
  });

async function call(method: string, build: Build | Req, token?: string) {
  const req = typeof build === 'function' ? await build(fx) : build;
  calls += 1;
  return ctx.app.inject({
    method: method as 'GET',
    url: req.url,
    headers: token ? bearer(token) : {},
    ...(req.body !== undefined && { payload: req.body as object }),
  });
}

/** The entry's plain request: its own builder, its own-id request, or the bare URL. */
const plainRequest = (url: string, entry: Entry): Build =>
  entry.request ?? entry.ids?.own ?? (() => ({ url }));

/** Nothing of the other organization in what the caller got back. */
function expectNoForeignData(caller: Caller, body: string) {
  if (caller === 'Pääylläpitäjä') return;
  const foreign =
    caller === 'Ylläpitäjä B' ? [...ORG_A_MARKERS, fx.orgA] : [...ORG_B_MARKERS, fx.orgB];
  for (const marker of foreign) expect(body, `${caller} got ${marker}`).not.toContain(marker);
}

const isOk = (status: number) => status >= 200 && status < 300;

describe('tenant-isolation matrix', () => {
  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const registered = [...new Set(ctx.app.routeTable.map((r) => `${r.method} ${r.url}`))].sort();
    const missing = registered.filter((route) => !(route in MATRIX));
    expect(missing, 'routes without an isolation-matrix entry').toEqual([]);
    const stale = Object.keys(MATRIX).filter((route) => !registered.includes(route));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it.each(entries().filter(({ entry }) => entry.access !== 'public'))(
    '$key answers 401 to anonymous callers and to a forged token',
    async ({ method, url, entry }) => {
      const request = plainRequest(url, entry);
      expect((await call(method, request)).statusCode).toBe(401);
      expect((await call(method, request, 'x.y.z')).statusCode).toBe(401);
    },
  );

  const checked = entries().filter(
    ({ entry }) => entry.access !== 'public' && !entry.onlyAuthChecked,
  );
  const cases = checked.flatMap((e) => CALLERS.map((caller) => ({ ...e, caller })));

  it.each(cases)('$key as $caller', async ({ method, url, entry, caller }) => {
    const token = tokens[caller];
    if (!allowed(entry, caller)) {
      const res = await call(method, plainRequest(url, entry), token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      return;
    }
    if (!entry.ids) {
      const res = await call(method, plainRequest(url, entry), token);
      expect(isOk(res.statusCode), `${res.statusCode} ${res.body}`).toBe(true);
      expectNoForeignData(caller, res.body);
      return;
    }
    const { notFound, setsOrganization } = entry.ids;
    const refusal = (res: { statusCode: number; json: () => { code: string } }, what: string) => {
      if (setsOrganization && caller !== 'Pääylläpitäjä') {
        expect(res.statusCode, what).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      } else {
        expect(res.statusCode, what).toBe(404);
        expect(res.json().code).toBe(notFound);
      }
    };
    // B's Ylläpitäjä: B's record is the own one, A's the foreign one.
    const own = caller === 'Ylläpitäjä B' ? entry.ids.foreign : entry.ids.own;
    const foreign = caller === 'Ylläpitäjä B' ? entry.ids.own : entry.ids.foreign;

    const ownRes = await call(method, own, token);
    expect(isOk(ownRes.statusCode), `own: ${ownRes.statusCode} ${ownRes.body}`).toBe(true);
    expectNoForeignData(caller, ownRes.body);

    const foreignRes = await call(method, foreign, token);
    if (caller === 'Pääylläpitäjä') {
      expect(isOk(foreignRes.statusCode), `foreign: ${foreignRes.body}`).toBe(true);
    } else {
      refusal(foreignRes, `foreign: ${foreignRes.body}`);
      expectNoForeignData(caller, foreignRes.body);
    }

    const missingRes = await call(method, entry.ids.missing, token);
    refusal(missingRes, `missing: ${missingRes.body}`);
  });
});
