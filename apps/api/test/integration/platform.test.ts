import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { type Actors, type Client, startApiTest, testActors } from '../helpers/actors.js';
import { bearer, createTestApp, DRIVER, login, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
let as: Actors;
beforeAll(async () => {
  ({ ctx, as } = await startApiTest());
});
afterAll(() => ctx.close());

describe(`platform on ${DRIVER}`, () => {
  it('reports health with the database it reached', async () => {
    const res = await as.anonymous.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Palvelu toimii', status: 'ok', database: DRIVER });
  });

  it('names its instance in X-Vahti-Instance only when INSTANCE_NAME is set', async () => {
    expect((await as.anonymous.get('/api/health')).headers['x-vahti-instance']).toBeUndefined();
    const named = await createTestApp({ demo: false, env: { INSTANCE_NAME: 'vahti-b' } });
    try {
      for (const url of ['/api/health', '/api/ei-ole']) {
        const res = await testActors(named).anonymous.get(url);
        expect(res.headers['x-vahti-instance']).toBe('vahti-b');
      }
    } finally {
      await named.close();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await createTestApp({ demo: false });
    await broken.database.close();
    const res = await testActors(broken).anonymous.get('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('DATABASE_UNAVAILABLE');
    await broken.app.close();
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND, in Finnish or English', async () => {
    const fi = await as.anonymous.get('/api/ei-ole');
    expect(fi.statusCode).toBe(404);
    expect(fi.json()).toEqual({
      error: 'Sivua tai toimintoa ei löytynyt',
      code: 'ROUTE_NOT_FOUND',
    });
    const en = await as.anonymous.delete('/api/health', undefined, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json().error).toBe('Page or function not found');
  });

  it('answers bad JSON and an unsupported content type with a 4xx and no stack trace', async () => {
    const bad = await as.anonymous.post('/api/login', '{"userEmail": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Pyynnön sisältö ei ole kelvollista JSONia',
      code: 'INVALID_JSON',
    });
    const xml = await as.anonymous.post('/api/login', '<login/>', {
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await as.anonymous.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves OpenAPI generated from the route schemas, and the docs UI', async () => {
    const res = await as.anonymous.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(
      doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['userEmail', 'userPassword']);
    expect(doc.paths['/'].post.operationId).toBe('loginRoot');
    expect(doc.paths['/api/auth'].get.responses).toHaveProperty('401');
    const ui = await as.anonymous.get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('serving the built web app', () => {
  let web: TestContext;
  let webAs: Client;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vahti-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vahti</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    web = await createTestApp({ demo: false, env: { WEB_DIR: dir } });
    webAs = testActors(web).anonymous;
  });
  afterAll(() => web.close());

  it('serves index.html at / without caching and hashed assets for a year', async () => {
    const index = await webAs.get('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Vahti</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await webAs.get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await webAs.get('/api/nothing-here');
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
  });
});

describe(`request log on ${DRIVER}`, () => {
  const lines: string[] = [];
  let logged: TestContext;
  beforeAll(async () => {
    logged = await createTestApp({ logDestination: { write: (line) => lines.push(line) } });
  });
  afterAll(() => logged.close());

  it('writes one line per request: id, method, path without the query, status, time', async () => {
    const token = await login(logged.app, 'yllapitaja@demo.vahti.fi');
    const res = await logged.app.inject({
      method: 'GET',
      url: '/api/auth?code=salainen-koodi',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const entries = lines.map((line) => JSON.parse(line));
    const auth = entries.filter((entry) => entry.req?.url === '/api/auth');
    expect(auth).toHaveLength(1);
    expect(auth[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/auth' },
      res: { statusCode: 200 },
      reqId: expect.any(String),
    });
    expect(auth[0].responseTime).toBeTypeOf('number');
    // The sign-in before it: one line too, and neither shows the password, token or query.
    expect(entries.filter((entry) => entry.req?.url === '/api/login')).toHaveLength(1);
    expect(entries.filter((entry) => entry.reqId === auth[0].reqId)).toHaveLength(1);
    const text = lines.join('');
    expect(text).not.toContain('salainen-koodi');
    expect(text).not.toContain(token);
    expect(text).not.toContain(DEMO_PASSWORD);
  });
});
