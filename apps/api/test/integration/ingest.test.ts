import { count, desc, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeasurementPartitions } from '../../src/db/partitions.js';
import {
  devices,
  measurementData,
  measurementHourly,
  rejectedUplinks,
} from '../../src/db/schema/index.js';
import { inTransaction, withTransactions } from '../../src/db/transactions.js';
import { systemScope } from '../../src/lib/scope.js';
import {
  createIngestRepository,
  type ReadingRow,
} from '../../src/modules/ingest/ingest.repository.js';
import type { IngestedReading, OnReadings } from '../../src/modules/ingest/ingest.service.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, newIp, type TestContext } from '../helpers/app.js';
import { GARBAGE_BYTES, uplinkEventBytes } from '../helpers/chirpstack-protobuf.js';
import type { Fixtures } from '../helpers/fixtures.js';
import {
  createLayoutDevice,
  EXAMPLE_PAYLOAD,
  ingestServiceWith,
} from '../helpers/ingest-fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let keyA: Client;
let keyB: Client;
let device: Awaited<ReturnType<typeof createLayoutDevice>>;

const newKey = async (org: 'A' | 'B') => {
  const res = await as('Ylläpitäjä', org).post('/api/ingest-keys', { name: `Testi ${org}` });
  return res.json().key as string;
};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  keyA = as.withToken(await newKey('A'));
  keyB = as.withToken(await newKey('B'));
  device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const readings = (deviceId = device.deviceId) =>
  db().select().from(measurementData).where(eq(measurementData.deviceId, deviceId));
const rejectedCount = async () =>
  (await db().select({ n: count() }).from(rejectedUplinks))[0]?.n ?? 0;
const dataCount = async () => (await db().select({ n: count() }).from(measurementData))[0]?.n ?? 0;

let fcnt = 100;
const chirpstack = (more: Record<string, unknown> = {}) => {
  fcnt += 1;
  return {
    deduplicationId: crypto.randomUUID(),
    time: new Date(Date.now() - 60_000).toISOString(),
    deviceInfo: { devEui: device.eui.toLowerCase(), deviceName: 'x' },
    fCnt: fcnt,
    fPort: 1,
    data: EXAMPLE_PAYLOAD,
    ...more,
  };
};

/** Nothing was written by the call: neither readings nor rejected uplinks. */
async function expectNothingWritten<T extends { statusCode: number }>(
  call: () => Promise<T>,
  status: number,
): Promise<T> {
  const before = [await dataCount(), await rejectedCount()];
  const res = await call();
  expect(res.statusCode).toBe(status);
  expect([await dataCount(), await rejectedCount()]).toEqual(before);
  return res;
}

/** The call stored one rejected uplink with the reason, and no reading. */
async function expectRejected(
  call: () => Promise<{ statusCode: number; json(): unknown }>,
  reason: string,
) {
  const before = [await dataCount(), await rejectedCount()];
  const res = await call();
  expect(res.statusCode).toBe(202);
  expect(res.json()).toMatchObject({ stored: 0, rejected: [reason] });
  expect([await dataCount(), await rejectedCount()]).toEqual([before[0], (before[1] ?? 0) + 1]);
}

