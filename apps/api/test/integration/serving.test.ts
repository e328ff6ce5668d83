import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';

// A built web dir as the build leaves it: each text file with .br and .gz copies beside it.
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `rivi ${i}`))};`;
const ASSET = '/assets/index-abc123.js';
const BROWSER = 'gzip, deflate, br';
/** The build's inline script in index.html's head (the login shell), and a script it loads. */
const INLINE = "document.documentElement.classList.add('login-shell');";
const INDEX = `<!doctype html><title>Vahti</title><script>${INLINE}</script><script type="module" src="${'/assets/index-abc123.js'}"></script>`;

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'vahti-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  const file = path.join(webDir, ASSET);
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  ctx = await createTestApp({ demo: false, env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compression of API answers', () => {
  it('compresses JSON over 1 KiB with brotli, or gzip when only that is accepted', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/openapi.json', BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends answers under 1 KiB as they are', async () => {
    const health = await get('/api/health', BROWSER);
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
    const missing = await get('/api/ei-ole', BROWSER);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('serving the built web app', () => {
  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const page = await get('/');
    expect(page.body).toBe(INDEX);
    const scriptSrc = /script-src ([^;]*)/.exec(page.headers['content-security-policy'] as string);
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(scriptSrc?.[1]?.split(' ')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      `'sha256-${hash}'`,
    ]);
  });

  it('sends the precompressed copy of a hashed asset, cached for a year', async () => {
    const br = await get(ASSET, BROWSER);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get(ASSET, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
