import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice, deviceBody, deviceTypeOf } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { readPdf } from '../helpers/pdf-text.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
/** 25 devices of organization A: one more than a sheet holds. */
const ids: string[] = [];
let finnish: string;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  const type = await deviceTypeOf(ctx.database.db, fx.orgA.id);
  const res = await as('Ylläpitäjä', 'A').post(
    '/api/device',
    deviceBody(fx.orgA.target.id, type.id, {
      deviceName: 'Ääkkösmittari Öljylämmitin Åland',
      deviceQrCode: 'VAHTI-ÄÖ-001',
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  finnish = res.json().lastInsertedId;
  ids.push(finnish);
  for (let i = 0; i < 24; i++) {
    ids.push(await createDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id));
  }
});
afterAll(() => ctx.close());

const URL = '/api/device-labels';

describe(`POST /api/device-labels (${DRIVER})`, () => {
  it('answers a PDF attachment with each chosen device’s name, target and QR value', async () => {
    const chosen = [finnish, ids[1] as string];
    const res = await as('Ylläpitäjä', 'A').post(URL, { deviceIds: chosen });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vahti-qr-tarrat-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pageCount).toBe(1);
    const [second] = await ctx.database.db
      .select({ name: devices.deviceName, qr: devices.deviceQrCode })
      .from(devices)
      .where(inArray(devices.deviceId, [ids[1] as string]));
    // Finnish letters come through as themselves (WinAnsi), not as replacement marks.
    // A name is wrapped word by word to fit beside the code.
    const words = pdf.lines.join(' ');
    expect(words).toContain('Ääkkösmittari Öljylämmitin Åland');
    expect(words).toContain('VAHTI-ÄÖ-001');
    expect(words).toContain(second?.name);
    expect(words).toContain(second?.qr);
    expect(pdf.lines.filter((line) => line === fx.orgA.target.name)).toHaveLength(2);
    expect(pdf.text).not.toContain('?');
  });

  it('fills 24 labels per A4 sheet: 25 devices are two pages; a repeated id prints once', async () => {
    const res = await as('Pääkäyttäjä', 'A').post(URL, { deviceIds: [...ids, finnish] });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pageCount).toBe(2);
    expect(pdf.lines.filter((line) => line === fx.orgA.target.name)).toHaveLength(25);
    const twentyFour = await readPdf(
      (await as('Pääkäyttäjä', 'A').post(URL, { deviceIds: ids.slice(0, 24) })).rawPayload,
    );
    expect(twentyFour.pageCount).toBe(1);
  });

  it('refuses an empty list, too many ids and a malformed id with a Finnish message', async () => {
    const empty = await as('Ylläpitäjä', 'A').post(URL, { deviceIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.deviceIds).toBe('Valitse vähintään yksi mittari');
    const missing = await as('Ylläpitäjä', 'A').post(URL, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.deviceIds).toBe('Valitse vähintään yksi mittari');
    const tooMany = await as('Ylläpitäjä', 'A').post(URL, {
      deviceIds: Array.from({ length: 201 }, () => finnish),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.deviceIds).toBe('Enintään 200 mittaria kerrallaan');
    const malformed = await as('Ylläpitäjä', 'A').post(URL, { deviceIds: ['x'] });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 and prints nothing when one id is another organization’s', async () => {
    const foreign = await createDevice(ctx.database.db, fx.orgB.id, fx.orgB.target.id);
    const res = await as('Ylläpitäjä', 'A').post(URL, { deviceIds: [finnish, foreign] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DEVICE_NOT_FOUND');
    expect(res.headers['content-type']).not.toContain('pdf');
    // Their own administrator prints it; the top administrator prints across organizations.
    expect((await as('Ylläpitäjä', 'B').post(URL, { deviceIds: [foreign] })).statusCode).toBe(200);
    const both = await as('Pääylläpitäjä').post(URL, { deviceIds: [finnish, foreign] });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('is for those who manage devices: a Käyttäjä gets 403', async () => {
    const res = await as('Käyttäjä', 'A').post(URL, { deviceIds: [finnish] });
    expect(res.statusCode).toBe(403);
  });
});