describe(`ingest webhooks (${DRIVER})`, () => {
  it('stores a ChirpStack uplink decoded with the device type’s layout, once', async () => {
    const body = chirpstack();
    const res = await keyA.post('/api/ingest/chirpstack?event=up', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    const [row] = (await readings()).filter((r) => r.dedupKey === body.deduplicationId);
    expect(row?.createdAt.toISOString()).toBe(body.time);
    expect(row?.fCnt).toBe(body.fCnt);
    expect(row?.organizationId).toBe(fx.orgA.id);
    const { m } = device;
    expect(row?.data[m.temp.id]).toBeCloseTo(-2);
    expect(row?.data[m.hum.id]).toBe(55);
    expect(row?.data[m.door.id]).toBe(1);
    expect(row?.data[m.leak.id]).toBe(0);
    expect(row?.data[m.pressure.id]).toBeCloseTo(1013);

    // The network server retries: nothing more is stored.
    const replay = await keyA.post('/api/ingest/chirpstack?event=up', body);
    expect(replay.json()).toEqual({ stored: 0, duplicates: 1 });
    expect((await readings()).filter((r) => r.dedupKey === body.deduplicationId)).toHaveLength(1);
  });

  it('answers other ChirpStack events 204 and stores nothing', async () => {
    await expectNothingWritten(
      () => keyA.post('/api/ingest/chirpstack?event=join', chirpstack()),
      204,
    );
  });

  it('accepts network-server-decoded JSON whose keys name measurements', async () => {
    const body = chirpstack({
      data: undefined,
      object: { [device.m.hum.name]: 42, [device.m.temp.id]: 21.5, other: 'x' },
    });
    const res = await keyA.post('/api/ingest/chirpstack', body);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    const row = (await readings()).find((r) => r.dedupKey === body.deduplicationId);
    expect(row?.data).toEqual({ [device.m.hum.id]: 42, [device.m.temp.id]: 21.5 });
  });

  it('stores a The Things Stack uplink', async () => {
    const receivedAt = new Date(Date.now() - 5000).toISOString();
    const body = {
      end_device_ids: { device_id: 'dev', dev_eui: device.eui },
      received_at: receivedAt,
      uplink_message: { f_cnt: 7, frm_payload: EXAMPLE_PAYLOAD, received_at: receivedAt },
    };
    expect((await keyA.post('/api/ingest/ttn', body)).json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await keyA.post('/api/ingest/ttn', body)).json()).toEqual({ stored: 0, duplicates: 1 });
    const row = (await readings()).find((r) => r.dedupKey === `7:${receivedAt}`);
    expect(row?.data[device.m.hum.id]).toBe(55);
  });

  it('stores the generic form, one reading or a batch, by measurement id or name', async () => {
    const one = {
      deviceEui: device.eui,
      time: '2026-01-01T10:00:00.000Z',
      values: { [device.m.hum.id]: 10, [device.m.temp.name]: -5.5 },
    };
    expect((await keyA.post('/api/ingest/generic', one)).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    const batch = Array.from({ length: 1500 }, (_, i) => ({
      deviceEui: device.eui,
      time: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      fCnt: i,
      values: { [device.m.hum.id]: i % 100 },
    }));
    const res = await keyA.post('/api/ingest/generic', batch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 1500, duplicates: 0 });
    expect((await keyA.post('/api/ingest/generic', batch)).json()).toEqual({
      stored: 0,
      duplicates: 1500,
    });
  });

  it('stores a batch’s good readings and rejects the others, each kept with its reason', async () => {
    const time = '2026-02-01T10:00:00.000Z';
    const res = await keyA.post('/api/ingest/generic', [
      { deviceEui: device.eui, time, values: { [device.m.hum.id]: 1 } },
      { deviceEui: 'FFFFFFFFFFFFFFFF', time, values: { [device.m.hum.id]: 1 } },
      { deviceEui: device.eui, time, fCnt: 1, values: { nope: 1 } },
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      stored: 1,
      duplicates: 0,
      rejected: ['unknownDevice', 'unknownMeasurement'],
    });
  });

  it('keeps an unknown device, undecodable or short payload, bad values and times as rejected uplinks', async () => {
    await expectRejected(
      () =>
        keyA.post(
          '/api/ingest/chirpstack',
          chirpstack({ deviceInfo: { devEui: '0102030405060708' } }),
        ),
      'unknownDevice',
    );
    await expectRejected(
      () => keyA.post('/api/ingest/chirpstack', chirpstack({ deviceInfo: { devEui: 'not hex' } })),
      'unknownDevice',
    );
    await expectRejected(
      () => keyA.post('/api/ingest/chirpstack', chirpstack({ data: 'not base64!' })),
      'undecodable',
    );
    await expectRejected(
      () => keyA.post('/api/ingest/chirpstack', chirpstack({ data: undefined })),
      'undecodable',
    );
    await expectRejected(
      () => keyA.post('/api/ingest/chirpstack', chirpstack({ data: 'AQID' })),
      'payloadTooShort',
    );
    await expectRejected(
      () =>
        keyA.post(
          '/api/ingest/chirpstack',
          chirpstack({ data: undefined, object: { [device.m.hum.name]: 'high' } }),
        ),
      'invalidValue',
    );
    await expectRejected(
      () =>
        keyA.post(
          '/api/ingest/chirpstack',
          chirpstack({ time: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
        ),
      'invalidTime',
    );
    await expectRejected(
      () => keyA.post('/api/ingest/chirpstack', chirpstack({ time: '1999-12-31T23:59:59Z' })),
      'invalidTime',
    );
    await expectRejected(
      () => keyA.post('/api/ingest/chirpstack', chirpstack({ time: 'yesterday' })),
      'invalidTime',
    );
    await expectRejected(
      () =>
        keyA.post('/api/ingest/generic', {
          deviceEui: device.eui,
          time: '2150-01-01T00:00:00Z',
          values: { [device.m.hum.id]: 1 },
        }),
      'invalidTime',
    );

    const list = await as('Ylläpitäjä', 'A').get('/api/rejected-uplinks');
    expect(list.statusCode).toBe(200);
    const [newest] = list.json().rejectedUplinks;
    expect(newest).toMatchObject({
      source: 'generic',
      reason: 'invalidTime',
      deviceEui: device.eui,
    });
    expect(JSON.parse(newest.body).time).toBe('2150-01-01T00:00:00Z');
    const b = await as('Ylläpitäjä', 'B').get('/api/rejected-uplinks');
    expect(
      b
        .json()
        .rejectedUplinks.every((r: { organizationId: string }) => r.organizationId === fx.orgB.id),
    ).toBe(true);
  });

  it('refuses malformed input with a 4xx: broken JSON writes nothing, a wrong shape is kept', async () => {
    const raw = (body: string, url = '/api/ingest/chirpstack') =>
      keyA.post(url, body, { headers: { 'content-type': 'application/json' } });
    await expectNothingWritten(() => raw('{"deviceInfo": '), 400);
    // Valid JSON of the wrong shape: 400 naming the field, and kept as a rejected uplink
    // (malformed) so the organization sees what its network server sent (issue 26).
    const kept = async (call: () => Promise<{ statusCode: number }>, source: string) => {
      const before = [await dataCount(), await rejectedCount()];
      const res = await call();
      expect(res.statusCode).toBe(400);
      expect([await dataCount(), await rejectedCount()]).toEqual([before[0], (before[1] ?? 0) + 1]);
      const [last] = await db()
        .select()
        .from(rejectedUplinks)
        .orderBy(desc(rejectedUplinks.receivedAt), desc(rejectedUplinks.id))
        .limit(1);
      expect(last).toMatchObject({ reason: 'malformed', source, organizationId: fx.orgA.id });
    };
    await kept(() => raw('[]'), 'chirpstack');
    await kept(
      () =>
        raw(
          '{"deviceEui":"x","time":"2026-01-01T00:00:00Z","values":{"a":1e999}}',
          '/api/ingest/generic',
        ),
      'generic',
    );
    await kept(() => keyA.post('/api/ingest/chirpstack', { data: EXAMPLE_PAYLOAD }), 'chirpstack');
    await kept(
      () =>
        keyA.post('/api/ingest/generic', {
          deviceEui: device.eui,
          time: 'x',
          values: { a: 'NaN' },
        }),
      'generic',
    );
    await kept(() => keyA.post('/api/ingest/ttn', { uplink_message: {} }), 'ttn');
    await kept(() => keyA.post('/api/ingest/generic', []), 'generic');
    const tooMany = Array.from({ length: 5001 }, () => ({
      deviceEui: device.eui,
      time: 'x',
      values: {},
    }));
    await kept(() => keyA.post('/api/ingest/generic', tooMany), 'generic');
    // Another event than `up` is not kept.
    await expectNothingWritten(() => keyA.post('/api/ingest/chirpstack?event=join', []), 400);
  });

  // Issue 26, finding 2: an uplink whose decoded object nested 5,000 levels answered 500.
  it('refuses a body nested deeper than 64 levels with 400 JSON_TOO_DEEP, on every route', async () => {
    const deep = (uplink: object, key: string, depth: number) =>
      `${JSON.stringify(uplink).slice(0, -1)},"${key}":${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}}`;
    const raw = (url: string, body: string) =>
      keyA.post(url, body, { headers: { 'content-type': 'application/json' } });
    const ttn = {
      end_device_ids: { device_id: 'x', dev_eui: device.eui },
      uplink_message: { f_cnt: 1, frm_payload: EXAMPLE_PAYLOAD },
    };
    for (const [url, body] of [
      ['/api/ingest/chirpstack', deep(chirpstack(), 'object', 5000)],
      ['/api/ingest/ttn', deep(ttn, 'decoded_payload', 5000)],
      ['/api/ingest/generic', deep({ deviceEui: device.eui, values: {} }, 'extra', 65)],
    ] as const) {
      const res = await expectNothingWritten(() => raw(url, body), 400);
      expect(res.json()).toEqual({
        code: 'JSON_TOO_DEEP',
        error: 'Pyynnön JSON on liian syvälle sisäkkäinen (enintään 64 tasoa)',
      });
    }
    // A session route too; 64 levels still parse (and are then judged by the route's schema).
    const account = await as('Käyttäjä', 'A').patch('/api/users-own', deep({}, 'x', 5000), {
      headers: { 'content-type': 'application/json' },
    });
    expect([account.statusCode, account.json().code]).toEqual([400, 'JSON_TOO_DEEP']);
    const fine = await raw('/api/ingest/generic', deep({ deviceEui: device.eui }, 'values', 63));
    expect(fine.json().code).not.toBe('JSON_TOO_DEEP');
  });

  it('refuses bodies over the limits with 413', async () => {
    const big = JSON.stringify(chirpstack({ padding: 'x'.repeat(1024 * 1024) }));
    const res = await expectNothingWritten(
      () =>
        keyA.post('/api/ingest/chirpstack', big, {
          headers: { 'content-type': 'application/json' },
        }),
      413,
    );
    expect((res as unknown as { json(): { code: string } }).json().code).toBe('PAYLOAD_TOO_LARGE');
    const huge = `[${'{"deviceEui":"x","time":"x","values":{}},'.repeat(260_000)}{}]`;
    await expectNothingWritten(
      () =>
        keyA.post('/api/ingest/generic', huge, { headers: { 'content-type': 'application/json' } }),
      413,
    );
  });

  it('answers a missing, wrong or revoked key 401, then 429 for the address', async () => {
    const body = chirpstack();
    const anonymous = await expectNothingWritten(
      () => as.anonymous.post('/api/ingest/chirpstack', body),
      401,
    );
    expect((anonymous as unknown as { json(): { code: string } }).json().code).toBe(
      'ingest.INGEST_KEY_INVALID',
    );
    await expectNothingWritten(
      () => as.withToken('vahti_ik_wrong').post('/api/ingest/chirpstack', body),
      401,
    );
    // A session token is not an ingest key.
    const session = await as.token('Ylläpitäjä', 'A');
    await expectNothingWritten(
      () => as.withToken(session).post('/api/ingest/chirpstack', body),
      401,
    );
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) {
      expect(
        (await as.withToken('vahti_ik_guess').post('/api/ingest/ttn', {}, { ip })).statusCode,
      ).toBe(401);
    }
    const limited = await as.withToken('vahti_ik_guess').post('/api/ingest/ttn', {}, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
  });

  it('finds devices only in the key’s organization: B’s key cannot write to A’s device', async () => {
    const before = (await readings()).length;
    await expectRejected(() => keyB.post('/api/ingest/chirpstack', chirpstack()), 'unknownDevice');
    expect((await readings()).length).toBe(before);
    const rows = await db()
      .select()
      .from(rejectedUplinks)
      .where(eq(rejectedUplinks.organizationId, fx.orgB.id));
    expect(rows.some((r) => r.deviceEui === device.eui.toLowerCase())).toBe(true);
  });
});

// Issue 25, protocol coverage: ChirpStack's Protobuf marshaler answered 415; The Things Stack
// devices without dev_eui were refused; simulated TTS uplinks became readings and alarms.
describe(`ChirpStack Protobuf and The Things Stack device ids (${DRIVER})`, () => {
  /** 400, nothing stored, one rejected uplink (malformed) of the source kept, holding `body`. */
  const expectRejectedMalformed = async (
    call: () => Promise<{ statusCode: number }>,
    source: string,
    body?: string,
  ) => {
    const before = [await dataCount(), await rejectedCount()];
    expect((await call()).statusCode).toBe(400);
    expect([await dataCount(), await rejectedCount()]).toEqual([before[0], (before[1] ?? 0) + 1]);
    const [last] = await db()
      .select()
      .from(rejectedUplinks)
      .orderBy(desc(rejectedUplinks.receivedAt), desc(rejectedUplinks.id))
      .limit(1);
    expect(last).toMatchObject({ reason: 'malformed', source, organizationId: fx.orgA.id });
    if (body !== undefined) expect(last?.body).toBe(body);
  };

  const protobuf = (bytes: Buffer, client = keyA, url = '/api/ingest/chirpstack?event=up') =>
    client.post(url, bytes, { headers: { 'content-type': 'application/octet-stream' } });

  it('stores a Protobuf UplinkEvent like its JSON, once; its replay is a duplicate', async () => {
    const event = chirpstack();
    const bytes = uplinkEventBytes({ ...event, devEui: event.deviceInfo.devEui });
    const res = await protobuf(bytes);
    expect([res.statusCode, res.json()]).toEqual([200, { stored: 1, duplicates: 0 }]);
    const [row, ...more] = (await readings()).filter((r) => r.dedupKey === event.deduplicationId);
    expect(more).toHaveLength(0);
    expect(row?.createdAt.toISOString()).toBe(event.time);
    expect(row?.fCnt).toBe(event.fCnt);
    expect(row?.data[device.m.temp.id]).toBeCloseTo(-2);
    expect(row?.data[device.m.hum.id]).toBe(55);
    expect(row?.data[device.m.pressure.id]).toBeCloseTo(1013);

    // ChirpStack retries, in either encoding: nothing more is stored.
    expect((await protobuf(bytes)).json()).toEqual({ stored: 0, duplicates: 1 });
    expect((await keyA.post('/api/ingest/chirpstack?event=up', event)).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    expect((await readings()).filter((r) => r.dedupKey === event.deduplicationId)).toHaveLength(1);
  });

  it('reads a Protobuf object (google.protobuf.Struct) whose keys name measurements', async () => {
    const event = chirpstack();
    const bytes = uplinkEventBytes({
      ...event,
      devEui: event.deviceInfo.devEui,
      data: undefined,
      object: { [device.m.hum.name]: 42 },
    });
    expect((await protobuf(bytes)).json()).toEqual({ stored: 1, duplicates: 0 });
    const row = (await readings()).find((r) => r.dedupKey === event.deduplicationId);
    expect(row?.data).toEqual({ [device.m.hum.id]: 42 });
  });

  it('refuses bytes that are no UplinkEvent with 400 INVALID_PROTOBUF and writes nothing', async () => {
    const res = await expectNothingWritten(() => protobuf(GARBAGE_BYTES), 400);
    expect(res.json()).toEqual({
      code: 'INVALID_PROTOBUF',
      error: 'Pyynnön sisältö ei ole ChirpStackin UplinkEvent-viesti (Protobuf)',
    });
    // A message that decodes but names no device is refused like a JSON body without
    // deviceInfo: 400, kept as a rejected uplink (malformed), with what it decoded to.
    await expectRejectedMalformed(
      () => protobuf(Buffer.from([0x38, 0x07])),
      'chirpstack',
      '{"fCnt":7}',
    );
    // Other events are ignored whatever their encoding; the other routes take JSON only.
    await expectNothingWritten(
      () => protobuf(GARBAGE_BYTES, keyA, '/api/ingest/chirpstack?event=join'),
      204,
    );
    await expectNothingWritten(() => protobuf(GARBAGE_BYTES, keyA, '/api/ingest/ttn'), 415);
    // The 1 MB limit holds for Protobuf bodies too.
    const big = Buffer.concat([
      uplinkEventBytes({ ...chirpstack(), devEui: device.eui }),
      Buffer.alloc(1024 * 1024),
    ]);
    await expectNothingWritten(() => protobuf(big), 413);
  });

  const ttnUplink = (ids: Record<string, string>, more: Record<string, unknown> = {}) => {
    fcnt += 1;
    const receivedAt = new Date(Date.now() - 5000).toISOString();
    return {
      end_device_ids: { application_ids: { application_id: 'vahti' }, ...ids },
      received_at: receivedAt,
      uplink_message: { f_cnt: fcnt, frm_payload: EXAMPLE_PAYLOAD, received_at: receivedAt },
      ...more,
    };
  };
  const dedupOf = (body: ReturnType<typeof ttnUplink>) =>
    `${body.uplink_message.f_cnt}:${body.uplink_message.received_at}`;

  it('finds a The Things Stack device without dev_eui by its device_id, in the key’s organization', async () => {
    const sensor = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    const serial = `TTS-${crypto.randomUUID().slice(0, 8)}`;
    await db()
      .update(devices)
      .set({ deviceSerialNumber: serial })
      .where(eq(devices.deviceId, sensor.deviceId));

    // The Things Stack's default id, eui-<DevEUI>, and an id equal to the serial number.
    for (const id of [`eui-${sensor.eui.toLowerCase()}`, serial.toLowerCase()]) {
      const body = ttnUplink({ device_id: id });
      const res = await keyA.post('/api/ingest/ttn', body);
      expect([res.statusCode, res.json()]).toEqual([200, { stored: 1, duplicates: 0 }]);
      const row = (await readings(sensor.deviceId)).find((r) => r.dedupKey === dedupOf(body));
      expect(row?.data[sensor.m.hum.id]).toBe(55);
    }

    // Organization B's key does not reach A's device by its id, in either form.
    for (const id of [`eui-${sensor.eui.toLowerCase()}`, serial.toLowerCase()]) {
      await expectRejected(
        () => keyB.post('/api/ingest/ttn', ttnUplink({ device_id: id })),
        'unknownDevice',
      );
    }
    expect(await readings(sensor.deviceId)).toHaveLength(2);
    // An id that names no device, or two devices by name: unknownDevice, never a guess.
    await expectRejected(
      () => keyA.post('/api/ingest/ttn', ttnUplink({ device_id: 'ei-tunnettu' })),
      'unknownDevice',
    );
    const twin = `kaksoset-${crypto.randomUUID().slice(0, 8)}`;
    const twins = [
      await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id),
      await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id),
    ];
    for (const each of twins) {
      await db()
        .update(devices)
        .set({ deviceName: twin })
        .where(eq(devices.deviceId, each.deviceId));
    }
    await expectRejected(
      () => keyA.post('/api/ingest/ttn', ttnUplink({ device_id: twin })),
      'unknownDevice',
    );
    // Neither id nor DevEUI: refused, and kept as malformed like any body of the wrong shape.
    await expectRejectedMalformed(() => keyA.post('/api/ingest/ttn', ttnUplink({})), 'ttn');
  });

  it('lists a simulated The Things Stack uplink apart: no reading, no alarm', async () => {
    const sensor = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id, {
      alarming: true,
    });
    // hum 95: above the limit 80, an alarm were it a reading.
    const high = Buffer.from([0xff, 0x38, 95, 0b01, 0x6a, 0x04]).toString('base64');
    const body = ttnUplink({ device_id: 'dev', dev_eui: sensor.eui }, { simulated: true });
    body.uplink_message.frm_payload = high;
    await expectRejected(() => keyA.post('/api/ingest/ttn', body), 'simulated');
    expect(await readings(sensor.deviceId)).toHaveLength(0);
    const alarms = (await as('Ylläpitäjä', 'A').get('/api/alarms/active')).json().alarms;
    expect(alarms.some((a: { alarmDeviceId: string }) => a.alarmDeviceId === sensor.deviceId)).toBe(
      false,
    );
    const listed = (await as('Ylläpitäjä', 'A').get('/api/rejected-uplinks')).json()
      .rejectedUplinks as { reason: string; source: string; deviceEui: string; body: string }[];
    expect(
      listed.find((r) => r.reason === 'simulated' && r.deviceEui === sensor.eui),
    ).toMatchObject({ source: 'ttn' });
  });
});

