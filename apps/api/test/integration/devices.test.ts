import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmLimits,
  deviceHistory,
  devices,
  measurements,
  userTargets,
} from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import {
  createDevice,
  deviceBody,
  deviceTypeOf,
  freshEui,
  measurementOf,
} from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const countOf = async (table: typeof devices | typeof measurements | typeof deviceHistory) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const measurementBody = (more: object = {}) => ({
  measurementName: `Mittaus ${Math.random().toString(36).slice(2, 8)}`,
  measurementType: 'byte',
  measurementSizeInBytes: 2,
  measurementBitNumber: 1,
  measurementState: 'Aktiivinen',
  measurementDescription: 'Kuvaus',
  measurementMinDefault: 0,
  measurementMaxDefault: 100,
  ...more,
});

describe(`measurements (${DRIVER})`, () => {
  it('lists the organization’s measurements with the decoder fields', async () => {
    const res = await as('Käyttäjä').get('/api/measurements');
    expect(res.statusCode).toBe(200);
    const list = res.json().measurements as Array<Record<string, unknown>>;
    expect(res.json().message).toBe('Mittaukset haettu');
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((m) => m.organizationId === fx.orgA.id)).toBe(true);
    expect(list.find((m) => m.measurementName === 'Lämpötila')).toMatchObject({
      measurementType: 'byte',
      measurementSizeInBytes: 2,
      measurementSigned: true,
      measurementScale: 0.01,
      measurementUnit: '°C',
      measurementByteOrder: 'big',
    });
  });

  it('creates with safe defaults and edits; a Käyttäjä may not', async () => {
    const res = await as('Pääkäyttäjä').post('/api/measurements', {
      measurementName: 'Valoisuus',
      measurementSizeInBytes: 2,
      measurementBitNumber: 1,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().measurement;
    expect(created).toMatchObject({
      measurementName: 'Valoisuus',
      measurementType: 'byte',
      measurementState: 'Aktiivinen',
      measurementSigned: false,
      measurementScale: 1,
      measurementOffset: 0,
      measurementUnit: '',
      measurementByteOrder: 'big',
      organizationId: fx.orgA.id,
    });
    expect(created.measurementID).toBe(created.measurementId);
    const edit = await as('Ylläpitäjä').patch('/api/measurements', {
      ...measurementBody({ measurementName: 'Valoisuus', measurementUnit: 'lx' }),
      measurementId: created.measurementId,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().measurement).toMatchObject({
      measurementUnit: 'lx',
      measurementMaxDefault: 100,
    });
    const denied = await as('Käyttäjä').post('/api/measurements', measurementBody());
    expect(denied.statusCode).toBe(403);
  });

  it.each([
    [{ measurementBitNumber: 9 }, 'measurementBitNumber', 'Bitin numeron pitää olla 1–8'],
    [{ measurementBitNumber: 0 }, 'measurementBitNumber', 'Bitin numeron pitää olla 1–8'],
    [{ measurementSizeInBytes: 0 }, 'measurementSizeInBytes', 'Koon pitää olla 1–8 tavua'],
    [{ measurementSizeInBytes: 9 }, 'measurementSizeInBytes', 'Koon pitää olla 1–8 tavua'],
    [
      { measurementType: 'bit', measurementSizeInBytes: 2 },
      'measurementSizeInBytes',
      'Bittimittauksen koko on 1 tavu',
    ],
    [{ measurementName: '' }, 'measurementName', 'Pakollinen kenttä'],
    [{ measurementType: 'word' }, 'measurementType', 'Virheellinen arvo'],
    [
      { measurementMinDefault: 10, measurementMaxDefault: 10 },
      'measurementMaxDefault',
      'Alarajan pitää olla pienempi kuin yläraja',
    ],
    [{ measurementScale: 0 }, 'measurementScale', 'Kerroin ei voi olla nolla'],
  ])('refuses %j with 400 naming %s, writing nothing', async (more, field, text) => {
    const before = await countOf(measurements);
    const res = await as('Ylläpitäjä').post('/api/measurements', measurementBody(more));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(text);
    expect(await countOf(measurements)).toBe(before);
  });

  it('answers 409 for a name the organization has; another organization may use it', async () => {
    const res = await as('Ylläpitäjä').post(
      '/api/measurements',
      measurementBody({ measurementName: 'CO2' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'MEASUREMENT_NAME_TAKEN',
      fields: { measurementName: 'Samanniminen mittaus on jo olemassa' },
    });
  });

  it('answers 404 for another organization’s measurement', async () => {
    const foreign = await measurementOf(ctx.database.db, fx.orgB.id);
    const res = await as('Ylläpitäjä').patch('/api/measurements', {
      ...measurementBody(),
      measurementId: foreign,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MEASUREMENT_NOT_FOUND');
    const [row] = await ctx.database.db
      .select({ name: measurements.measurementName })
      .from(measurements)
      .where(eq(measurements.measurementId, foreign));
    expect(row?.name).toBe('Lämpötila');
  });
});

describe(`device types (${DRIVER})`, () => {
  it('lists the catalogue with ordered measurements and payload length', async () => {
    const res = await as('Käyttäjä').get('/api/device-types');
    expect(res.statusCode).toBe(200);
    const types = res.json().deviceTypes as Array<{
      deviceTypeName: string;
      id: string;
      deviceTypeId: string;
      payloadBytes: number;
      Measurements: Array<{ measurementName: string; position: number }>;
    }>;
    const co2 = types.find((t) => t.deviceTypeName === 'Sisäilma CO2');
    expect(co2?.Measurements.map((m) => m.measurementName)).toEqual([
      'Lämpötila',
      'Kosteus',
      'CO2',
    ]);
    expect(co2?.payloadBytes).toBe(5);
    expect(co2?.id).toBe(co2?.deviceTypeId);
    // The organization with power guard has the energy meter; the other one does not.
    expect(types.map((t) => t.deviceTypeName)).toContain('Energiamittari');
    const other = await as('Ylläpitäjä', 'B').get('/api/device-types');
    expect(
      other.json().deviceTypes.map((t: { deviceTypeName: string }) => t.deviceTypeName),
    ).not.toContain('Energiamittari');
  });

  it('reads one type by deviceTypeId; another organization’s is 404', async () => {
    const own = await deviceTypeOf(ctx.database.db, fx.orgA.id, 'Energiamittari');
    const res = await as('Ylläpitäjä').get(`/api/measurements-by-deviceId?deviceTypeId=${own.id}`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .deviceTypes[0].Measurements.map(
          (m: { measurementName: string; measurementByteOrder: string }) => [
            m.measurementName,
            m.measurementByteOrder,
          ],
        ),
    ).toEqual([
      ['Energia', 'little'],
      ['Teho', 'little'],
    ]);
    const foreign = await deviceTypeOf(ctx.database.db, fx.orgB.id);
    const miss = await as('Ylläpitäjä').get(
      `/api/measurements-by-deviceId?deviceTypeId=${foreign.id}`,
    );
    expect(miss.statusCode).toBe(404);
    expect(miss.json().code).toBe('DEVICE_TYPE_NOT_FOUND');
    const bad = await as('Ylläpitäjä').get('/api/measurements-by-deviceId?deviceTypeId=x');
    expect(bad.statusCode).toBe(400);
  });
});

describe(`devices (${DRIVER})`, () => {
  it('adds a device with limits; history and limits are written in the same call', async () => {
    const type = await deviceTypeOf(ctx.database.db, fx.orgA.id, 'Sisäilma CO2');
    const temp = await measurementOf(ctx.database.db, fx.orgA.id, 'Lämpötila');
    const co2 = await measurementOf(ctx.database.db, fx.orgA.id, 'CO2');
    const body = deviceBody(fx.orgA.target.id, type.id, {
      deviceEui: 'a1b2c3d4e5f60718',
      alarmLimits: [
        { measurementId: temp, lowLimit: 19, highLimit: 25 },
        { measurementId: co2, lowLimit: 0, highLimit: 900 },
      ],
    });
    const res = await as('Ylläpitäjä').post('/api/device', body);
    expect(res.statusCode).toBe(201);
    const { lastInsertedId, device } = res.json();
    expect(device).toMatchObject({
      deviceId: lastInsertedId,
      deviceEui: 'A1B2C3D4E5F60718',
      deviceOrganizationId: fx.orgA.id,
      Target: { targetName: fx.orgA.target.name },
      DeviceType: { deviceTypeName: 'Sisäilma CO2' },
      deviceGeoInfo: { latitude: 60.2, longitude: 24.9 },
    });
    const limits = await as('Käyttäjä').get(`/api/alarm-limits?deviceId=${lastInsertedId}`);
    expect(limits.statusCode).toBe(200);
    expect(
      limits
        .json()
        .alarmLimits.map((l: Record<string, unknown>) => [
          l.measurementName,
          l.lowLimit,
          l.highLimit,
          l.source,
        ]),
    ).toEqual([
      ['Lämpötila', 19, 25, 'device'],
      ['Kosteus', 20, 60, 'type'],
      ['CO2', 0, 900, 'device'],
    ]);
    const history = await as('Ylläpitäjä').get(`/api/device-history?deviceId=${lastInsertedId}`);
    expect(history.json().deviceHistory).toHaveLength(1);
    expect(history.json().deviceHistory[0]).toMatchObject({
      deviceText: 'Mittari lisätty',
      fullName: 'Ylermi Ylänne',
      targetName: fx.orgA.target.name,
    });
    const limitHistory = await as('Ylläpitäjä').get(
      `/api/device-history-limits?deviceId=${lastInsertedId}`,
    );
    expect(limitHistory.json().deviceHistory[0].changes).toEqual({
      Lämpötila: { lowLimit: 19, highLimit: 25 },
      CO2: { lowLimit: 0, highLimit: 900 },
    });
    // The target now lists it.
    const target = await as('Käyttäjä').get(`/api/targets/${fx.orgA.target.id}`);
    expect(target.json().target.Devices.map((d: { deviceId: string }) => d.deviceId)).toContain(
      lastInsertedId,
    );
  });

  it('inherits limits: device, then target, then type default', async () => {
    const type = await deviceTypeOf(ctx.database.db, fx.orgA.id, 'Sisäilma CO2');
    const co2 = await measurementOf(ctx.database.db, fx.orgA.id, 'CO2');
    const targetId = await fx.create.target(fx.orgA.id);
    const res = await as('Ylläpitäjä').post('/api/device', deviceBody(targetId, type.id));
    const deviceId = res.json().lastInsertedId;
    const set = await as('Ylläpitäjä').patch('/api/alarm-limits', {
      targetId,
      alarmLimits: [{ measurementId: co2, lowLimit: 100, highLimit: 800 }],
      deviceText: 'Kohteen CO2-raja',
    });
    expect(set.statusCode).toBe(200);
    const limits = await as('Ylläpitäjä').get(`/api/alarm-limits?deviceId=${deviceId}`);
    expect(
      limits.json().alarmLimits.find((l: { measurementId: string }) => l.measurementId === co2),
    ).toMatchObject({ lowLimit: 100, highLimit: 800, source: 'target' });
    const history = await as('Ylläpitäjä').get(`/api/device-history-limits?deviceId=${deviceId}`);
    expect(history.json().deviceHistory[0]).toMatchObject({
      deviceText: 'Kohteen CO2-raja',
      changes: { level: 'target', CO2: { lowLimit: 100, highLimit: 800 } },
    });
    const own = await as('Ylläpitäjä').patch('/api/alarm-limits', {
      deviceId,
      alarmLimits: [{ measurementId: co2, lowLimit: 1, highLimit: 700 }],
      deviceText: 'Tiukempi raja',
    });
    expect(own.statusCode).toBe(200);
    expect(
      own.json().alarmLimits.find((l: { measurementId: string }) => l.measurementId === co2),
    ).toMatchObject({ lowLimit: 1, highLimit: 700, source: 'device' });
    // POST adds only new ones: the device already has a CO2 limit.
    const again = await as('Ylläpitäjä').post('/api/alarm-limits', {
      deviceId,
      alarmLimits: [{ measurementId: co2, lowLimit: 2, highLimit: 600 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALARM_LIMIT_EXISTS');
  });

  it('edits a device; the history says who, when, what and why', async () => {
    const id = await createDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
    const [list] = (await as('Ylläpitäjä').get('/api/devices-admin'))
      .json()
      .devices.filter((d: { deviceId: string }) => d.deviceId === id);
    const { Organization, Target, DeviceType, createdAt, updatedAt, id: _, ...current } = list;
    const res = await as('Pääkäyttäjä').patch('/api/devices', {
      ...current,
      deviceName: 'Uusi nimi',
      deviceState: 'Passiivinen',
      deviceText: 'Siirretty varastoon',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().device).toMatchObject({
      deviceName: 'Uusi nimi',
      deviceState: 'Passiivinen',
    });
    const history = (await as('Ylläpitäjä').get(`/api/device-history?deviceId=${id}`)).json()
      .deviceHistory;
    expect(history[0]).toMatchObject({
      deviceText: 'Siirretty varastoon',
      fullName: expect.stringContaining('Käkelä'),
      changes: { deviceName: 'Uusi nimi', deviceState: 'Passiivinen' },
    });
    expect(Object.keys(history[0].changes).sort()).toEqual(['deviceName', 'deviceState']);
    expect(Date.now() - Date.parse(history[0].createdAt)).toBeLessThan(60_000);
  });

  it.each([
    [{ deviceEui: '12345' }, 'deviceEui', 'DevEUI on 16 heksadesimaalimerkkiä (0–9, A–F)'],
    [
      { deviceEui: 'GGGGGGGGGGGGGGGG' },
      'deviceEui',
      'DevEUI on 16 heksadesimaalimerkkiä (0–9, A–F)',
    ],
    [{ deviceName: '' }, 'deviceName', 'Pakollinen kenttä'],
    [{ deviceComissioiningDay: '1.5.2026' }, 'deviceComissioiningDay', 'Virheellinen arvo'],
    [
      { deviceGeoInfo: { latitude: 91, longitude: 0 } },
      'deviceGeoInfo.latitude',
      'Virheellinen arvo',
    ],
    [{ deviceState: 'Käytössä' }, 'deviceState', 'Virheellinen arvo'],
  ])('refuses device %j with 400 naming %s', async (more, field, text) => {
    const type = await deviceTypeOf(ctx.database.db, fx.orgA.id);
    const before = await countOf(devices);
    const res = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, type.id, more),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(text);
    expect(await countOf(devices)).toBe(before);
  });

  it('refuses low ≥ high, a foreign measurement and duplicate rows, writing nothing', async () => {
    const type = await deviceTypeOf(ctx.database.db, fx.orgA.id, 'Sisäilma CO2');
    const temp = await measurementOf(ctx.database.db, fx.orgA.id, 'Lämpötila');
    const pm = await measurementOf(ctx.database.db, fx.orgA.id, 'PM10');
    const before = [await countOf(devices), await countOf(deviceHistory)];
    const cases: [object[], string, string][] = [
      [
        [{ measurementId: temp, lowLimit: 30, highLimit: 20 }],
        'alarmLimits.0.lowLimit',
        'Alarajan pitää olla pienempi kuin yläraja',
      ],
      [
        [{ measurementId: temp, lowLimit: 20, highLimit: 20 }],
        'alarmLimits.0.lowLimit',
        'Alarajan pitää olla pienempi kuin yläraja',
      ],
      [
        [{ measurementId: pm, lowLimit: 0, highLimit: 20 }],
        'alarmLimits.0.measurementId',
        'Mittaus ei kuulu mittarin tyyppiin',
      ],
    ];
    for (const [limits, field, text] of cases) {
      const res = await as('Ylläpitäjä').post(
        '/api/device',
        deviceBody(fx.orgA.target.id, type.id, { alarmLimits: limits }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(text);
    }
    expect([await countOf(devices), await countOf(deviceHistory)]).toEqual(before);
  });

  it('answers 409 for a duplicate DevEUI (any organization) or QR code, writing nothing', async () => {
    const type = await deviceTypeOf(ctx.database.db, fx.orgA.id);
    const first = deviceBody(fx.orgA.target.id, type.id);
    expect((await as('Ylläpitäjä').post('/api/device', first)).statusCode).toBe(201);
    const before = await countOf(devices);
    const eui = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, type.id, { deviceEui: first.deviceEui.toLowerCase() }),
    );
    expect(eui.statusCode).toBe(409);
    expect(eui.json()).toMatchObject({
      code: 'DEVICE_EUI_TAKEN',
      fields: { deviceEui: 'DevEUI on jo toisen mittarin käytössä' },
    });
    const qr = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, type.id, { deviceQrCode: first.deviceQrCode }),
    );
    expect(qr.statusCode).toBe(409);
    expect(qr.json().code).toBe('DEVICE_QR_CODE_TAKEN');
    expect(await countOf(devices)).toBe(before);
    // Another organization's DevEUI is taken too: uplinks find devices by it alone.
    const typeB = await deviceTypeOf(ctx.database.db, fx.orgB.id);
    const crossEui = await as('Ylläpitäjä', 'B').post(
      '/api/device',
      deviceBody(fx.orgB.target.id, typeB.id, { deviceEui: first.deviceEui }),
    );
    expect(crossEui.statusCode).toBe(409);
  });

  it('answers 404 for a foreign target, type or device, and 403 for another organization', async () => {
    const typeA = await deviceTypeOf(ctx.database.db, fx.orgA.id);
    const typeB = await deviceTypeOf(ctx.database.db, fx.orgB.id);
    const foreignTarget = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgB.target.id, typeA.id),
    );
    expect(foreignTarget.json().code).toBe('TARGET_NOT_FOUND');
    const foreignType = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, typeB.id),
    );
    expect(foreignType.json().code).toBe('DEVICE_TYPE_NOT_FOUND');
    const unknownType = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, fx.missing),
    );
    expect(unknownType.statusCode).toBe(404);
    const otherOrg = await as('Ylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, typeA.id, { deviceOrganizationId: fx.orgB.id }),
    );
    expect(otherOrg.statusCode).toBe(403);
    const topAdminMustName = await as('Pääylläpitäjä').post(
      '/api/device',
      deviceBody(fx.orgA.target.id, typeA.id),
    );
    expect(topAdminMustName.json().fields).toEqual({ deviceOrganizationId: 'Pakollinen kenttä' });
    const foreignDevice = await createDevice(ctx.database.db, fx.orgB.id, fx.orgB.target.id);
    for (const url of [
      `/api/alarm-limits?deviceId=${foreignDevice}`,
      `/api/device-history?deviceId=${foreignDevice}`,
      `/api/device-history-limits?deviceId=${foreignDevice}`,
      `/api/device-measurements?deviceId=${foreignDevice}`,
    ]) {
      const res = await as('Ylläpitäjä').get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('DEVICE_NOT_FOUND');
    }
    const before = await countOf(deviceHistory);
    const note = await as('Ylläpitäjä').post('/api/device-history', {
      deviceId: foreignDevice,
      deviceText: 'Ei saa kirjoittaa',
    });
    expect(note.statusCode).toBe(404);
    expect(await countOf(deviceHistory)).toBe(before);
  });

  it('lets a Käyttäjä see only the devices of linked targets and manage nothing', async () => {
    const unlinked = await fx.create.target(fx.orgA.id);
    const hidden = await createDevice(ctx.database.db, fx.orgA.id, unlinked);
    const list = (await as('Käyttäjä').get('/api/devices')).json().devices as Array<{
      deviceId: string;
      deviceTargetId: string;
    }>;
    expect(list.map((d) => d.deviceId)).not.toContain(hidden);
    const user = await as.user('Käyttäjä');
    const linked = (
      await ctx.database.db
        .select({ id: userTargets.targetId })
        .from(userTargets)
        .where(eq(userTargets.userId, user.id))
    ).map((row) => row.id);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => linked.includes(d.deviceTargetId))).toBe(true);
    expect((await as('Käyttäjä').get(`/api/alarm-limits?deviceId=${hidden}`)).statusCode).toBe(404);
    expect(
      (await as('Käyttäjä').get(`/api/target-devices?deviceTargetId=${unlinked}`)).statusCode,
    ).toBe(404);
    expect((await as('Käyttäjä').get('/api/devices-admin')).statusCode).toBe(403);
    expect(
      (
        await as('Käyttäjä').post('/api/device-history', {
          deviceId: list[0]?.deviceId,
          deviceText: 'x',
        })
      ).statusCode,
    ).toBe(403);
    // The admin list has it, and every organization list stays within the organization.
    const admin = (await as('Ylläpitäjä').get('/api/devices-admin')).json().devices;
    expect(admin.map((d: { deviceId: string }) => d.deviceId)).toContain(hidden);
    expect(
      admin.every((d: { deviceOrganizationId: string }) => d.deviceOrganizationId === fx.orgA.id),
    ).toBe(true);
    const ofOrg = await as('Ylläpitäjä').get(
      `/api/organization-devices?deviceOrganizationId=${fx.orgB.id}`,
    );
    expect(ofOrg.statusCode).toBe(404);
  });

  it('adds a history note as the caller only', async () => {
    const id = await createDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
    const other = await as.user('Käyttäjä');
    const wrong = await as('Ylläpitäjä').post('/api/device-history', {
      deviceId: id,
      deviceText: 'Huollettu',
      userId: other.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.userId).toBe('Merkinnän tekijä on aina kirjautunut käyttäjä');
    const res = await as('Ylläpitäjä').post('/api/device-history', {
      deviceId: id,
      deviceText: 'Huollettu',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().entry).toMatchObject({
      deviceText: 'Huollettu',
      fullName: 'Ylermi Ylänne',
      kind: 'device',
    });
  });

  it('has demo devices with DevEUIs, limits and history in both organizations', async () => {
    const rows = await ctx.database.db
      .select({ org: devices.organizationId, eui: devices.deviceEui })
      .from(devices);
    expect(rows.filter((r) => r.org === fx.orgB.id).length).toBeGreaterThan(3);
    expect(rows.every((r) => /^[0-9A-F]{16}$/.test(r.eui))).toBe(true);
    expect(await countOf(deviceHistory)).toBeGreaterThan(10);
    const [limits] = await ctx.database.db.select({ n: count() }).from(alarmLimits);
    expect(limits?.n).toBeGreaterThan(10);
    expect(freshEui()).toMatch(/^[0-9A-F]{16}$/);
  });
});
