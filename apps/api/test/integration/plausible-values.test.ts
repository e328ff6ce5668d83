// Issue 26, finding 5: impossible readings and loosely parsed times. An uplink with a value
// outside its measurement's physical bounds, or a time that is not RFC 3339, is kept as a
// rejected uplink with its reason and field, and nothing of it reaches readings or summaries.
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTypeMeasurements, deviceTypes, measurementData } from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { storeDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let key: Client;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Rajat' });
  key = as.withToken(res.json().key as string);
});
afterAll(() => ctx.close());

const admin = () => as('Ylläpitäjä', 'A');
const readingsOf = async (deviceId: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(measurementData)
      .where(eq(measurementData.deviceId, deviceId))
  )[0]?.n ?? 0;

/** A measurement made through the API (bounds as given, else the quantity's defaults). */
async function createMeasurement(quantity: string, more: object = {}) {
  const res = await admin().post('/api/measurements', {
    measurementName: `${quantity} ${randomBytes(4).toString('hex')}`,
    measurementSizeInBytes: 2,
    measurementBitNumber: 1,
    measurementQuantity: quantity,
    ...more,
  });
  expect(res.statusCode).toBe(201);
  return res.json().measurement as {
    measurementId: string;
    measurementName: string;
    measurementValidMin: number | null;
    measurementValidMax: number | null;
  };
}

