// Device types with codecs (issue 25), through the API as an Ylläpitäjä uses it, and uplinks of
// four real indoor-air sensor models through the ChirpStack and The Things Stack webhooks. The
// payloads are the vendors' published examples (see docs/codecs.md for the sources); each
// expected value is worked out from the vendor's payload specification, not from our decoder.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, measurementData, rejectedUplinks } from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { storeDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let key: Client;
let admin: Client;
const NAMES = ['Lämpötila', 'Kosteus', 'CO2', 'TVOC', 'Paine', 'Akku', 'Valo', 'Liike'] as const;
type Name = (typeof NAMES)[number];
const m = {} as Record<Name, string>;

const QUANTITY: Record<string, string> = {
  Lämpötila: 'temperature',
  Kosteus: 'humidity',
  CO2: 'co2',
  TVOC: 'tvoc',
};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  admin = as('Ylläpitäjä', 'A');
  const res = await admin.post('/api/ingest-keys', { name: 'Codecs' });
  key = as.withToken(res.json().key as string);
  // The organization's own measurements: names in Finnish, as a customer names them.
  for (const name of NAMES) {
    const created = await admin.post('/api/measurements', {
      measurementName: `${name} (codec)`,
      measurementSizeInBytes: 1,
      measurementBitNumber: 1,
      measurementQuantity: QUANTITY[name] ?? 'other',
    });
    expect(created.statusCode).toBe(201);
    m[name] = created.json().measurement.measurementId;
  }
});
afterAll(() => ctx.close());

const field = (measurementId: string, offset: number, length: number, more: object = {}) => ({
  measurementId,
  offset,
  length,
  ...more,
});

/** Elsys ERS CO2: TLV with one tag byte, big-endian values (Elsys payload document). */
const elsys = () => ({
  deviceTypeName: 'Elsys ERS CO2',
  deviceTypeCodec: {
    source: 'layout',
    frames: [
      {
        kind: 'tlv',
        fPort: 5,
        tagBytes: 1,
        entries: [
          {
            tag: 0x01,
            length: 2,
            fields: [field(m.Lämpötila, 0, 2, { signed: true, scale: 0.1 })],
          },
          { tag: 0x02, length: 1, fields: [field(m.Kosteus, 0, 1)] },
          { tag: 0x04, length: 2, fields: [field(m.Valo, 0, 2)] },
          { tag: 0x05, length: 1, fields: [field(m.Liike, 0, 1)] },
          { tag: 0x06, length: 2, fields: [field(m.CO2, 0, 2)] },
          { tag: 0x07, length: 2, fields: [field(m.Akku, 0, 2, { scale: 0.001 })] },
        ],
      },
    ],
  },
  measurements: (['Lämpötila', 'Kosteus', 'Valo', 'Liike', 'CO2', 'Akku'] as const).map((n) => ({
    measurementId: m[n],
  })),
});

/** Milesight AM100/AM300 family: channel/type pairs, little-endian; temperature signed ×0.1. */
const milesight = (name: string) => ({
  deviceTypeName: name,
  deviceTypeCodec: {
    source: 'layout',
    frames: [
      {
        kind: 'tlv',
        fPort: 85,
        tagBytes: 2,
        entries: [
          { tag: 0x0175, length: 1, fields: [field(m.Akku, 0, 1)] },
          {
            tag: 0x0367,
            length: 2,
            fields: [field(m.Lämpötila, 0, 2, { signed: true, byteOrder: 'little', scale: 0.1 })],
          },
          { tag: 0x0468, length: 1, fields: [field(m.Kosteus, 0, 1, { scale: 0.5 })] },
          { tag: 0x056a, length: 2, fields: [field(m.Liike, 0, 2, { byteOrder: 'little' })] },
          // Illumination: three little-endian words; the first is the lux value.
          { tag: 0x0665, length: 6, fields: [field(m.Valo, 0, 2, { byteOrder: 'little' })] },
          { tag: 0x077d, length: 2, fields: [field(m.CO2, 0, 2, { byteOrder: 'little' })] },
          { tag: 0x087d, length: 2, fields: [field(m.TVOC, 0, 2, { byteOrder: 'little' })] },
          {
            tag: 0x0973,
            length: 2,
            fields: [field(m.Paine, 0, 2, { byteOrder: 'little', scale: 0.1 })],
          },
        ],
      },
    ],
  },
  measurements: (
    ['Akku', 'Lämpötila', 'Kosteus', 'Liike', 'Valo', 'CO2', 'TVOC', 'Paine'] as const
  ).map((n) => ({
    measurementId: m[n],
  })),
});