describe(`the onReadings seam for alarms (${DRIVER})`, () => {
  const serviceWith = (onReadings: OnReadings) => ingestServiceWith(ctx.database.db, onReadings);
  const caller = () => ({ keyId: 'k', organizationId: fx.orgA.id });

  it('hands over only the readings actually inserted, inside the transaction', async () => {
    const calls: { inTransaction: boolean; readings: IngestedReading[] }[] = [];
    const service = serviceWith(async (_scope, readings) => {
      calls.push({ inTransaction: inTransaction(), readings });
      return undefined;
    });
    const body = chirpstack();
    await service.chirpstack(caller(), body);
    await service.chirpstack(caller(), body);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.inTransaction).toBe(true);
    expect(calls[0]?.readings).toHaveLength(1);
    expect(calls[0]?.readings[0]).toMatchObject({
      deviceId: device.deviceId,
      measuredAt: new Date(body.time),
      values: { [device.m.hum.id]: 55 },
    });
  });

  it('rolls the uplink back when it fails', async () => {
    const service = serviceWith(async () => {
      throw new Error('alarm evaluation failed');
    });
    const body = chirpstack();
    await expect(service.chirpstack(caller(), body)).rejects.toThrow('alarm evaluation failed');
    expect((await readings()).some((r) => r.dedupKey === body.deduplicationId)).toBe(false);
  });
});

