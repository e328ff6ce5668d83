import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ingestKeys } from '../../src/db/schema/index.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const create = (name = 'ChirpStack') => as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name });

describe(`ingest keys (${DRIVER})`, () => {
  it('creates a key shown once, stores only its hash, lists its prefix and audits it', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const { key, ingestKey, message } = res.json();
    expect(message).toMatch(/Syöttöavain luotu/);
    expect(key).toMatch(/^vahti_ik_[A-Za-z0-9_-]{43}$/);
    expect(ingestKey).toMatchObject({
      organizationId: fx.orgA.id,
      name: 'ChirpStack',
      prefix: key.slice(0, 17),
      revokedAt: null,
    });
    const [row] = await ctx.database.db
      .select()
      .from(ingestKeys)
      .where(eq(ingestKeys.id, ingestKey.id));
    expect(row?.keyHash).toBe(sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await as('Ylläpitäjä', 'A').get('/api/ingest-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json().ingestKeys.map((k: { id: string }) => k.id)).toContain(ingestKey.id);

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ingestKey.id));
    expect(audit.map((a) => a.action)).toEqual(['ingestKey.create']);
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('revokes a key: the webhook then answers 401; revoking again keeps the first time', async () => {
    const { key, ingestKey } = (await create('Revoked')).json();
    const uplink = { deviceInfo: { devEui: '0000000000000000' }, data: 'AA==' };
    expect((await as.withToken(key).post('/api/ingest/chirpstack', uplink)).statusCode).not.toBe(
      401,
    );
    const res = await as('Ylläpitäjä', 'A').delete(`/api/ingest-keys/${ingestKey.id}`);
    expect(res.statusCode).toBe(200);
    const { revokedAt } = res.json().ingestKey;
    expect(revokedAt).not.toBeNull();
    expect((await as.withToken(key).post('/api/ingest/chirpstack', uplink)).statusCode).toBe(401);
    const again = await as('Ylläpitäjä', 'A').delete(`/api/ingest-keys/${ingestKey.id}`);
    expect(again.json().ingestKey.revokedAt).toBe(revokedAt);
  });

  it('keeps other organizations’ keys out of reach (404) and out of the list', async () => {
    const { ingestKey } = (await create('A only')).json();
    const res = await as('Ylläpitäjä', 'B').delete(`/api/ingest-keys/${ingestKey.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ingest.INGEST_KEY_NOT_FOUND');
    const list = await as('Ylläpitäjä', 'B').get('/api/ingest-keys');
    expect(list.json().ingestKeys.map((k: { id: string }) => k.id)).not.toContain(ingestKey.id);
    expect(
      (await as('Ylläpitäjä', 'A').get('/api/ingest-keys')).json().ingestKeys[0].revokedAt,
    ).toBeNull();
  });

  it('refuses a Käyttäjä (403), a missing name (400), and makes the top administrator name the organization', async () => {
    expect((await as('Käyttäjä', 'A').post('/api/ingest-keys', { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await as('Käyttäjä', 'A').get('/api/ingest-keys')).statusCode).toBe(403);
    const blank = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.name).toBeTruthy();
    const top = await as('Pääylläpitäjä', 'A').post('/api/ingest-keys', { name: 'x' });
    expect(top.statusCode).toBe(400);
    expect(top.json().fields.organizationId).toBeTruthy();
    const named = await as('Pääylläpitäjä', 'A').post('/api/ingest-keys', {
      name: 'B:n avain',
      organizationId: fx.orgB.id,
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().ingestKey.organizationId).toBe(fx.orgB.id);
    const unknown = await as('Pääylläpitäjä', 'A').post('/api/ingest-keys', {
      name: 'x',
      organizationId: fx.missing,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
