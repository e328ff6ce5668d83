import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type GenericUplink, helsinkiDayStart } from '@vahti/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SensorRawRow } from '../../src/modules/sensor-data/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { bearer, DRIVER, type TestContext } from '../helpers/app.js';
import {
  createDevice,
  deviceTypeOf,
  measurementOf,
  storeDevice,
} from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A device of the organization's demo type 'Sisäilma CO2' (temperature, humidity, CO2). */
async function sensor(organizationId: string, targetId: string, name: string, location: string) {
  const type = await deviceTypeOf(fx.db, organizationId, 'Sisäilma CO2');
  return storeDevice(fx.db, { organizationId, targetId, typeId: type.id, name, location });
}

/** Stores readings of one measurement through the real ingest path, as the organization. */
async function ingest(
  organizationId: string,
  eui: string,
  measurementId: string,
  readings: { at: Date; value: number }[],
) {
  for (let i = 0; i < readings.length; i += 5000) {
    const batch: GenericUplink[] = readings.slice(i, i + 5000).map((r, k) => ({
      deviceEui: eui,
      time: r.at.toISOString(),
      fCnt: i + k,
      values: { [measurementId]: r.value },
    }));
    const result = await ctx.services.ingest.generic({ keyId: 'test', organizationId }, batch);
    expect(result.rejected ?? []).toEqual([]);
  }
}

/** `DD.MM.YYYY HH:mm:ss` in Finnish time, written out independently of the code under test. */
const finnish = (at: Date) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Helsinki',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
};