/**
 * Decentlab DL-IAM, protocol 2: version byte, device id, a flags word naming the sensor groups
 * present, then 16-bit big-endian words. A fixed frame per flags value the device is set to
 * send; a frame with other flags matches none and is rejected, never read at wrong offsets.
 */
const decentlab = () => ({
  deviceTypeName: 'Decentlab DL-IAM',
  deviceTypeCodec: {
    source: 'layout',
    frames: [
      {
        kind: 'fixed',
        match: [
          { offset: 0, length: 1, value: 2 },
          { offset: 3, length: 2, value: 0x007f },
        ],
        fields: [
          field(m.Akku, 5, 2, { scale: 0.001 }),
          field(m.Lämpötila, 7, 2, { scale: 175 / 65535, valueOffset: -45 }),
          field(m.Kosteus, 9, 2, { scale: 100 / 65535 }),
          field(m.Paine, 11, 2, { scale: 2 }),
          field(m.CO2, 17, 2, { valueOffset: -32768 }),
          field(m.Liike, 23, 2),
          field(m.TVOC, 25, 2),
        ],
      },
    ],
  },
  measurements: [
    { measurementId: m.Akku, decimals: 3 },
    { measurementId: m.Lämpötila, decimals: 2 },
    { measurementId: m.Kosteus, decimals: 2 },
    { measurementId: m.Paine },
    { measurementId: m.CO2 },
    { measurementId: m.Liike },
    { measurementId: m.TVOC },
  ],
});

async function createType(body: object) {
  const res = await admin.post('/api/device-types', body);
  expect(res.statusCode, res.body).toBe(201);
  const type = res.json().deviceType as { deviceTypeId: string };
  const device = await storeDevice(ctx.database.db, {
    organizationId: fx.orgA.id,
    targetId: fx.orgA.target.id,
    typeId: type.deviceTypeId,
  });
  return { type, device };
}

let fcnt = 1;
const chirpstack = (eui: string, fPort: number, hex: string, more: object = {}) => ({
  deduplicationId: crypto.randomUUID(),
  time: new Date(Date.now() - 60_000).toISOString(),
  deviceInfo: { devEui: eui.toLowerCase(), deviceName: 'x' },
  fCnt: fcnt++,
  fPort,
  data: Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('base64'),
  ...more,
});

const latest = async (deviceId: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(measurementData)
    .where(eq(measurementData.deviceId, deviceId))
    .orderBy(desc(measurementData.receivedAt))
    .limit(1);
  return row?.data;
};
const lastRejected = async () => {
  const [row] = await ctx.database.db
    .select()
    .from(rejectedUplinks)
    .where(eq(rejectedUplinks.organizationId, fx.orgA.id))
    .orderBy(desc(rejectedUplinks.receivedAt))
    .limit(1);
  return row;
};

