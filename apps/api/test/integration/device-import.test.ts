import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceHistory, devices } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice, deviceTypeOf, freshEui } from '../helpers/device-fixtures.js';
import type { Fixtures, OrgKey } from '../helpers/fixtures.js';
import { multipartBody } from '../helpers/multipart.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let typeA: { id: string; name: string };
let typeB: { id: string; name: string };

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  typeA = await deviceTypeOf(ctx.database.db, fx.orgA.id);
  typeB = await deviceTypeOf(ctx.database.db, fx.orgB.id);
});
afterAll(() => ctx.close());

const HEADER = [
  'DevEUI',
  'Nimi',
  'QR-koodi',
  'Mittarityyppi',
  'Kohde',
  'Sijainti',
  'Sarjanumero',
  'Käyttöönottopäivä',
];

/** A valid row of organization A: fresh DevEUI, QR code and name. */
function row(more: Partial<Record<(typeof HEADER)[number], string>> = {}) {
  const tag = randomBytes(4).toString('hex');
  const cells: Record<string, string> = {
    DevEUI: freshEui(),
    Nimi: `Tuotu ${tag}`,
    'QR-koodi': `QR-IMP-${tag}`,
    Mittarityyppi: typeA.name,
    Kohde: fx.orgA.target.name,
    Sijainti: '3. kerros',
    Sarjanumero: `SN-${tag}`,
    Käyttöönottopäivä: '2026-05-01',
    ...more,
  };
  return HEADER.map((column) => cells[column] ?? '');
}

const csv = (rows: string[][], { separator = ';', bom = false, header = HEADER } = {}) =>
  Buffer.from(
    `${bom ? '\uFEFF' : ''}${[header, ...rows].map((cells) => cells.join(separator)).join('\r\n')}\r\n`,
  );