describe(`uplinks open and close alarms (${DRIVER})`, () => {
  it('opens one alarm above the limit, ignores its replay, and closes it back inside', async () => {
    // hum above 80 opens an 'up' alarm.
    const sensor = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id, {
      alarming: true,
    });
    const uplink = (value: number, minutesAgo: number) => ({
      deviceEui: sensor.eui,
      time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      values: { [sensor.m.hum.id]: value },
    });
    const alarmsOf = async () =>
      (
        (await as('Ylläpitäjä', 'A').get(`/api/alarms?tid=${fx.orgA.target.id}`)).json().alarms as {
          alarmDeviceId: string;
          alarmBreakThrough: string;
          active: boolean;
          value: number;
        }[]
      ).filter((alarm) => alarm.alarmDeviceId === sensor.deviceId);

    const high = uplink(95, 10);
    expect((await keyA.post('/api/ingest/generic', high)).statusCode).toBe(200);
    expect(await alarmsOf()).toMatchObject([{ alarmBreakThrough: 'up', active: true, value: 95 }]);
    const active = (await as('Ylläpitäjä', 'A').get('/api/alarms/active')).json().alarms;
    expect(active.some((a: { alarmDeviceId: string }) => a.alarmDeviceId === sensor.deviceId)).toBe(
      true,
    );

    // The same uplink again adds no reading and no alarm; a second high value keeps the one.
    expect((await keyA.post('/api/ingest/generic', high)).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    await keyA.post('/api/ingest/generic', uplink(97, 9));
    expect(await alarmsOf()).toHaveLength(1);

    // Back inside the limits: the alarm closes.
    await keyA.post('/api/ingest/generic', uplink(50, 8));
    expect(await alarmsOf()).toMatchObject([{ active: false }]);
    // Organization B sees none of it.
    const ofB = (await as('Ylläpitäjä', 'B').get('/api/alarms')).json().alarms;
    expect(ofB.some((a: { alarmDeviceId: string }) => a.alarmDeviceId === sensor.deviceId)).toBe(
      false,
    );
  });
});

