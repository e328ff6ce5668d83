import type { Role } from '@vahti/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { bearer, createTestApp, fromIp, fromNewIp, type TestContext } from './app.js';
import { type Fixtures, type FixtureUser, loadFixtures, type OrgKey } from './fixtures.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface SendOptions {
  headers?: Record<string, string>;
  /**
   * The client address: a fresh one per request unless given, so that the per-IP rate limits of
   * one test never reach another. Rate-limit tests pin one on purpose.
   */
  ip?: string;
}

/** Requests as one caller (or nobody); bodies are sent as JSON unless a string. */
export interface Client {
  send(
    method: Method,
    url: string,
    body?: unknown,
    options?: SendOptions,
  ): Promise<LightMyRequestResponse>;
  get(url: string, options?: SendOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: SendOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, options?: SendOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, options?: SendOptions): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown, options?: SendOptions): Promise<LightMyRequestResponse>;
}

export interface Actors {
  /** The fixture user of the role in organization A or B, signed in once per file. */
  (role: Role, org?: OrgKey): Client;
  /** No token at all. */
  anonymous: Client;
  /** A caller holding this token (a fresh sign-in, a forged or a revoked one). */
  withToken(token: string): Client;
  /** The fixture user behind `as(role, org)`. */
  user(role: Role, org?: OrgKey): Promise<FixtureUser>;
  /** The cached token of `as(role, org)`. */
  token(role: Role, org?: OrgKey): Promise<string>;
  /** Signs in through the real endpoint (from a fresh address) and returns the token. */
  signIn(email: string, password?: string): Promise<string>;
}

function client(
  app: TestContext['app'],
  authorization: () => Promise<Record<string, string>>,
): Client {
  const send: Client['send'] = async (method, url, body, options = {}) => {
    const request: InjectOptions = {
      method,
      url,
      headers: {
        ...(options.ip === undefined ? fromNewIp() : fromIp(options.ip)),
        ...(await authorization()),
        ...options.headers,
      },
    };
    if (body !== undefined) request.payload = body as InjectOptions['payload'];
    return app.inject(request);
  };
  return {
    send,
    get: (url, options) => send('GET', url, undefined, options),
    post: (url, body, options) => send('POST', url, body, options),
    patch: (url, body, options) => send('PATCH', url, body, options),
    put: (url, body, options) => send('PUT', url, body, options),
    delete: (url, body, options) => send('DELETE', url, body, options),
  };
}

/**
 * `injectAs` for a test file: `const as = testActors(ctx, fx)`, then
 * `await as('Ylläpitäjä', 'A').get(url)` or `as.anonymous.post(url, body)`. Without fixtures
 * (an app without demo data) only `anonymous` and `withToken` work.
 */
export function testActors(ctx: TestContext, fx?: Fixtures): Actors {
  const tokens = new Map<string, Promise<string>>();
  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: fromNewIp(),
      payload: { userEmail: email, userPassword: password },
    });
    if (res.statusCode !== 200) {
      throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    }
    return res.json().token as string;
  };
  const token = (role: Role, org: OrgKey = 'A') => {
    const key = `${role} ${org}`;
    let cached = tokens.get(key);
    if (!cached) {
      if (!fx) throw new Error('testActors: callers by role need the fixtures');
      cached = fx.user(org, role).then((user) => signIn(user.email, user.password));
      tokens.set(key, cached);
    }
    return cached;
  };
  const as = ((role: Role, org: OrgKey = 'A') =>
    client(ctx.app, async () => bearer(await token(role, org)))) as Actors;
  as.anonymous = client(ctx.app, async () => ({}));
  as.withToken = (value) => client(ctx.app, async () => bearer(value));
  as.user = async (role, org = 'A') => {
    if (!fx) throw new Error('testActors: callers by role need the fixtures');
    return fx.user(org, role);
  };
  as.token = token;
  as.signIn = signIn;
  return as;
}

/** A fresh app and database with the fixtures and their callers: the start of an API test file. */
export async function startApiTest(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ ctx: TestContext; fx: Fixtures; as: Actors }> {
  const ctx = await createTestApp(options);
  const fx = await loadFixtures(ctx.database.db);
  return { ctx, fx, as: testActors(ctx, fx) };
}