async function xlsx(rows: (string | Date)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Mittarit');
  sheet.addRow(HEADER);
  for (const cells of rows) sheet.addRow(cells);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function send(
  path: '/api/devices/import/preview' | '/api/devices/import',
  file: Buffer,
  { role = 'Ylläpitäjä', org = 'A', fields = {}, name = 'mittarit.csv', language = 'fi' } = {} as {
    role?: Parameters<Actors>[0];
    org?: OrgKey;
    fields?: Record<string, string>;
    name?: string;
    language?: string;
  },
) {
  const body = await multipartBody(fields, { name, type: 'text/csv', content: file });
  return as(role, org).post(path, body.payload, {
    headers: { ...body.headers, 'accept-language': language },
  });
}

const devicesWithEuis = async (euis: string[]) =>
  ctx.database.db
    .select({ id: devices.deviceId, organizationId: devices.organizationId })
    .from(devices)
    .where(inArray(devices.deviceEui, euis));

describe(`device import (${DRIVER})`, () => {
  it('previews and imports a CSV with ; and a BOM, Finnish headers and days', async () => {
    const rows = [
      row(),
      row({ Käyttöönottopäivä: '1.6.2026' }),
      row({ DevEUI: `70-b3-d5-7e-d0-${randomBytes(3).toString('hex').match(/../g)?.join('-')}` }),
    ];
    const file = csv(rows, { bom: true });
    const preview = await send('/api/devices/import/preview', file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      message: 'Tiedosto tarkistettu',
      total: 3,
      valid: 3,
      invalid: 0,
    });
    const shown = preview.json().rows;
    expect(shown[0]).toMatchObject({
      row: 2,
      deviceTypeName: typeA.name,
      targetName: fx.orgA.target.name,
      errors: [],
    });
    expect(shown[2].deviceEui).toMatch(/^70B3D57ED0[0-9A-F]{6}$/);
    const euis = shown.map((r: { deviceEui: string }) => r.deviceEui);
    expect(await devicesWithEuis(euis)).toEqual([]);

    const res = await send('/api/devices/import', file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Mittarit tuotu', imported: 3 });
    const stored = await ctx.database.db
      .select({
        id: devices.deviceId,
        eui: devices.deviceEui,
        day: devices.deviceComissioiningDay,
        organizationId: devices.organizationId,
        targetId: devices.deviceTargetId,
        typeId: devices.deviceTypeId,
        state: devices.deviceState,
      })
      .from(devices)
      .where(inArray(devices.deviceEui, euis));
    expect(stored).toHaveLength(3);
    expect(stored.find((d) => d.eui === euis[1])?.day).toBe('2026-06-01');
    for (const device of stored) {
      expect(device).toMatchObject({
        organizationId: fx.orgA.id,
        targetId: fx.orgA.target.id,
        typeId: typeA.id,
        state: 'Aktiivinen',
      });
    }
    expect(res.json().deviceIds.sort()).toEqual(stored.map((d) => d.id).sort());
    const [history] = await ctx.database.db
      .select({ n: count() })
      .from(deviceHistory)
      .where(
        inArray(
          deviceHistory.deviceId,
          stored.map((d) => d.id),
        ),
      );
    expect(history?.n).toBe(3);
    const audits = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.import'), eq(auditLog.organizationId, fx.orgA.id)));
    expect(audits.some((a) => (a.details as { count?: number }).count === 3)).toBe(true);

    // The same devices again: every row's DevEUI and QR code are taken now.
    const again = await send('/api/devices/import/preview', file);
    expect(again.json().invalid).toBe(3);
    expect(again.json().rows[0].errors).toEqual([
      { field: 'deviceEui', message: 'DevEUI on jo toisen mittarin käytössä' },
      { field: 'deviceQrCode', message: 'QR-koodi on jo toisen mittarin käytössä' },
    ]);
  });

  it('imports an XLSX with a comma CSV’s API headers alike, and the devices are listed', async () => {
    const rows = [row(), row()];
    const book = await xlsx(rows.map((cells) => [...cells.slice(0, 7), new Date('2026-04-30')]));
    const res = await send('/api/devices/import', book, { name: 'laitteet.csv' });
    expect(res.statusCode).toBe(201);
    expect(res.json().imported).toBe(2);
    const list = await as('Ylläpitäjä').get('/api/devices-admin');
    const listed = list
      .json()
      .devices.filter((d: { deviceEui: string }) => rows.some((cells) => cells[0] === d.deviceEui));
    expect(listed).toHaveLength(2);
    expect(listed[0].deviceComissioiningDay).toBe('2026-04-30');

    const apiHeader = [
      'deviceEui',
      'deviceName',
      'deviceQrCode',
      'deviceTypeId',
      'deviceTargetId',
      'deviceLocation',
      'deviceSerialNumber',
      'deviceComissioiningDay',
      'latitude',
      'longitude',
    ];
    const byId = row({ Mittarityyppi: typeA.id, Kohde: fx.orgA.target.id });
    const commaFile = csv([[...byId, '60.17', '24.94']], { separator: ',', header: apiHeader });
    const comma = await send('/api/devices/import', commaFile);
    expect(comma.statusCode).toBe(201);
    const [stored] = await ctx.database.db
      .select({ lat: devices.deviceLatitude, lon: devices.deviceLongitude })
      .from(devices)
      .where(eq(devices.deviceEui, byId[0] as string));
    expect(stored).toEqual({ lat: 60.17, lon: 24.94 });
  });

  it('reads a CSV saved by Excel as plain "CSV (puolipiste-eroteltu)": Windows-1252', async () => {
    const cells = row({ Sijainti: 'Pääty, 2. kerros' });
    const text = [HEADER, cells].map((line) => line.join(';')).join('\r\n');
    // ISO-8859-1 and Windows-1252 agree on ä and ö: one byte each, no valid UTF-8.
    const file = Buffer.from(text, 'latin1');
    expect(file.includes(Buffer.from('ä', 'utf8'))).toBe(false);
    const res = await send('/api/devices/import', file);
    expect(res.statusCode).toBe(201);
    const [stored] = await ctx.database.db
      .select({ location: devices.deviceLocation })
      .from(devices)
      .where(eq(devices.deviceEui, cells[0] as string));
    expect(stored?.location).toBe('Pääty, 2. kerros');
  });

  it('names each bad row’s errors in Finnish (Swedish when asked) and commits nothing', async () => {
    const duplicate = freshEui();
    const rows = [
      row(),
      row({ DevEUI: 'XYZ' }),
      row({ Nimi: '' }),
      row({ Mittarityyppi: 'Ei tällaista tyyppiä' }),
      row({ Kohde: 'Ei tällaista kohdetta' }),
      row({ Käyttöönottopäivä: '30.2.2026' }),
      row({ DevEUI: duplicate }),
      row({ DevEUI: duplicate }),
    ];
    const file = csv(rows);
    const preview = await send('/api/devices/import/preview', file);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ total: 8, valid: 1, invalid: 7 });
    const errorsOf = (line: number) =>
      body.rows.find((r: { row: number }) => r.row === line)?.errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual([
      { field: 'deviceEui', message: 'DevEUI on 16 heksadesimaalimerkkiä (0–9, A–F)' },
    ]);
    expect(errorsOf(4)).toEqual([{ field: 'deviceName', message: 'Pakollinen kenttä' }]);
    expect(errorsOf(5)).toEqual([
      {
        field: 'deviceType',
        message: 'Organisaatiolla ei ole tämännimistä mittarityyppiä',
      },
    ]);
    expect(errorsOf(6)).toEqual([
      { field: 'deviceTarget', message: 'Organisaatiolla ei ole tämännimistä kohdetta' },
    ]);
    expect(errorsOf(7)).toEqual([
      { field: 'deviceComissioiningDay', message: 'Virheellinen arvo' },
    ]);
    for (const line of [8, 9]) {
      expect(errorsOf(line)).toEqual([
        { field: 'deviceEui', message: 'Sama DevEUI on tiedostossa useammalla rivillä' },
      ]);
    }
    const swedish = await send('/api/devices/import/preview', file, { language: 'sv' });
    expect(swedish.json().rows.find((r: { row: number }) => r.row === 4).errors[0].message).toBe(
      'Obligatoriskt fält',
    );

    const res = await send('/api/devices/import', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        file: 'Tiedostossa on virheellisiä rivejä, joten mitään ei tallennettu',
        'rows.3.deviceEui': 'DevEUI on 16 heksadesimaalimerkkiä (0–9, A–F)',
        'rows.4.deviceName': 'Pakollinen kenttä',
        'rows.9.deviceEui': 'Sama DevEUI on tiedostossa useammalla rivillä',
      },
    });
    expect(await devicesWithEuis([rows[0]?.[0] as string, duplicate])).toEqual([]);
  });

  it('stores nothing when one row fails at commit (a DevEUI of another organization)', async () => {
    const foreign = await createDevice(ctx.database.db, fx.orgB.id, fx.orgB.target.id);
    const [foreignEui] = (
      await ctx.database.db
        .select({ eui: devices.deviceEui })
        .from(devices)
        .where(eq(devices.deviceId, foreign))
    ).map((d) => d.eui);
    const rows = [row(), row(), row({ DevEUI: foreignEui as string }), row()];
    const file = csv(rows);
    // Another organization's device is not readable in A's scope: the preview finds it by the
    // commit's own inserts, rolled back.
    const preview = await send('/api/devices/import/preview', file);
    expect(preview.json()).toMatchObject({ invalid: 1 });
    expect(preview.json().rows[2].errors).toEqual([
      { field: 'deviceEui', message: 'DevEUI on jo toisen mittarin käytössä' },
    ]);
    const res = await send('/api/devices/import', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['rows.4.deviceEui']).toBe('DevEUI on jo toisen mittarin käytössä');
    const stored = await devicesWithEuis(rows.map((cells) => cells[0] as string));
    expect(stored).toEqual([{ id: foreign, organizationId: fx.orgB.id }]);
  });

  it('refuses another organization’s type and target by name or id (tenancy)', async () => {
    const rows = [
      row({ Mittarityyppi: typeB.id }),
      row({ Kohde: fx.orgB.target.id }),
      row({ Kohde: fx.orgB.target.name === fx.orgA.target.name ? 'x' : fx.orgB.target.name }),
    ];
    const preview = await send('/api/devices/import/preview', csv(rows));
    expect(preview.json().invalid).toBe(3);
    expect(
      preview.json().rows.map((r: { errors: { field: string }[] }) => r.errors[0]?.field),
    ).toEqual(['deviceType', 'deviceTarget', 'deviceTarget']);
    const res = await send('/api/devices/import', csv(rows));
    expect(res.statusCode).toBe(400);
    expect(await devicesWithEuis(rows.map((cells) => cells[0] as string))).toEqual([]);
  });

  it('imports into the organization the top administrator names; others may not name one', async () => {
    const bRow = row({ Mittarityyppi: typeB.name, Kohde: fx.orgB.target.id });
    const top = await send('/api/devices/import', csv([bRow]), {
      role: 'Pääylläpitäjä',
      fields: { organizationId: fx.orgB.id },
    });
    expect(top.statusCode).toBe(201);
    expect(await devicesWithEuis([bRow[0] as string])).toMatchObject([
      { organizationId: fx.orgB.id },
    ]);
    const unnamed = await send('/api/devices/import/preview', csv([row()]), {
      role: 'Pääylläpitäjä',
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields.organizationId).toBe('Pakollinen kenttä');
    const other = await send('/api/devices/import/preview', csv([bRow]), {
      fields: { organizationId: fx.orgB.id },
    });
    expect(other.statusCode).toBe(403);
    const user = await send('/api/devices/import/preview', csv([row()]), { role: 'Käyttäjä' });
    expect(user.statusCode).toBe(403);
  });

  it('refuses files that are no import: type, columns, size, rows', async () => {
    const pdf = Buffer.from('%PDF-1.4\n\u0000\u0001binary');
    const notCsv = await send('/api/devices/import/preview', pdf, { name: 'mittarit.csv' });
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().fields.file).toBe(
      'Vain CSV- ja XLSX-tiedostot kelpaavat (tiedoston sisältö tarkistetaan)',
    );
    const columns = await send(
      '/api/devices/import/preview',
      csv([row().slice(0, 3)], { header: HEADER.slice(0, 3) }),
    );
    expect(columns.statusCode).toBe(400);
    expect(columns.json().fields).toMatchObject({
      'columns.deviceType': 'Sarake puuttuu tiedostosta',
      'columns.deviceComissioiningDay': 'Sarake puuttuu tiedostosta',
    });
    const empty = await send('/api/devices/import/preview', csv([]));
    expect(empty.json().fields.file).toBe('Tiedostossa ei ole yhtään mittaria');
    const many = Array.from({ length: 5001 }, () => row());
    const tooMany = await send('/api/devices/import', csv(many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.file).toBe('Tiedostossa voi olla enintään 5000 mittaria');
    const json = await as('Ylläpitäjä').post('/api/devices/import', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});
