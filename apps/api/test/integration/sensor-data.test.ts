import { readFileSync } from 'node:fs';
import { type GenericUplink, helsinkiDayStart } from '@vahti/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  measurementDaily,
  measurementData,
  measurementHourly,
  organizationApplications,
} from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { deviceTypeOf, freshEui, measurementOf, storeDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

/** A device of the organization's demo type on the target; returns its id and DevEUI. */
async function deviceOfType(organizationId: string, targetId: string, typeName: string) {
  const type = await deviceTypeOf(fx.db, organizationId, typeName);
  const device = await storeDevice(fx.db, { organizationId, targetId, typeId: type.id });
  return { ...device, typeId: type.id };
}

/** Stores readings through the real ingest path (generic batch form), as the organization. */
async function ingest(
  organizationId: string,
  eui: string,
  readings: { at: Date; values: Record<string, number> }[],
) {
  for (let i = 0; i < readings.length; i += 5000) {
    const batch: GenericUplink[] = readings.slice(i, i + 5000).map((r, k) => ({
      deviceEui: eui,
      time: r.at.toISOString(),
      fCnt: i + k,
      values: r.values,
    }));
    const result = await ctx.services.ingest.generic({ keyId: 'test', organizationId }, batch);
    expect(result.rejected ?? []).toEqual([]);
  }
}

const round3 = (x: number) => Math.sign(x) * (Math.round(Math.abs(x) * 1000 + 1e-9) / 1000);

type Row = {
  deviceId: string;
  value: number | null;
  lastAt: string | null;
  min_value: number | null;
  max_value: number | null;
  avg_value: number | null;
  count: number;
};

describe(`sensor data (${DRIVER})`, () => {
  it('stores a measurement’s quantity ("Suure"): other by default, one of the list, else 400', async () => {
    const list = (await as('Ylläpitäjä').get('/api/measurements')).json().measurements as {
      measurementName: string;
      measurementQuantity: string;
    }[];
    expect(list.find((m) => m.measurementName === 'CO2')?.measurementQuantity).toBe('co2');
    expect(list.find((m) => m.measurementName === 'Teho')?.measurementQuantity).toBe('power');
    const body = { measurementSizeInBytes: 2, measurementBitNumber: 1 };
    const plain = await as('Pääkäyttäjä').post('/api/measurements', {
      ...body,
      measurementName: 'Suure oletus',
    });
    expect(plain.json().measurement.measurementQuantity).toBe('other');
    const co2 = await as('Pääkäyttäjä').post('/api/measurements', {
      ...body,
      measurementName: 'Suure CO2',
      measurementQuantity: 'co2',
    });
    expect(co2.statusCode).toBe(201);
    const edited = await as('Pääkäyttäjä').patch('/api/measurements', {
      ...body,
      measurementId: co2.json().measurement.measurementId,
      measurementName: 'Suure CO2',
      measurementQuantity: 'pm25',
    });
    expect(edited.json().measurement.measurementQuantity).toBe('pm25');
    const bad = await as('Pääkäyttäjä').post('/api/measurements', {
      ...body,
      measurementName: 'Suure huono',
      measurementQuantity: 'lämpö',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ measurementQuantity: 'Virheellinen arvo' });
  });

  it('summarises exact min, max, avg and the latest value of the Finnish days, rounded to 3 decimals', async () => {
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const target = await fx.create.target(fx.orgA.id);
    const device = await deviceOfType(fx.orgA.id, target, 'Sisäilma CO2');
    const quiet = await deviceOfType(fx.orgA.id, target, 'Sisäilma CO2');
    // 2026-03-02 … 03-03 in Finnish time is [2026-03-01T22:00Z, 2026-03-03T22:00Z).
    const from = helsinkiDayStart('2026-03-02');
    expect(from.toISOString()).toBe('2026-03-01T22:00:00.000Z');
    const inside: { at: Date; value: number }[] = [
      { at: new Date(from.getTime()), value: 21.2345 },
      { at: new Date(from.getTime() + 5 * 60_000), value: -3.5 },
      { at: new Date(from.getTime() + 20 * HOUR), value: 19 },
      { at: new Date(from.getTime() + 47 * HOUR + 59 * 60_000), value: 22.0004 },
      { at: new Date(from.getTime() + 30 * HOUR), value: 25.5 },
    ];
    const outside: { at: Date; value: number }[] = [
      { at: new Date(from.getTime() - 1000), value: -40 },
      { at: new Date(from.getTime() + 48 * HOUR), value: 99 },
    ];
    // Two batches, the second reaching back into hours the first filled: the rollup merges.
    await ingest(
      fx.orgA.id,
      device.eui,
      pick([inside[2], inside[3], outside[0]]).map(reading(temp)),
    );
    await ingest(
      fx.orgA.id,
      device.eui,
      pick([inside[0], inside[1], inside[4], outside[1]]).map(reading(temp)),
    );

    const res = await as('Ylläpitäjä').get(
      `/api/target-measurements?tid=${target}&mid=${temp}&sd=2026-03-02&ed=2026-03-03`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Mittaustiedot haettu');
    const rows = res.json().rows as Row[];
    expect(rows.map((r) => r.deviceId).sort()).toEqual([device.id, quiet.id].sort());
    const values = inside.map((r) => r.value);
    expect(rows.find((r) => r.deviceId === device.id)).toMatchObject({
      targetId: target,
      measurementId: temp,
      measurementName: 'Lämpötila',
      measurementUnit: '°C',
      value: 22,
      lastAt: inside[3]?.at.toISOString(),
      min_value: -3.5,
      max_value: 25.5,
      avg_value: round3(values.reduce((a, b) => a + b, 0) / values.length),
      count: 5,
      lowLimit: expect.any(Number),
      highLimit: expect.any(Number),
    });
    expect(rows.find((r) => r.deviceId === quiet.id)).toMatchObject({
      value: null,
      lastAt: null,
      min_value: null,
      max_value: null,
      avg_value: null,
      count: 0,
    });
    // A replay stores nothing and changes nothing.
    await ingest(
      fx.orgA.id,
      device.eui,
      pick([inside[0], inside[1], inside[4], outside[1]]).map(reading(temp)),
    );
    const again = await as('Ylläpitäjä').get(
      `/api/target-measurements?did=${device.id}&mid=${temp}&sd=2026-03-02&ed=2026-03-03`,
    );
    expect((again.json().rows as Row[])[0]).toMatchObject({ count: 5, min_value: -3.5 });
    // Rounding: 3 decimals, half away from zero.
    const one = await as('Ylläpitäjä').get(
      `/api/target-measurements?did=${device.id}&mid=${temp}&sd=2026-03-02&ed=2026-03-02`,
    );
    expect((one.json().rows as Row[])[0]).toMatchObject({
      min_value: -3.5,
      max_value: 21.235,
      count: 3,
      value: 19,
    });
  });

  it('agrees with the raw rows on many random readings, also across daylight saving', async () => {
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const target = await fx.create.target(fx.orgA.id);
    const device = await deviceOfType(fx.orgA.id, target, 'Sisäilma CO2');
    // 2026-03-27 … 04-01 includes the spring change (29 March).
    const start = helsinkiDayStart('2026-03-27').getTime();
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const readings = Array.from({ length: 900 }, (_, i) => ({
      at: new Date(start - 3 * HOUR + i * 11 * 60_000 + Math.floor(random() * 60_000)),
      value: Math.round((random() * 60 - 20) * 10_000) / 10_000,
    }));
    // Out of time order, in three batches.
    const shuffled = [...readings].sort(() => random() - 0.5);
    for (let i = 0; i < 3; i++)
      await ingest(
        fx.orgA.id,
        device.eui,
        shuffled.slice(i * 300, (i + 1) * 300).map(reading(temp)),
      );
    for (const [sd, ed] of [
      ['2026-03-27', '2026-03-27'],
      ['2026-03-28', '2026-03-29'],
      ['2026-03-26', '2026-04-02'],
    ] as const) {
      const from = helsinkiDayStart(sd).getTime();
      const to = helsinkiDayStart(nextDay(ed)).getTime();
      const chosen = readings.filter((r) => r.at.getTime() >= from && r.at.getTime() < to);
      const latest = chosen.reduce((a, b) => (b.at > a.at ? b : a));
      const res = await as('Ylläpitäjä').get(
        `/api/target-measurements?did=${device.id}&mid=${temp}&sd=${sd}&ed=${ed}`,
      );
      const values = chosen.map((r) => r.value);
      expect((res.json().rows as Row[])[0], `${sd}…${ed}`).toMatchObject({
        count: chosen.length,
        min_value: round3(Math.min(...values)),
        max_value: round3(Math.max(...values)),
        avg_value: round3(values.reduce((a, b) => a + b, 0) / values.length),
        value: round3(latest.value),
        lastAt: latest.at.toISOString(),
      });
    }
    // The hourly rollup holds exactly what the raw rows hold.
    const [raw] = await fx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(measurementData)
      .where(eq(measurementData.deviceId, device.id));
    expect(raw?.n).toBe(900);
  });

  it('follows the range: raw readings for days, hourly means for weeks, daily means for a year (issue 27)', async () => {
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const target = await fx.create.target(fx.orgA.id);
    const device = await deviceOfType(fx.orgA.id, target, 'Sisäilma CO2');
    const start = helsinkiDayStart('2026-02-01').getTime();
    // 20 days at 20 minutes: 1,440 readings, a spike and a dip in the middle.
    const readings = Array.from({ length: 1440 }, (_, i) => ({
      at: new Date(start + i * 20 * 60_000),
      value: 20 + Math.sin(i / 30),
    }));
    readings[700] = { at: readings[700]?.at as Date, value: 80 };
    readings[701] = { at: readings[701]?.at as Date, value: -15 };
    await ingest(fx.orgA.id, device.eui, readings.map(reading(temp)));
    const series = async (query: string) => {
      const res = await as('Ylläpitäjä').get(
        `/api/measurement-data/${device.id}?mid=${temp}&${query}`,
      );
      expect(res.statusCode, query).toBe(200);
      return res.json() as {
        resolution: string;
        bucketMinutes: number | null;
        downsampled: boolean;
        measurementData: { createdAt: string; data: Record<string, number> }[];
        band: { createdAt: string; min: number; max: number }[];
        alarms: { createdAt: string; alarmBreakThrough: string; value: number }[];
      };
    };
    const mean = (values: number[]) => round3(values.reduce((a, b) => a + b, 0) / values.length);
    const valuesIn = (from: number, to: number) =>
      readings.filter((r) => r.at.getTime() >= from && r.at.getTime() < to).map((r) => r.value);

    // A day: every reading, no band.
    const day = await series('sd=2026-02-02&ed=2026-02-02&width=400');
    expect(day).toMatchObject({ resolution: 'raw', bucketMinutes: null, downsampled: false });
    expect(day.band).toEqual([]);
    expect(day.measurementData).toHaveLength(72);
    expect(day.measurementData[0]).toEqual({
      createdAt: new Date(start + 72 * 20 * 60_000).toISOString(),
      data: { [temp]: readings[72]?.value },
    });

    // Three days on 100 px (216 readings > 2 a pixel): means of 44-minute buckets.
    const narrow = await series('sd=2026-02-01&ed=2026-02-03&width=100');
    expect(narrow).toMatchObject({ resolution: 'minutes', bucketMinutes: 44, downsampled: true });
    expect(narrow.measurementData.length).toBeLessThanOrEqual(100);
    expect(narrow.band).toHaveLength(narrow.measurementData.length);
    const bucket = 44 * 60_000;
    expect(narrow.measurementData[1]).toEqual({
      createdAt: new Date(start + bucket).toISOString(),
      data: { [temp]: mean(valuesIn(start + bucket, start + 2 * bucket)) },
    });

    // 20 days: the hourly rollup's means and extremes, whatever the width.
    const weeks = await series('sd=2026-02-01&ed=2026-02-20&width=100');
    expect(weeks).toMatchObject({ resolution: 'hour', bucketMinutes: null, downsampled: true });
    expect(weeks.measurementData).toHaveLength(480);
    expect(weeks.band).toHaveLength(480);
    expect((await series('sd=2026-02-01&ed=2026-02-20&width=1200')).measurementData).toEqual(
      weeks.measurementData,
    );
    const spikeHour = Math.floor((readings[700]?.at.getTime() ?? 0) / HOUR) * HOUR;
    const dipHour = Math.floor((readings[701]?.at.getTime() ?? 0) / HOUR) * HOUR;
    const hourIndex = weeks.band.findIndex(
      (b) => b.createdAt === new Date(spikeHour).toISOString(),
    );
    expect(weeks.band[hourIndex]?.max).toBe(80);
    expect(weeks.band.find((b) => b.createdAt === new Date(dipHour).toISOString())?.min).toBe(-15);
    expect(weeks.measurementData[hourIndex]?.data[temp]).toBe(
      mean(valuesIn(spikeHour, spikeHour + HOUR)),
    );
    const times = weeks.measurementData.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The spike opened an alarm (ingest evaluated it against the default limits 18…28).
    expect(weeks.alarms).toContainEqual(
      expect.objectContaining({
        createdAt: readings[700]?.at.toISOString(),
        alarmBreakThrough: 'up',
        value: 80,
      }),
    );

    // A year: one mean per Finnish day with readings, at the day's start.
    const year = await series('sd=2025-03-01&ed=2026-02-28&width=1200');
    expect(year).toMatchObject({ resolution: 'day', bucketMinutes: null, downsampled: true });
    expect(year.measurementData).toHaveLength(20);
    const feb10 = helsinkiDayStart('2026-02-10').getTime();
    const feb11 = helsinkiDayStart('2026-02-11').getTime();
    const index = year.measurementData.findIndex(
      (p) => p.createdAt === new Date(feb10).toISOString(),
    );
    expect(year.measurementData[index]?.data[temp]).toBe(mean(valuesIn(feb10, feb11)));
    expect(year.band[index]).toEqual({
      createdAt: new Date(feb10).toISOString(),
      min: Math.min(...valuesIn(feb10, feb11)),
      max: Math.max(...valuesIn(feb10, feb11)),
    });
    expect(year.band.map((b) => b.max)).toContain(80);
  });

  it('refuses bad ranges with 400 on ed and unknown or foreign ids with 404, in Finnish', async () => {
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const device = await deviceOfType(fx.orgA.id, fx.orgA.target.id, 'Sisäilma CO2');
    const foreign = await deviceOfType(fx.orgB.id, fx.orgB.target.id, 'Sisäilma CO2');
    const foreignTemp = await measurementOf(fx.db, fx.orgB.id, 'Lämpötila');
    const admin = as('Ylläpitäjä');
    for (const url of [
      `/api/target-measurements?mid=${temp}&sd=2026-03-05&ed=2026-03-04`,
      `/api/measurement-data/${device.id}?mid=${temp}&sd=2026-03-05&ed=2026-03-04`,
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'Tarkasta annetut tiedot',
        fields: { ed: 'Loppupäivä ei voi olla ennen alkupäivää' },
      });
    }
    const long = await admin.get(
      `/api/target-measurements?mid=${temp}&sd=2006-01-01&ed=2025-12-31`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ ed: 'Aikaväli voi olla enintään 3 vuotta' });
    const three = await admin.get(
      `/api/target-measurements?mid=${temp}&sd=2023-01-01&ed=2025-12-31`,
    );
    expect(three.statusCode).toBe(200);
    // Not real days (the range check must not trip over them: the fuzz found a 500 there).
    for (const query of [
      'sd=2026-02-30',
      'sd=0000-00-00',
      'ed=9999-99-99',
      'sd=2026-01-01&ed=2026-13-01',
      'width=99',
      'width=4001',
      'mid=x',
      'did=x',
    ]) {
      const res = await admin.get(`/api/measurement-data/${device.id}?mid=${temp}&${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await admin.get(`/api/target-measurements?sd=2026-01-01`)).json().fields).toEqual({
      mid: 'Virheellinen arvo',
    });

    const notFound = async (url: string, error: string) => {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe(error);
    };
    await notFound(`/api/measurement-data/${foreign.id}?mid=${temp}`, 'Mittaria ei löytynyt');
    await notFound(`/api/measurement-data/${fx.missing}?mid=${temp}`, 'Mittaria ei löytynyt');
    await notFound(`/api/measurement-data/${device.id}?mid=${fx.missing}`, 'Mittausta ei löytynyt');
    await notFound(
      `/api/measurement-data/${device.id}?mid=${foreignTemp}`,
      'Mittausta ei löytynyt',
    );
    await notFound(`/api/target-measurements?mid=${fx.missing}`, 'Mittausta ei löytynyt');
    await notFound(
      `/api/target-measurements?mid=${temp}&did=${foreign.id}`,
      'Mittaria ei löytynyt',
    );
    await notFound(
      `/api/target-measurements?mid=${temp}&tid=${fx.orgB.target.id}`,
      'Kohdetta ei löytynyt',
    );
    await notFound(`/api/measurements-by-target?tid=${fx.orgB.target.id}`, 'Kohdetta ei löytynyt');
    // A device not on the targets given.
    const elsewhere = await fx.create.target(fx.orgA.id);
    await notFound(
      `/api/target-measurements?mid=${temp}&tid=${elsewhere}&did=${device.id}`,
      'Mittaria ei löytynyt',
    );
    // A measurement the device's type does not carry.
    const pm = await measurementOf(fx.db, fx.orgA.id, 'PM10');
    await notFound(`/api/measurement-data/${device.id}?mid=${pm}`, 'Mittausta ei löytynyt');
  });

  it('shows a Käyttäjä only the devices of linked targets', async () => {
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const linked = await deviceOfType(fx.orgA.id, fx.orgA.target.id, 'Sisäilma CO2');
    const unlinkedTarget = await fx.create.target(fx.orgA.id);
    const unlinked = await deviceOfType(fx.orgA.id, unlinkedTarget, 'Sisäilma CO2');
    const user = as('Käyttäjä');

    const rows = (await user.get(`/api/target-measurements?mid=${temp}`)).json().rows as Row[];
    const ids = rows.map((r) => r.deviceId);
    expect(ids).toContain(linked.id);
    expect(ids).not.toContain(unlinked.id);
    const admin = (await as('Ylläpitäjä').get(`/api/target-measurements?mid=${temp}`)).json()
      .rows as Row[];
    expect(admin.map((r) => r.deviceId)).toEqual(expect.arrayContaining([linked.id, unlinked.id]));

    expect((await user.get(`/api/measurement-data/${linked.id}?mid=${temp}`)).statusCode).toBe(200);
    expect((await user.get(`/api/measurement-data/${unlinked.id}?mid=${temp}`)).statusCode).toBe(
      404,
    );
    expect(
      (await user.get(`/api/target-measurements?mid=${temp}&did=${unlinked.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await user.get(`/api/target-measurements?mid=${temp}&tid=${unlinkedTarget}`)).statusCode,
    ).toBe(404);
    expect((await user.get(`/api/measurements-by-target?tid=${unlinkedTarget}`)).statusCode).toBe(
      404,
    );
    const picker = await user.get(`/api/measurements-by-target?tid=${fx.orgA.target.id}`);
    expect(picker.statusCode).toBe(200);
    expect(picker.json().measurements).toContainEqual({
      measurementID: temp,
      measurementName: 'Lämpötila',
      measurementUnit: '°C',
      quantity: 'temperature',
    });
  });

  it('gates the readings by the organization’s applications: indoor air (2) and power guard (1)', async () => {
    // Organization B has indoor air only: its energy meter's readings are not found.
    const energyB = await measurementOf(fx.db, fx.orgB.id, 'Energia');
    const typeB = await energyTypeOf(fx.orgB.id, energyB);
    const meter = await fx.db
      .insert(devices)
      .values({
        organizationId: fx.orgB.id,
        deviceTargetId: fx.orgB.target.id,
        deviceTypeId: typeB,
        deviceQrCode: 'QR-energia-b',
        deviceName: 'Energiamittari B',
        deviceEui: freshEui(),
        deviceSerialNumber: 'SN-E',
        deviceComissioiningDay: '2026-01-01',
        deviceLocation: 'Kellari',
        deviceLatitude: 60,
        deviceLongitude: 25,
        deviceSwVersion: '1',
        deviceProductCode: 'E',
      })
      .returning({ id: devices.deviceId });
    const adminB = as('Ylläpitäjä', 'B');
    expect((await adminB.get(`/api/target-measurements?mid=${energyB}`)).statusCode).toBe(404);
    expect(
      (await adminB.get(`/api/measurement-data/${meter[0]?.id}?mid=${energyB}`)).statusCode,
    ).toBe(404);
    const pickerB = (
      await adminB.get(`/api/measurements-by-target?tid=${fx.orgB.target.id}`)
    ).json().measurements as { quantity: string }[];
    expect(pickerB.length).toBeGreaterThan(0);
    expect(pickerB.filter((m) => m.quantity === 'energy' || m.quantity === 'power')).toEqual([]);

    // Organization A has both; without indoor air its temperature is not found, energy still is.
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const energyA = await measurementOf(fx.db, fx.orgA.id, 'Energia');
    const admin = as('Ylläpitäjä');
    expect((await admin.get(`/api/target-measurements?mid=${energyA}`)).statusCode).toBe(200);
    await fx.db
      .delete(organizationApplications)
      .where(
        and(
          eq(organizationApplications.organizationId, fx.orgA.id),
          eq(organizationApplications.applicationId, 2),
        ),
      );
    try {
      expect((await admin.get(`/api/target-measurements?mid=${temp}`)).statusCode).toBe(404);
      expect((await admin.get(`/api/target-measurements?mid=${energyA}`)).statusCode).toBe(200);
      const picker = (await admin.get('/api/measurements-by-target')).json().measurements as {
        quantity: string;
      }[];
      expect(new Set(picker.map((m) => m.quantity))).toEqual(new Set(['energy', 'power']));
    } finally {
      await fx.db
        .insert(organizationApplications)
        .values({ organizationId: fx.orgA.id, applicationId: 2 });
    }
  });

  it('streams raw rows in keyset pages, in time order per device', async () => {
    const temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    const target = await fx.create.target(fx.orgA.id);
    const first = await deviceOfType(fx.orgA.id, target, 'Sisäilma CO2');
    const second = await deviceOfType(fx.orgA.id, target, 'Sisäilma CO2');
    const start = helsinkiDayStart('2026-01-10').getTime();
    // More than one page (5,000) for the first device; same instants on purpose.
    const many = Array.from({ length: 5003 }, (_, i) => ({
      at: new Date(start + Math.floor(i / 2) * 60_000),
      // Distinct and within the temperature's physical bounds (−60…120 °C).
      value: i / 100,
    }));
    await ingest(fx.orgA.id, first.eui, many.map(reading(temp)));
    await ingest(fx.orgA.id, second.eui, many.slice(0, 3).map(reading(temp)));
    const user = await fx.user('A', 'Ylläpitäjä');
    const iterable = await ctx.services.sensorData.rawRows(
      {
        userId: user.id,
        userEmail: user.email,
        userRoles: 'Ylläpitäjä',
        userPermissions: [1, 2, 3, 4],
        organizationId: fx.orgA.id,
      },
      { tid: [target], mid: temp, sd: '2026-01-10', ed: '2026-01-12' },
    );
    const got: { deviceId: string; createdAt: Date; value: number }[] = [];
    for await (const row of iterable) got.push(row);
    expect(got.length).toBe(5006);
    const firstRows = got.filter((r) => r.deviceId === first.id);
    expect(firstRows.map((r) => r.value).sort((a, b) => a - b)).toEqual(many.map((r) => r.value));
    const times = firstRows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('rebuilds, by the migration’s back-fill, exactly the rollups the ingest kept', async () => {
    // Runs last: it empties both rollups and fills them again from every stored reading.
    const migration = readFileSync(
      new URL('../../src/db/migrations/0013_sensor_rollups.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1) as string;
    expect(backfill).toContain('insert into measurement_daily');
    const snapshot = async () => ({
      hourly: await fx.db
        .select()
        .from(measurementHourly)
        .orderBy(
          measurementHourly.deviceId,
          measurementHourly.measurementId,
          measurementHourly.hour,
        ),
      daily: await fx.db
        .select()
        .from(measurementDaily)
        .orderBy(measurementDaily.deviceId, measurementDaily.measurementId, measurementDaily.day),
    });
    const kept = await snapshot();
    expect(kept.hourly.length).toBeGreaterThan(100);
    await fx.db.delete(measurementHourly);
    await fx.db.delete(measurementDaily);
    await fx.db.execute(sql.raw(backfill));
    const rebuilt = await snapshot();
    // Sums may differ in the last bit (another order of additions); everything else is exact.
    const close = (rows: { sumValue: number }[]) =>
      rows.map((row) => ({ ...row, sumValue: Math.round(row.sumValue * 1e6) / 1e6 }));
    expect(close(rebuilt.hourly)).toEqual(close(kept.hourly));
    expect(close(rebuilt.daily)).toEqual(close(kept.daily));
  });
});

const pick = <T>(list: (T | undefined)[]) => list.filter((x): x is T => x !== undefined);

const reading = (mid: string) => (r: { at: Date; value: number }) => ({
  at: r.at,
  values: { [mid]: r.value },
});

function nextDay(day: string) {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The organization's own energy meter type (made here when it has none). */
async function energyTypeOf(organizationId: string, energy: string) {
  const [existing] = await fx.db
    .select({ id: deviceTypeMeasurements.deviceTypeId })
    .from(deviceTypeMeasurements)
    .innerJoin(deviceTypes, eq(deviceTypes.deviceTypeId, deviceTypeMeasurements.deviceTypeId))
    .where(
      and(
        eq(deviceTypeMeasurements.measurementId, energy),
        eq(deviceTypes.organizationId, organizationId),
      ),
    )
    .orderBy(asc(deviceTypes.deviceTypeName));
  if (existing) return existing.id;
  const [type] = await fx.db
    .insert(deviceTypes)
    .values({ organizationId, deviceTypeName: 'Energiamittari (testi)' })
    .returning({ id: deviceTypes.deviceTypeId });
  if (!type) throw new Error('type not stored');
  await fx.db
    .insert(deviceTypeMeasurements)
    .values({ deviceTypeId: type.id, position: 0, measurementId: energy });
  return type.id;
}