describe(`device types with codecs, real sensor payloads (${DRIVER})`, () => {
  it('Elsys ERS CO2 (TLV): 01 00E7 02 21 04 0024 05 02 06 01B0 07 0E4D', async () => {
    const { device } = await createType(elsys());
    const res = await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 5, '0100E7022104002405020601B0070E4D'),
    );
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await latest(device.id)).toEqual({
      [m.Lämpötila]: 23.1,
      [m.Kosteus]: 33,
      [m.Valo]: 36,
      [m.Liike]: 2,
      [m.CO2]: 432,
      [m.Akku]: 3.661,
    });
    // One extra TLV the type does not list: rejected and kept, never read on by guess.
    const extra = await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 5, '0100E7 0A0123 0601B0'),
    );
    expect(extra.json()).toMatchObject({ stored: 0, rejected: ['unknownFrame'] });
    expect(await lastRejected()).toMatchObject({
      reason: 'unknownFrame',
      detail: 'tag 0x0a at byte 3',
    });
    // Another FPort: no frame.
    const port = await key.post('/api/ingest/chirpstack', chirpstack(device.eui, 6, '0100E7'));
    expect(port.json()).toMatchObject({ rejected: ['unknownFrame'] });
  });

  it('Milesight AM107 (channel/type pairs, little-endian) by The Things Stack', async () => {
    const { device } = await createType(milesight('Milesight AM107'));
    const hex = '01755C 03673401 046865 056A4900 06651C0079001400 077DE704 087D0700 09733F27';
    const res = await key.post('/api/ingest/ttn', {
      end_device_ids: { device_id: 'am107-1', dev_eui: device.eui },
      received_at: new Date(Date.now() - 30_000).toISOString(),
      uplink_message: {
        f_port: 85,
        f_cnt: 7,
        frm_payload: Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('base64'),
        received_at: new Date(Date.now() - 30_000).toISOString(),
      },
    });
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await latest(device.id)).toEqual({
      [m.Akku]: 92,
      [m.Lämpötila]: 30.8,
      [m.Kosteus]: 50.5,
      [m.Liike]: 73,
      [m.Valo]: 28,
      [m.CO2]: 1255,
      [m.TVOC]: 7,
      [m.Paine]: 1004.7,
    });
  });

  it('Milesight AM103 (signed little-endian scaled): a frost reading and the published sample', async () => {
    const { device } = await createType(milesight('Milesight AM103'));
    // The vendor's sample 0175640367180104686D077DC501: battery 100, 28.0 °C, 54.5 %, 453 ppm.
    await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 85, '0175640367180104686D077DC501'),
    );
    expect(await latest(device.id)).toEqual({
      [m.Akku]: 100,
      [m.Lämpötila]: 28,
      [m.Kosteus]: 54.5,
      [m.CO2]: 453,
    });
    // 0xFFE6 little-endian = −26 → −2.6 °C (an unheated stairwell in January).
    await key.post('/api/ingest/chirpstack', chirpstack(device.eui, 85, '0367E6FF 046850'));
    expect(await latest(device.id)).toEqual({ [m.Lämpötila]: -2.6, [m.Kosteus]: 40 });
  });

  it('Decentlab DL-IAM (fixed frame chosen by version and flags)', async () => {
    const { device } = await createType(decentlab());
    const res = await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 1, '020bbd007f0b926a515d48bc4e0262006981c7000093d4000b0111'),
    );
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    // 175 × 27217 / 65535 − 45 = 27.68 °C; 100 × 23880 / 65535 = 36.44 %; 48206 × 2 Pa;
    // 33223 − 32768 = 455 ppm; battery 2962 mV; activity 11; TVOC 273 ppb.
    expect(await latest(device.id)).toEqual({
      [m.Akku]: 2.962,
      [m.Lämpötila]: 27.68,
      [m.Kosteus]: 36.44,
      [m.Paine]: 96412,
      [m.CO2]: 455,
      [m.Liike]: 11,
      [m.TVOC]: 273,
    });
    // The same device without its CO2 group (flags 0x006f): no frame, rejected, kept.
    const noCo2 = await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 1, '020bbd006f0b926a515d48bc4e02620069000b0111'),
    );
    expect(noCo2.json()).toMatchObject({ stored: 0, rejected: ['unknownFrame'] });
  });

  it("a network server's decoded object is read at the type's paths, never guessed", async () => {
    const { device } = await createType({
      deviceTypeName: 'Elsys by ChirpStack codec',
      deviceTypeCodec: { source: 'networkServer' },
      measurements: [
        { measurementId: m.Lämpötila, decodedPath: 'temperature' },
        { measurementId: m.Kosteus, decodedPath: 'humidity' },
        { measurementId: m.CO2, decodedPath: 'co2' },
      ],
    });
    // ChirpStack's object as its Elsys codec writes it, with the raw bytes beside it.
    const body = chirpstack(device.eui, 5, '0100E7022104002405020601B0070E4D', {
      object: { temperature: 23.1, humidity: 33, light: 36, motion: 2, co2: 432, vdd: 3661 },
    });
    expect((await key.post('/api/ingest/chirpstack', body)).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect(await latest(device.id)).toEqual({
      [m.Lämpötila]: 23.1,
      [m.Kosteus]: 33,
      [m.CO2]: 432,
    });
    // Keys named otherwise: rejected (unmappedPayload), the bytes are not decoded instead.
    const other = chirpstack(device.eui, 5, '0100E7022104002405020601B0070E4D', {
      object: { temp: 23.1, rh: 33 },
    });
    expect((await key.post('/api/ingest/chirpstack', other)).json()).toMatchObject({
      stored: 0,
      rejected: ['unmappedPayload'],
    });
    // A nested value at a nested path, The Things Stack's normalized payload too.
    const nested = await admin.put(
      `/api/device-types/${
        (
          await createType({
            deviceTypeName: 'Nested',
            deviceTypeCodec: { source: 'networkServer' },
            measurements: [{ measurementId: m.Lämpötila, decodedPath: 'x' }],
          })
        ).type.deviceTypeId
      }`,
      {
        deviceTypeName: 'Nested',
        deviceTypeCodec: { source: 'networkServer' },
        measurements: [
          { measurementId: m.Lämpötila, decodedPath: 'sensor.temperature.value' },
          { measurementId: m.Kosteus, decodedPath: 'normalized.air.relativeHumidity' },
        ],
      },
    );
    expect(nested.statusCode).toBe(200);
    expect(
      nested.json().deviceType.Measurements.map((x: { decodedPath: string }) => x.decodedPath),
    ).toEqual(['sensor.temperature.value', 'normalized.air.relativeHumidity']);
  });

  it('edits, copies and retires a type; audits each; readings stay as stored', async () => {
    const { type, device } = await createType({ ...elsys(), deviceTypeName: 'Elsys muokattava' });
    await key.post('/api/ingest/chirpstack', chirpstack(device.eui, 5, '0100E70221'));
    const before = await latest(device.id);
    const moved = elsys();
    const body = {
      ...moved,
      deviceTypeName: 'Elsys muokattu',
      deviceTypeState: 'Passiivinen',
      deviceTypeCodec: {
        ...moved.deviceTypeCodec,
        frames: moved.deviceTypeCodec.frames.map((f) => ({ ...f, fPort: 6 })),
      },
    };
    const saved = await admin.put(`/api/device-types/${type.deviceTypeId}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().deviceType).toMatchObject({
      deviceTypeName: 'Elsys muokattu',
      deviceTypeState: 'Passiivinen',
      deviceCount: 1,
    });
    expect(await latest(device.id)).toEqual(before);
    const copy = await admin.post(`/api/device-types/${type.deviceTypeId}/copy`, {
      deviceTypeName: 'Elsys kopio',
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().deviceType).toMatchObject({
      deviceTypeState: 'Aktiivinen',
      deviceCount: 0,
      deviceTypeCodec: saved.json().deviceType.deviceTypeCodec,
    });
    const taken = await admin.post(`/api/device-types/${type.deviceTypeId}/copy`, {
      deviceTypeName: 'Elsys kopio',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({
      deviceTypeName: 'Samanniminen mittarityyppi on jo olemassa',
    });
    const actions = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, type.deviceTypeId)));
    expect(actions.map((a) => a.action).sort()).toEqual(['deviceType.create', 'deviceType.update']);
  });

  it('names each bad field in Finnish, writes nothing', async () => {
    const bad = JSON.parse(
      JSON.stringify(elsys()).replace(
        '"offset":0,"length":2,"signed":true',
        '"offset":1,"length":2,"signed":true',
      ),
    );
    const res = await admin.post('/api/device-types', { ...bad, deviceTypeName: 'Huono' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'deviceTypeCodec.frames.0.entries.0.fields.0.offset':
        'Kohta on tavuina 0–241, ja kenttä mahtuu viestiin',
    });
    const noPath = await admin.post('/api/device-types', {
      deviceTypeName: 'Ei polkua',
      deviceTypeCodec: { source: 'networkServer' },
      measurements: [{ measurementId: m.CO2 }],
    });
    expect(noPath.json().fields).toEqual({ 'measurements.0.decodedPath': 'Pakollinen kenttä' });
    const list = await admin.get('/api/device-types');
    expect(
      list.json().deviceTypes.map((t: { deviceTypeName: string }) => t.deviceTypeName),
    ).not.toContain('Huono');
  });

  it('tries a codec on a payload before saving: values named, or the reason', async () => {
    const { deviceTypeName: _, ...codec } = elsys();
    const ok = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: '01 00 E7 02 21',
      fPort: 5,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      bytes: '0100e70221',
      values: [
        { measurementId: m.Lämpötila, measurementName: 'Lämpötila (codec)', value: 23.1 },
        { measurementId: m.Kosteus, measurementName: 'Kosteus (codec)', value: 33 },
      ],
    });
    const short = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: '01 00',
      fPort: 5,
    });
    expect(short.json()).toMatchObject({ bytes: '0100', values: [], reason: 'payloadTooShort' });
    const base64 = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: 'AQDn',
      fPort: 5,
    });
    expect(base64.json()).toMatchObject({ bytes: '0100e7', values: [{ value: 23.1 }] });
    const unknown = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: '0100E7 0A01',
      fPort: 5,
    });
    expect(unknown.json()).toMatchObject({ reason: 'unknownFrame', detail: 'tag 0x0a at byte 3' });
    const hot = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: '01 7F FF',
      fPort: 5,
    });
    expect(hot.json()).toMatchObject({ reason: 'invalidValue', field: 'Lämpötila (codec)' });
    const notHex = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: 'ö',
      fPort: 5,
    });
    expect(notHex.statusCode).toBe(400);
  });

  it('offers the type’s real payloads for replay: the newest stored, and the rejected', async () => {
    const { type, device } = await createType({ ...elsys(), deviceTypeName: 'Elsys näytteet' });
    const other = await storeDevice(ctx.database.db, {
      organizationId: fx.orgA.id,
      targetId: fx.orgA.target.id,
      typeId: type.deviceTypeId,
    });
    await key.post('/api/ingest/chirpstack', chirpstack(other.eui, 5, '0100E70221'));
    await key.post('/api/ingest/chirpstack', chirpstack(device.eui, 5, '0100E70A01'));
    const res = await admin.get(`/api/device-types/${type.deviceTypeId}/samples`);
    expect(res.statusCode, res.body).toBe(200);
    const samples = res.json().samples as {
      payload: string;
      fPort: number;
      rejectedReason: string | null;
    }[];
    expect(samples.map((s) => [s.payload, s.fPort, s.rejectedReason]).sort()).toEqual([
      ['0100e70221', 5, null],
      ['0100e70a01', 5, 'unknownFrame'],
    ]);
    const b = as('Ylläpitäjä', 'B');
    expect((await b.get(`/api/device-types/${type.deviceTypeId}/samples`)).statusCode).toBe(404);
  });

  it('keeps organizations apart and lets only managers change types', async () => {
    const { type } = await createType({ ...elsys(), deviceTypeName: 'Elsys A:n oma' });
    const b = as('Ylläpitäjä', 'B');
    expect(
      (await b.put(`/api/device-types/${type.deviceTypeId}`, { ...elsys(), deviceTypeName: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.post(`/api/device-types/${type.deviceTypeId}/copy`, { deviceTypeName: 'x' }))
        .statusCode,
    ).toBe(404);
    // A's measurements are not B's to build a type with.
    const stolen = await b.post('/api/device-types', { ...elsys(), deviceTypeName: 'Varastettu' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual({
      'measurements.0.measurementId': 'Mittausta ei löytynyt',
    });
    expect(
      (await b.get('/api/device-types'))
        .json()
        .deviceTypes.map((t: { deviceTypeId: string }) => t.deviceTypeId),
    ).not.toContain(type.deviceTypeId);
    expect(
      (
        await as('Käyttäjä', 'A').post('/api/device-types', {
          ...elsys(),
          deviceTypeName: 'Käyttäjän',
        })
      ).statusCode,
    ).toBe(403);
  });
});

/**
 * Decentlab DL-IAM protocol 2 as a JavaScript codec (written for this test from Decentlab's
 * published frame description): the flags word says which sensor groups follow, so one codec
 * reads every flags value a device may send.
 */
const DECENTLAB_JS = `
function decodeUplink(input) {
  var b = input.bytes;
  if (b[0] !== 2) return { errors: ['protocol version ' + b[0]] };
  var word = function (i) { return (b[i] << 8) | b[i + 1]; };
  var flags = word(3), at = 5, data = {};
  var groups = [
    [1, function (x) { data.battery = x[0] / 1000; }],
    [2, function (x) { data.temperature = 175 * x[0] / 65535 - 45; data.humidity = 100 * x[1] / 65535; }],
    [1, function (x) { data.pressure = x[0] * 2; }],
    [2, function () {}],
    [3, function (x) { data.co2 = x[0] - 32768; }],
    [1, function (x) { data.activity = x[0]; }],
    [1, function (x) { data.tvoc = x[0]; }]
  ];
  for (var g = 0; g < groups.length; g++, flags >>= 1) {
    if (!(flags & 1)) continue;
    var x = [];
    for (var i = 0; i < groups[g][0]; i++, at += 2) {
      if (at + 1 >= b.length) return { errors: ['frame too short'] };
      x.push(word(at));
    }
    groups[g][1](x);
  }
  return { data: data };
}`;

describe(`a JavaScript codec in the sandbox (${DRIVER})`, () => {
  const jsType = (script: string, name: string) => ({
    deviceTypeName: name,
    deviceTypeCodec: { source: 'javascript', script },
    measurements: [
      { measurementId: m.Akku, decodedPath: 'battery', decimals: 3 },
      { measurementId: m.Lämpötila, decodedPath: 'temperature', decimals: 2 },
      { measurementId: m.Kosteus, decodedPath: 'humidity', decimals: 2 },
      { measurementId: m.CO2, decodedPath: 'co2' },
      { measurementId: m.TVOC, decodedPath: 'tvoc' },
    ],
  });

  it('Decentlab DL-IAM by its JavaScript codec: every flags value, through the webhook', async () => {
    const { device } = await createType(jsType(DECENTLAB_JS, 'Decentlab DL-IAM (JS)'));
    const full = await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 1, '020bbd007f0b926a515d48bc4e0262006981c7000093d4000b0111'),
    );
    expect(full.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await latest(device.id)).toEqual({
      [m.Akku]: 2.962,
      [m.Lämpötila]: 27.68,
      [m.Kosteus]: 36.44,
      [m.CO2]: 455,
      [m.TVOC]: 273,
    });
    // Without the CO2 group (flags 0x006f), which the fixed frame could not read.
    await key.post(
      '/api/ingest/chirpstack',
      chirpstack(device.eui, 1, '020bbd006f0b926a515d48bc4e02620069000b0111'),
    );
    expect(await latest(device.id)).toEqual({
      [m.Akku]: 2.962,
      [m.Lämpötila]: 27.68,
      [m.Kosteus]: 36.44,
      [m.TVOC]: 273,
    });
    // Its own errors reject the uplink with the codec's message.
    const wrong = await key.post('/api/ingest/chirpstack', chirpstack(device.eui, 1, '030bbd0001'));
    expect(wrong.json()).toMatchObject({ stored: 0, rejected: ['codecFailed'] });
    expect((await lastRejected())?.detail).toContain('protocol version 3');
  });

  it('a codec that loops or throws rejects its uplink and never stops ingestion', async () => {
    const { device: looping } = await createType(
      jsType('function decodeUplink() { for (;;) {} }', 'Silmukka'),
    );
    const { device: good } = await createType(jsType(DECENTLAB_JS, 'Decentlab (JS) 2'));
    const res = await key.post('/api/ingest/chirpstack', chirpstack(looping.eui, 1, '00'));
    expect(res.json()).toMatchObject({ stored: 0, rejected: ['codecFailed'] });
    const after = await key.post(
      '/api/ingest/chirpstack',
      chirpstack(good.eui, 1, '020bbd00010b92'),
    );
    expect(after.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await latest(good.id)).toEqual({ [m.Akku]: 2.962 });
  });

  it('refuses to save a script that does not compile, and tries one on the test bench', async () => {
    const bad = await admin.post('/api/device-types', jsType('function decodeUplink( {', 'Rikki'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'deviceTypeCodec.script': 'Purkukoodi ei käänny tai siitä puuttuu decodeUplink-funktio',
    });
    const { deviceTypeName: _, ...codec } = jsType(DECENTLAB_JS, 'x');
    const tried = await admin.post('/api/device-types/codec-test', {
      ...codec,
      payload: '020bbd00010b92',
      fPort: 1,
    });
    expect(tried.json()).toMatchObject({ values: [{ measurementId: m.Akku, value: 2.962 }] });
  });
});