describe(`the storage writer (${DRIVER})`, () => {
  const handle = () => withTransactions(db());
  const start = Date.UTC(2025, 2, 1);

  it('stores rows over several statements once each with their rollups; a replay adds nothing', async () => {
    const sensor = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    const writer = createIngestRepository(handle());
    const scope = systemScope('ingest', fx.orgA.id);
    const keys = Array.from({ length: 60 }, () => crypto.randomUUID());
    const row = (i: number): ReadingRow => ({
      organizationId: fx.orgA.id,
      deviceId: sensor.deviceId,
      createdAt: new Date(start + i * 1000),
      receivedAt: new Date(start + i * 1000 + 500),
      fCnt: i % 7 === 0 ? null : i,
      dedupKey: `${i}:"lainattu", {aaltosulut} \\ ja ä`,
      // One row with many keys; the rest with one.
      data:
        i === 1500
          ? Object.fromEntries(keys.map((key, n) => [key, n + 0.5]))
          : { [sensor.m.hum.id]: i },
    });
    const unique = Array.from({ length: 2500 }, (_, i) => row(i));
    // 1,000 rows a statement: row 5 again within the first, row 0 again opening the second.
    const rows = [
      ...unique.slice(0, 10),
      row(5),
      ...unique.slice(10, 999),
      row(0),
      ...unique.slice(999),
    ];
    await createMeasurementPartitions(handle()).ensure(unique.map((r) => r.createdAt));
    const hourlyCount = async () =>
      Number(
        (
          await db()
            .select({ n: sum(measurementHourly.count) })
            .from(measurementHourly)
            .where(eq(measurementHourly.deviceId, sensor.deviceId))
        )[0]?.n ?? 0,
      );

    const inserted = await handle().transaction(() => writer.insertReadings(scope, rows));
    const byTime = (a: ReadingRow, b: ReadingRow) => a.createdAt.getTime() - b.createdAt.getTime();
    expect(inserted.sort(byTime)).toEqual(unique);
    const stored = await readings(sensor.deviceId);
    expect(stored).toHaveLength(2500);
    expect(stored.find((r) => r.dedupKey === unique[1500]?.dedupKey)?.data).toEqual(
      unique[1500]?.data,
    );
    // Every hum reading but the many-key row's once, and each of its 60 keys once.
    expect(await hourlyCount()).toBe(2499 + 60);

    expect(await handle().transaction(() => writer.insertReadings(scope, rows))).toEqual([]);
    expect(await readings(sensor.deviceId)).toHaveLength(2500);
    expect(await hourlyCount()).toBe(2499 + 60);
  });

  it('writes nothing when any row, even in a later statement, is outside the scope', async () => {
    const sensor = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    const rows = Array.from(
      { length: 1500 },
      (_, i): ReadingRow => ({
        organizationId: i === 1400 ? fx.orgB.id : fx.orgA.id,
        deviceId: sensor.deviceId,
        createdAt: new Date(start + i * 1000),
        receivedAt: new Date(start),
        fCnt: i,
        dedupKey: String(i),
        data: { [sensor.m.hum.id]: i },
      }),
    );
    await createMeasurementPartitions(handle()).ensure([new Date(start)]);
    await expect(
      createIngestRepository(db()).insertReadings(systemScope('ingest', fx.orgA.id), rows),
    ).rejects.toThrow('write outside the scope');
    expect(await readings(sensor.deviceId)).toHaveLength(0);
  });
});
