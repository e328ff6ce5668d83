import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as Minio from 'minio';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { minimalPdf } from '../../src/db/demo/materialbank.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { multipartBody } from '../helpers/multipart.js';

// The same calls on the S3-compatible storage: a local S3 server (s3rver) started by the test.
const BUCKET = 'vahti-files';
let server: S3rver;
let s3Dir: string;
let client: Minio.Client;
let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'vahti-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  ({ ctx, fx, as } = await startApiTest({
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      MATERIALBANK_MAX_FILE_MB: '1',
    },
  }));
  client = new Minio.Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    pathStyle: true,
  });
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const PDF = minimalPdf('S3-testi');

async function objects(): Promise<string[]> {
  const names: string[] = [];
  for await (const item of client.listObjectsV2(BUCKET, '', true) as AsyncIterable<{
    name?: string;
  }>) {
    if (item.name) names.push(item.name);
  }
  return names.sort();
}

async function upload(content: Buffer, name = 'ohje.pdf') {
  const body = await multipartBody(
    {
      title: 'S3-dokumentti',
      targets: fx.orgA.target.id,
      permissions: 'Käyttäjä',
      applications: '1',
      state: 'Aktiivinen',
    },
    { name, type: 'application/pdf', content },
  );
  return as('Ylläpitäjä', 'A').post('/api/materialbank-file', body.payload, {
    headers: body.headers,
  });
}

describe('material bank on S3-compatible storage', () => {
  it('stores, serves with ranges and deletes through the bucket, never the data directory', async () => {
    const res = await upload(PDF);
    expect(res.statusCode, res.body).toBe(201);
    const { id, file } = res.json().materialbankFile;
    expect(await objects()).toEqual([file]);
    expect(existsSync(path.join(ctx.config.dataDir, 'materialbank'))).toBe(false);

    const whole = await as('Käyttäjä', 'A').get(`/api/materialbank-get-file?file=${file}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const range = await as('Käyttäjä', 'A').get(`/api/materialbank-get-file?file=${file}`, {
      headers: { range: 'bytes=1-3' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('PDF');
    const foreign = await as('Ylläpitäjä', 'B').get(`/api/materialbank-get-file?file=${file}`);
    expect(foreign.statusCode).toBe(404);

    const removed = await as('Ylläpitäjä', 'A').delete('/api/materialbank-file', { id });
    expect(removed.statusCode).toBe(200);
    expect(await objects()).toEqual([]);
  });

  it('refuses a disguised file and one over MATERIALBANK_MAX_FILE_MB, leaving the bucket as it was', async () => {
    const before = await objects();
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    PDF.copy(big, 0, 0, 16);
    const tooLarge = await upload(big, 'iso.pdf');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().fields.file).toBe(
      'Tiedosto on liian suuri: sallittu enimmäiskoko ylittyi',
    );
    expect(await objects()).toEqual(before);
  });

  it('sweeps objects without a row from the bucket', async () => {
    const kept = (await upload(PDF)).json().materialbankFile.file as string;
    const orphan = '5c6f1f8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.pdf';
    await client.putObject(BUCKET, orphan, Readable.from([PDF]), PDF.length);
    // Both are new: within the grace period nothing goes.
    expect(await ctx.services.materialbank.sweepOrphans()).toEqual([]);
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await ctx.services.materialbank.sweepOrphans(later)).toEqual([orphan]);
    expect(await objects()).toEqual([kept]);
  });
});

describe('S3 settings', () => {
  it('are all or none, and a bad secret is never echoed', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: s3Dir };
    expect(loadConfig(base).s3).toBeUndefined();
    expect(() => loadConfig({ ...base, S3_BUCKET: 'vahti' })).toThrow(
      /S3_ENDPOINT: required with the other S3_ settings/,
    );
    expect(() => loadConfig({ ...base, S3_SECRET_ACCESS_KEY: '' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, S3_SECRET_ACCESS_KEY: '' });
    } catch (err) {
      expect(String(err)).toContain('(value hidden)');
    }
  });
});