/** A device of a fresh type carrying the measurements, on organization A's target. */
async function deviceWith(...measurementIds: string[]) {
  const db = ctx.database.db;
  const [type] = await db
    .insert(deviceTypes)
    .values({
      organizationId: fx.orgA.id,
      deviceTypeName: `Raja ${randomBytes(4).toString('hex')}`,
    })
    .returning({ id: deviceTypes.deviceTypeId });
  if (!type) throw new Error('type not stored');
  await db.insert(deviceTypeMeasurements).values(
    measurementIds.map((measurementId, position) => ({
      deviceTypeId: type.id,
      position,
      measurementId,
    })),
  );
  return storeDevice(db, {
    organizationId: fx.orgA.id,
    targetId: fx.orgA.target.id,
    typeId: type.id,
  });
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const generic = (deviceEui: string, values: Record<string, number>, time = minutesAgo(5)) =>
  key.post('/api/ingest/generic', { deviceEui, time, values });

async function newestRejected() {
  const res = await admin().get('/api/rejected-uplinks');
  expect(res.statusCode).toBe(200);
  return res.json().rejectedUplinks[0];
}

describe(`plausible values (${DRIVER})`, () => {
  it('gives a new measurement the default bounds of its quantity, none for other', async () => {
    expect(await createMeasurement('temperature')).toMatchObject({
      measurementValidMin: -60,
      measurementValidMax: 120,
    });
    expect(await createMeasurement('humidity')).toMatchObject({
      measurementValidMin: 0,
      measurementValidMax: 100,
    });
    expect(await createMeasurement('other')).toMatchObject({
      measurementValidMin: null,
      measurementValidMax: null,
    });
  });

  it('rejects 1e308 °C as invalidValue, lists it, and leaves the summary alone', async () => {
    const temp = await createMeasurement('temperature', { measurementUnit: '°C' });
    const hum = await createMeasurement('humidity');
    const device = await deviceWith(temp.measurementId, hum.measurementId);

    const good = await generic(device.eui, { [temp.measurementId]: 21.5, [hum.measurementId]: 40 });
    expect(good.json()).toEqual({ stored: 1, duplicates: 0 });

    // The generic form, by id; one bad value rejects the whole uplink (humidity too).
    const bad = await generic(
      device.eui,
      { [temp.measurementId]: 1e308, [hum.measurementId]: 41 },
      minutesAgo(4),
    );
    expect(bad.statusCode).toBe(202);
    expect(bad.json()).toEqual({ stored: 0, duplicates: 0, rejected: ['invalidValue'] });
    expect(await newestRejected()).toMatchObject({
      source: 'generic',
      reason: 'invalidValue',
      field: temp.measurementName,
      deviceEui: device.eui,
    });

    // A ChirpStack uplink with a codec's decoded object (the Elsys codec names its keys after
    // what they measure; here the measurements' names): -1e308 and 101 % are refused too.
    const chirpstack = (object: object, at: string) =>
      key.post('/api/ingest/chirpstack?event=up', {
        deduplicationId: crypto.randomUUID(),
        time: at,
        deviceInfo: { devEui: device.eui.toLowerCase() },
        fCnt: 9,
        object,
      });
    for (const [object, field] of [
      [{ [temp.measurementName]: -1e308, [hum.measurementName]: 40 }, temp.measurementName],
      [{ [temp.measurementName]: 22, [hum.measurementName]: 101 }, hum.measurementName],
    ] as const) {
      const res = await chirpstack(object, minutesAgo(3));
      expect(res.json()).toEqual({ stored: 0, duplicates: 0, rejected: ['invalidValue'] });
      expect(await newestRejected()).toMatchObject({
        source: 'chirpstack',
        reason: 'invalidValue',
        field,
      });
    }
    expect(await readingsOf(device.id)).toBe(1);

    const summary = await admin().get(
      `/api/target-measurements?did=${device.id}&mid=${temp.measurementId}`,
    );
    expect(summary.statusCode).toBe(200);
    expect(summary.json().rows[0]).toMatchObject({
      value: 21.5,
      min_value: 21.5,
      max_value: 21.5,
      avg_value: 21.5,
      count: 1,
    });
  });

  it('uses a bound edited on the measurement', async () => {
    const sauna = await createMeasurement('temperature');
    const device = await deviceWith(sauna.measurementId);
    const edit = await admin().patch('/api/measurements', {
      measurementId: sauna.measurementId,
      measurementName: sauna.measurementName,
      measurementSizeInBytes: 2,
      measurementBitNumber: 1,
      measurementQuantity: 'temperature',
      measurementValidMin: 0,
      measurementValidMax: 150,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().measurement).toMatchObject({
      measurementValidMin: 0,
      measurementValidMax: 150,
    });
    // 130 °C is past the default 120 but within the edited bound; -1 is below the new minimum.
    expect((await generic(device.eui, { [sauna.measurementId]: 130 })).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect(
      (await generic(device.eui, { [sauna.measurementId]: -1 }, minutesAgo(2))).json(),
    ).toMatchObject({ stored: 0, rejected: ['invalidValue'] });
  });

  it('refuses bounds in the wrong order with the field named, and keeps the measurement', async () => {
    const temp = await createMeasurement('temperature');
    const body = {
      measurementId: temp.measurementId,
      measurementName: temp.measurementName,
      measurementSizeInBytes: 2,
      measurementBitNumber: 1,
      measurementQuantity: 'temperature',
    };
    // Both given, and one given above the other's default (120).
    for (const bounds of [
      { measurementValidMin: 10, measurementValidMax: 5 },
      { measurementValidMin: 130 },
    ]) {
      const res = await admin().patch('/api/measurements', { ...body, ...bounds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { measurementValidMax: 'Alarajan pitää olla pienempi kuin yläraja' },
      });
    }
    const list = await admin().get('/api/measurements');
    expect(
      list
        .json()
        .measurements.find(
          (m: { measurementId: string }) => m.measurementId === temp.measurementId,
        ),
    ).toMatchObject({ measurementValidMin: -60, measurementValidMax: 120 });
  });
});

describe(`strict times (${DRIVER})`, () => {
  it('rejects an ingest time that is not RFC 3339 as invalidTime, naming the field', async () => {
    const temp = await createMeasurement('temperature');
    const device = await deviceWith(temp.measurementId);
    for (const time of ['0', '2026-02-30', '2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z']) {
      const res = await generic(device.eui, { [temp.measurementId]: 20 }, time);
      expect(res.json(), time).toEqual({ stored: 0, duplicates: 0, rejected: ['invalidTime'] });
      expect(await newestRejected()).toMatchObject({ reason: 'invalidTime', field: 'time' });
    }
    const ttn = await key.post('/api/ingest/ttn', {
      end_device_ids: { device_id: 'dev', dev_eui: device.eui },
      uplink_message: {
        f_cnt: 1,
        decoded_payload: { [temp.measurementName]: 20 },
        received_at: '0',
      },
    });
    expect(ttn.json()).toEqual({ stored: 0, duplicates: 0, rejected: ['invalidTime'] });
    expect(await newestRejected()).toMatchObject({
      source: 'ttn',
      reason: 'invalidTime',
      field: 'received_at',
    });
    expect(await readingsOf(device.id)).toBe(0);
    // An offset other than Z is RFC 3339 too.
    const ok = await generic(
      device.eui,
      { [temp.measurementId]: 20 },
      '2026-01-15T12:00:00.5+02:00',
    );
    expect(ok.json()).toEqual({ stored: 1, duplicates: 0 });
  });

  it('answers a day that does not exist in a query with 400 naming the field', async () => {
    const temp = await createMeasurement('temperature');
    for (const sd of ['2026-02-30', '0', '2026-13-01']) {
      const res = await admin().get(`/api/target-measurements?mid=${temp.measurementId}&sd=${sd}`);
      expect(res.statusCode, sd).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { sd: 'Virheellinen arvo' },
      });
    }
  });
});