const csvRecords = (body: Buffer) =>
  parse(body.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

function sheetOf(workbook: ExcelJS.Workbook, name: string) {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

// One target of organization A with two temperature sensors over two Finnish days.
let temp: string;
let target: string;
let hall: { id: string; eui: string };
const from = helsinkiDayStart('2026-03-02');
const readings = [
  { minutes: 0, value: 21.2345 },
  { minutes: 5, value: -3.5 },
  { minutes: 20 * 60, value: 19 },
  { minutes: 30 * 60, value: 104.5 },
  { minutes: 47 * 60 + 59, value: 22.0004 },
].map((r) => ({ at: new Date(from.getTime() + r.minutes * MINUTE), value: r.value }));
const range = 'sd=2026-03-02&ed=2026-03-03';

beforeAll(async () => {
  temp = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
  target = await fx.create.target(fx.orgA.id);
  hall = await sensor(fx.orgA.id, target, 'Aula; itä', 'Aula');
  // A second device on the target, without readings in the range.
  await sensor(fx.orgA.id, target, 'Varasto', 'Kellari');
  await ingest(fx.orgA.id, hall.eui, temp, [
    ...readings,
    // Outside the days: not exported.
    { at: new Date(from.getTime() - 1000), value: -40 },
    { at: new Date(from.getTime() + 48 * HOUR), value: 99 },
  ]);
});

describe(`measurement exports (${DRIVER})`, () => {
  it('exports the summary as CSV: BOM, Finnish headers, ; and decimal comma, the seeded values', async () => {
    const res = await as('Ylläpitäjä').get(
      `/api/exports/measurements.csv?tid=${target}&mid=${temp}&${range}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vahti-mittaukset-2026-03-02-2026-03-03.csv"',
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csvRecords(res.rawPayload);
    expect(header).toEqual([
      'Kohde',
      'Mittari',
      'Sijainti',
      'Mittaus',
      'Yksikkö',
      'Viimeisin arvo',
      'Viimeisin mittausaika',
      'Pienin',
      'Suurin',
      'Keskiarvo',
      'Mittauksia',
      'Alaraja',
      'Yläraja',
    ]);
    const byDevice = new Map(rows.map((row) => [row[1], row]));
    const avg = readings.reduce((sum, r) => sum + r.value, 0) / readings.length;
    const targetName = byDevice.get('Aula; itä')?.[0];
    expect(byDevice.get('Aula; itä')).toEqual([
      targetName,
      'Aula; itä',
      'Aula',
      'Lämpötila',
      '°C',
      '22',
      finnish(readings[4]?.at as Date),
      '-3,5',
      '104,5',
      (Math.round(avg * 1000) / 1000).toString().replace('.', ','),
      '5',
      expect.any(String),
      expect.any(String),
    ]);
    // A device without readings in the range: empty values, count 0.
    expect(byDevice.get('Varasto')?.slice(5, 11)).toEqual(['', '', '', '', '', '0']);
  });

  it('exports every raw reading of the range as CSV in time order, in Finnish time', async () => {
    // A Käyttäjä exports the devices of a target linked to them.
    await fx.create.link((await as.user('Käyttäjä')).id, target);
    const res = await as('Käyttäjä').get(
      `/api/exports/measurements.csv?kind=raw&mid=${temp}&did=${hall.id}&${range}`,
    );
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRecords(res.rawPayload);
    expect(header).toEqual(['Aika', 'Kohde', 'Mittari', 'Sijainti', 'Mittaus', 'Arvo', 'Yksikkö']);
    expect(rows.map((row) => [row[0], row[2], row[3], row[5], row[6]])).toEqual(
      readings.map((r) => [
        finnish(r.at),
        'Aula; itä',
        'Aula',
        r.value
          .toFixed(3)
          .replace(/\.?0+$/, '')
          .replace('.', ','),
        '°C',
      ]),
    );
  });

  it('names the columns in the caller’s language', async () => {
    const res = await as('Ylläpitäjä').get(
      `/api/exports/measurements.csv?kind=raw&mid=${temp}&did=${hall.id}&${range}`,
      { headers: { 'accept-language': 'sv' } },
    );
    expect(csvRecords(res.rawPayload)[0]).toEqual([
      'Tid',
      'Objekt',
      'Mätare',
      'Placering',
      'Mätning',
      'Värde',
      'Enhet',
    ]);
  });

  it('exports XLSX with real numbers and dates in Finnish formats, summary and raw sheets', async () => {
    const res = await as('Ylläpitäjä').get(
      `/api/exports/measurements.xlsx?kind=raw&tid=${target}&mid=${temp}&${range}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vahti-mittaukset-2026-03-02-2026-03-03.xlsx"',
    );
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Yhteenveto', 'Mittaukset']);

    const summary = sheetOf(workbook, 'Yhteenveto');
    expect(summary.getRow(1).getCell(1).value).toBe('Kohde');
    expect(summary.rowCount).toBe(3);
    const hallRow = [2, 3]
      .map((n) => summary.getRow(n))
      .find((r) => r.getCell(2).value === 'Aula; itä');
    expect(hallRow?.getCell(6).value).toBe(22);
    expect(hallRow?.getCell(6).numFmt).toBe('#,##0.000');
    expect(hallRow?.getCell(8).value).toBe(-3.5);
    expect(hallRow?.getCell(9).value).toBe(104.5);
    expect(hallRow?.getCell(11).value).toBe(5);
    const lastAt = hallRow?.getCell(7);
    expect(lastAt?.value).toBeInstanceOf(Date);
    expect(lastAt?.numFmt).toBe('dd.mm.yyyy hh:mm');

    const raw = sheetOf(workbook, 'Mittaukset');
    expect(raw.getRow(1).values).toEqual([
      undefined,
      'Aika',
      'Kohde',
      'Mittari',
      'Sijainti',
      'Mittaus',
      'Arvo',
      'Yksikkö',
    ]);
    expect(raw.rowCount).toBe(1 + readings.length);
    readings.forEach((reading, i) => {
      const row = raw.getRow(i + 2);
      const at = row.getCell(1).value as Date;
      // The cell holds the Finnish wall-clock time: its UTC fields read as Finnish time.
      expect(at).toBeInstanceOf(Date);
      expect(at.toISOString().replace(/^(\d+)-(\d+)-(\d+)T([\d:]+)\.000Z$/, '$3.$2.$1 $4')).toBe(
        finnish(reading.at),
      );
      expect(row.getCell(1).numFmt).toBe('dd.mm.yyyy hh:mm');
      expect(row.getCell(6).value).toBe(reading.value);
      expect(typeof row.getCell(6).value).toBe('number');
      expect(row.getCell(6).numFmt).toBe('#,##0.000');
    });
  });

  it('has no HEAD twin (it would read the whole export to answer nothing)', async () => {
    const head = await as('Ylläpitäjä').send(
      'HEAD' as 'GET',
      `/api/exports/measurements.csv?kind=raw&mid=${temp}&${range}`,
    );
    expect(head.statusCode).toBe(404);
  });

  it('exports only the summary sheet by default', async () => {
    const res = await as('Ylläpitäjä').get(
      `/api/exports/measurements.xlsx?tid=${target}&mid=${temp}&${range}`,
    );
    expect(res.statusCode).toBe(200);
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Yhteenveto']);
  });

  it('exports every row of a long raw range (keyset pages), in both formats', async () => {
    const many = await sensor(fx.orgA.id, target, 'Monta', 'Katto');
    const start = helsinkiDayStart('2026-01-01');
    const count = 12_345;
    const series = Array.from({ length: count }, (_, i) => ({
      at: new Date(start.getTime() + i * 10 * MINUTE),
      value: Math.round(Math.sin(i / 50) * 10_000) / 1000,
    }));
    await ingest(fx.orgA.id, many.eui, temp, series);
    const query = `kind=raw&mid=${temp}&did=${many.id}&sd=2026-01-01&ed=2026-04-30`;

    const csv = await as('Ylläpitäjä').get(`/api/exports/measurements.csv?${query}`);
    const rows = csvRecords(csv.rawPayload).slice(1);
    expect(rows).toHaveLength(count);
    expect(rows[0]?.[0]).toBe(finnish(series[0]?.at as Date));
    expect(rows.at(-1)?.[0]).toBe(finnish(series.at(-1)?.at as Date));
    expect(rows.map((row) => Number(row[5]?.replace(',', '.')))).toEqual(
      series.map((r) => r.value),
    );

    const xlsx = await as('Ylläpitäjä').get(`/api/exports/measurements.xlsx?${query}`);
    const raw = sheetOf(await workbookOf(xlsx.rawPayload), 'Mittaukset');
    expect(raw.rowCount).toBe(count + 1);
    expect(raw.getRow(count + 1).getCell(6).value).toBe(series.at(-1)?.value);
  });

  it('refuses bad ranges with 400 and the Finnish text on ed, before any byte of a file', async () => {
    for (const format of ['csv', 'xlsx']) {
      const backwards = await as('Ylläpitäjä').get(
        `/api/exports/measurements.${format}?mid=${temp}&sd=2026-03-05&ed=2026-03-01`,
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.headers['content-type']).toMatch(/^application\/json/);
      expect(backwards.headers['content-disposition']).toBeUndefined();
      expect(backwards.json().fields).toEqual({ ed: 'Loppupäivä ei voi olla ennen alkupäivää' });

      const long = await as('Ylläpitäjä').get(
        `/api/exports/measurements.${format}?kind=raw&mid=${temp}&sd=2006-01-01&ed=2026-01-01`,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().fields).toEqual({ ed: 'Aikaväli voi olla enintään 3 vuotta' });

      // A day that is not one is refused on its own field (it once reached the range check: 500).
      for (const days of ['sd=2026-03-01&ed=huomenna', 'sd=%00&ed=2026-03-01']) {
        const notADay = await as('Ylläpitäjä').get(
          `/api/exports/measurements.${format}?mid=${temp}&${days}`,
        );
        expect(notADay.statusCode).toBe(400);
        expect(Object.keys(notADay.json().fields)).toEqual([
          days.startsWith('sd=%00') ? 'sd' : 'ed',
        ]);
      }

      const kind = await as('Ylläpitäjä').get(
        `/api/exports/measurements.${format}?kind=all&mid=${temp}`,
      );
      expect(kind.statusCode).toBe(400);
      expect(Object.keys(kind.json().fields)).toEqual(['kind']);

      const noMeasurement = await as('Ylläpitäjä').get(`/api/exports/measurements.${format}`);
      expect(noMeasurement.statusCode).toBe(400);
      expect(Object.keys(noMeasurement.json().fields)).toEqual(['mid']);
    }
  });

  it('answers 404 with the Finnish text for another organization’s device, target or measurement', async () => {
    const foreignDevice = await createDevice(fx.db, fx.orgB.id, fx.orgB.target.id);
    const foreignMeasurement = await measurementOf(fx.db, fx.orgB.id, 'Lämpötila');
    for (const format of ['csv', 'xlsx']) {
      for (const kind of ['summary', 'raw']) {
        const device = await as('Ylläpitäjä').get(
          `/api/exports/measurements.${format}?kind=${kind}&mid=${temp}&did=${foreignDevice}&${range}`,
        );
        expect(device.statusCode).toBe(404);
        expect(device.headers['content-disposition']).toBeUndefined();
        expect(device.json()).toMatchObject({
          code: 'DEVICE_NOT_FOUND',
          error: 'Mittaria ei löytynyt',
        });

        const targetB = await as('Ylläpitäjä').get(
          `/api/exports/measurements.${format}?kind=${kind}&mid=${temp}&tid=${fx.orgB.target.id}&${range}`,
        );
        expect(targetB.statusCode).toBe(404);
        expect(targetB.json()).toMatchObject({
          code: 'TARGET_NOT_FOUND',
          error: 'Kohdetta ei löytynyt',
        });

        const measurement = await as('Ylläpitäjä').get(
          `/api/exports/measurements.${format}?kind=${kind}&mid=${foreignMeasurement}&${range}`,
        );
        expect(measurement.statusCode).toBe(404);
        expect(measurement.json()).toMatchObject({ code: 'MEASUREMENT_NOT_FOUND' });
      }
    }
    // Organization B's own administrator sees nothing of A's devices either.
    const fromB = await as('Ylläpitäjä', 'B').get(
      `/api/exports/measurements.csv?kind=raw&mid=${await measurementOf(fx.db, fx.orgB.id, 'Lämpötila')}&did=${hall.id}&${range}`,
    );
    expect(fromB.statusCode).toBe(404);
  });

  it('stops reading the database when the client goes away mid-download', async () => {
    // Rows of its own, many pages' worth, so the download is far from done when the client leaves.
    const big = await sensor(fx.orgA.id, target, 'Iso', 'Halli');
    const start = helsinkiDayStart('2025-06-01');
    const count = 15_000;
    await ingest(
      fx.orgA.id,
      big.eui,
      temp,
      Array.from({ length: count }, (_, i) => ({
        at: new Date(start.getTime() + i * 5 * MINUTE),
        value: i % 100,
      })),
    );
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const token = await as.token('Ylläpitäjä');

    // Watch the rows the export takes: after 3,000 the source waits (a gate) until the client
    // has gone, so the socket cannot have swallowed the whole file meanwhile.
    const service = ctx.services.sensorData;
    const original = service.rawRows;
    try {
      for (const [format, encoding] of [
        ['csv', 'gzip'],
        ['xlsx', 'identity'],
      ] as const) {
        const seen = { rows: 0, returned: false };
        let openGate = () => {};
        const gate = new Promise<void>((resolve) => {
          openGate = resolve;
        });
        service.rawRows = async (caller, query) => {
          const rows = await original(caller, query);
          return {
            async *[Symbol.asyncIterator](): AsyncGenerator<SensorRawRow> {
              try {
                for await (const row of rows) {
                  seen.rows += 1;
                  if (seen.rows === 3000) await gate;
                  yield row;
                }
              } finally {
                seen.returned = true;
              }
            },
          };
        };

        const url = `/api/exports/measurements.${format}?kind=raw&mid=${temp}&did=${big.id}&sd=2025-06-01&ed=2025-08-31`;
        const request = http.get({
          host: '127.0.0.1',
          port,
          path: url,
          headers: { ...bearer(token), 'accept-encoding': encoding },
        });
        const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
          request.on('response', resolve);
          request.on('error', reject);
        });
        expect(response.statusCode).toBe(200);
        await until(() => seen.rows >= 3000);
        request.on('error', () => {});
        request.destroy();
        // Once the server has seen the socket close, let the source go on.
        await until(async () => (await connections()) === 0);
        openGate();
        await until(() => seen.returned);
        expect(seen.rows).toBeLessThan(3100);
      }
    } finally {
      service.rawRows = original;
    }
  });
});

function connections() {
  return new Promise<number>((resolve, reject) =>
    ctx.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );
}

async function until(check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
