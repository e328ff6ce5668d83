import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GenericUplink } from '@vahti/domain';
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents, alarms, devices } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { deviceBody, deviceTypeOf, measurementOf } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

// The PDF is checked as a reader sees it: poppler (pdfinfo, pdftoppm, pdftotext; apt package
// poppler-utils) renders its pages to PNG and reads its text.

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let work: string;

// One render thread and no queue: a second report while one is being made is refused.
beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest({
    env: { REPORT_RENDER_THREADS: '1', REPORT_QUEUE: '0' },
  }));
  work = mkdtempSync(path.join(tmpdir(), 'vahti-report-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

const URL_BASE = '/api/reports/measurements.pdf';

/** A device of the organization's 'Sisäilma CO2' type (temperature, humidity, CO2). */
async function co2Device(organizationId: string, targetId: string, name: string) {
  const type = await deviceTypeOf(fx.db, organizationId, 'Sisäilma CO2');
  const body = deviceBody(targetId, type.id);
  const [row] = await fx.db
    .insert(devices)
    .values({
      organizationId,
      deviceTargetId: targetId,
      deviceTypeId: type.id,
      deviceQrCode: body.deviceQrCode,
      deviceName: name,
      deviceEui: body.deviceEui,
      deviceSerialNumber: body.deviceSerialNumber,
      deviceComissioiningDay: '2026-05-01',
      deviceLocation: 'Luokka 101',
      deviceLatitude: 60.2,
      deviceLongitude: 24.9,
      deviceSwVersion: '1',
      deviceProductCode: 'P',
    })
    .returning({ id: devices.deviceId });
  if (!row) throw new Error('device not stored');
  return { id: row.id, eui: body.deviceEui, organizationId };
}

type Device = Awaited<ReturnType<typeof co2Device>>;

/**
 * Readings every 30 minutes of a Finnish-time day (EET, UTC+2 in November), stored through the
 * real ingest path (its hourly rollup included).
 */
async function readings(
  device: Device,
  day: string,
  values: (localHour: number) => Record<string, number>,
) {
  const batch: GenericUplink[] = Array.from({ length: 48 }, (_, i) => {
    const at = Date.parse(`${day}T00:00:00+02:00`) + i * 30 * 60_000;
    return {
      deviceEui: device.eui,
      time: new Date(at).toISOString(),
      fCnt: at / 60_000,
      values: values(Math.floor(i / 2)),
    };
  });
  const result = await ctx.services.ingest.generic(
    { keyId: 'test', organizationId: device.organizationId },
    batch,
  );
  expect(result.rejected ?? []).toEqual([]);
}

/** CO2 by the local hour: 8–11 S1, 12–13 S2, 14 S3, 15 outside; off hours far outside. */
const co2At = (hour: number) =>
  hour < 8 || hour >= 16 ? 2000 : hour < 12 ? 700 : hour < 14 ? 900 : hour < 15 ? 1100 : 1300;

function pdfText(file: string) {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
}

function pageCount(file: string) {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

/** The text of each page, in order. */
function pageTexts(file: string) {
  return pdfText(file).split('\f').slice(0, pageCount(file));
}

/** Renders every page to PNG; returns the PNG files. */
function renderPages(file: string, prefix: string) {
  execFileSync('pdftoppm', ['-png', '-r', '40', file, path.join(work, prefix)]);
  return readdirSync(work)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.png'))
    .map((f) => path.join(work, f));
}

describe(`measurement report (${DRIVER})`, () => {
  let target: string;
  let first: Device;
  let second: Device;
  let co2: string;
  let temperature: string;
  const names = { first: 'Luokka A -anturi', second: 'Käytävä B -anturi' };
  const silentName = 'Varasto C -anturi';

  beforeAll(async () => {
    target = await fx.create.target(fx.orgA.id);
    co2 = await measurementOf(fx.db, fx.orgA.id, 'CO2');
    temperature = await measurementOf(fx.db, fx.orgA.id, 'Lämpötila');
    first = await co2Device(fx.orgA.id, target, names.first);
    second = await co2Device(fx.orgA.id, target, names.second);
    // Monday and Tuesday, and a Saturday whose readings the occupied time leaves out.
    for (const day of ['2026-11-02', '2026-11-03']) {
      await readings(first, day, (h) => ({ [co2]: co2At(h), [temperature]: 21.5 }));
      await readings(second, day, () => ({ [co2]: 600, [temperature]: 24 }));
    }
    await readings(first, '2026-11-07', () => ({ [co2]: 2000, [temperature]: 30 }));
    // A device on the same target that sent nothing.
    await co2Device(fx.orgA.id, target, silentName);
    // Beside the alarms the ingest opened: a CO2 one acknowledged (twice; the later name counts),
    // an offline one still open, and two the report leaves out: a temperature one and one before
    // the period.
    const alarm = (values: Partial<typeof alarms.$inferInsert>) => ({
      organizationId: fx.orgA.id,
      deviceId: first.id,
      alarmBreakThrough: 'up' as const,
      value: 2000,
      limitValue: 1200,
      createdAt: new Date('2026-11-02T16:00:00+02:00'),
      ...values,
    });
    const [acked] = await fx.db
      .insert(alarms)
      .values([
        alarm({
          measurementId: co2,
          state: 1,
          closedAt: new Date('2026-11-02T18:30:00+02:00'),
        }),
        alarm({
          deviceId: second.id,
          alarmBreakThrough: 'offline',
          value: 180,
          limitValue: 120,
          createdAt: new Date('2026-11-04T09:00:00+02:00'),
        }),
        alarm({
          measurementId: temperature,
          createdAt: new Date('2026-11-03T12:00:00+02:00'),
          closedAt: new Date('2026-11-03T13:00:00+02:00'),
        }),
        alarm({
          measurementId: co2,
          createdAt: new Date('2026-10-30T12:00:00+02:00'),
          closedAt: new Date('2026-10-30T13:00:00+02:00'),
        }),
      ])
      .returning({ id: alarms.id });
    if (!acked) throw new Error('alarm not stored');
    await fx.db.insert(alarmEvents).values([
      {
        organizationId: fx.orgA.id,
        alarmId: acked.id,
        kind: 'acknowledged',
        fullName: 'Kalle Kuittaaja',
        createdAt: new Date('2026-11-02T17:00:00+02:00'),
      },
      {
        organizationId: fx.orgA.id,
        alarmId: acked.id,
        kind: 'acknowledged',
        fullName: 'Anna Arvioija',
        createdAt: new Date('2026-11-02T17:30:00+02:00'),
      },
    ]);
  });

  const query = () => `tid=${target}&mid=${co2}&sd=2026-11-02&ed=2026-11-08`;

  /** The period's alarms of the report's devices by kind, as the database holds them. */
  async function alarmCounts() {
    const rows = await fx.db
      .select({ kind: alarms.alarmBreakThrough, n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(
        and(
          inArray(alarms.deviceId, [first.id, second.id]),
          or(eq(alarms.measurementId, co2), isNull(alarms.measurementId)),
          gte(alarms.createdAt, new Date('2026-11-02T00:00:00+02:00')),
          lt(alarms.createdAt, new Date('2026-11-09T00:00:00+02:00')),
        ),
      )
      .groupBy(alarms.alarmBreakThrough);
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  it('answers a landscape A4 PDF under the fixed name whose pages render and whose text holds the guideline values, devices and S-class shares', async () => {
    const res = await as('Ylläpitäjä').get(`${URL_BASE}?${query()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vahti-mittausraportti.pdf"',
    );
    expect(res.headers['retry-after']).toBeUndefined();
    const file = path.join(work, 'fi.pdf');
    writeFileSync(file, res.rawPayload);

    // The first page; the target's table and its two charts; the alarms, S-classes and
    // guidelines flowing after them: no page is only a footer.
    const pages = pageTexts(file);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.length).toBeLessThanOrEqual(5);
    for (const page of pages) {
      const lines = page.split('\n').filter((line) => line.trim() !== '');
      expect(lines.length, page).toBeGreaterThan(3);
    }
    const pngs = renderPages(file, 'fi');
    expect(pngs).toHaveLength(pages.length);
    for (const png of pngs) expect(statSync(png).size).toBeGreaterThan(2000);

    const text = pdfText(file);
    expect(text).toContain('Mittausraportti');
    expect(text).toContain(fx.orgA.name);
    expect(text).toContain('02.11.2026–08.11.2026');
    expect(text).toContain('ma–pe klo 08–16');
    for (const name of Object.values(names)) expect(text).toContain(name);
    // Spec 001 §9 guideline values.
    for (const value of [
      'Lämmityskaudella +20…+26 °C',
      'enintään +32 °C',
      '20–60 %',
      'Toimenpideraja 1550 ppm',
      'S1 enintään 750 ppm',
      'S2 enintään 950 ppm',
      'S3 enintään 1200 ppm',
      'Enintään 50 µg/m³',
      'Enintään 25 µg/m³',
      '0–5 Pa',
      'Enintään 400 µg/m³',
      'Yksittäinen yhdiste enintään 50 µg/m³',
      'Hyvä taso 0–220 ppb',
    ]) {
      expect(text).toContain(value);
    }
    // The chart's limit lines are drawn text (ECharts SVG → PDF), as are the axis values.
    expect(text).toMatch(/Yläraja 1200/);
    // Occupied time, weekdays 8–16 Finnish time: 16 readings a day of the first device, of which
    // 8 S1, 12 S1–S2, 14 S1–S3, 2 outside; the Saturday and the night readings do not count.
    const rowsOf = (name: string) =>
      text
        .split('\n')
        .filter((line) => line.includes(name) && /%/.test(line))
        // pdftotext keeps or drops the space before "%" depending on the bar beside it.
        .map((line) => line.replace(/\s+/g, ' ').replace(/ %/g, '%'));
    // The temperature table (first), then the CO2 table.
    expect(rowsOf(names.first)).toEqual([
      expect.stringContaining('32 100% 100% 100% 0%'),
      expect.stringContaining('32 50% 75% 87,5% 12,5%'),
    ]);
    // The second device: 24 °C is S3 only; 600 ppm is S1.
    expect(rowsOf(names.second)).toEqual([
      expect.stringContaining('32 0% 0% 100% 0%'),
      expect.stringContaining('32 100% 100% 100% 0%'),
    ]);
    // The measurement named as its quantity is named once.
    expect(text).not.toContain('Lämpötila – Lämpötila');
    expect(text).not.toMatch(/Hiilidioksidi \(CO2\) – CO2/);
  });

  it('opens with the target’s address, the period and the summary: class shares, hours over the action limit, alarm counts and the worst hours', async () => {
    const res = await as('Ylläpitäjä').get(`${URL_BASE}?${query()}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(work, 'summary.pdf');
    writeFileSync(file, res.rawPayload);
    const [cover = ''] = pageTexts(file);
    // pdftotext keeps or drops the space before "%" by the layout around it.
    const flat = cover.replace(/\s+/g, ' ').replace(/ %/g, '%');
    expect(cover).toMatch(/Testikohde \S+/);
    expect(flat).toContain('Testikatu 1, 00100 Helsinki');
    expect(flat).toContain('Aikaväli 02.11.2026–08.11.2026');
    expect(flat).toContain('Mittareita 3, joista 1 ilman mittauksia');
    // The first device's nights at 2000 ppm: 16 hours on each weekday and the Saturday's 24.
    expect(flat).toMatch(/Tunteja toimenpiderajan 1550 ppm yli \(tunnin keskiarvo\) 56/);
    // The ingest's and the added CO2 alarms and the offline one; not the temperature one, not
    // the one before the period.
    const { up = 0, offline } = await alarmCounts();
    expect(offline).toBe(1);
    expect(up).toBeGreaterThan(1);
    expect(flat).toContain(`Hälytyksiä jaksolla ${up + 1}`);
    expect(flat).toContain(`Ylärajan ylitys ${up} · Ei yhteyttä 1`);
    // Occupied time over both devices: temperature 32 + 32 readings, CO2 likewise.
    expect(flat).toContain('Lämpötila 50% 50% 100% 0%');
    expect(flat).toContain('Hiilidioksidi (CO2) 75% 87,5% 93,8% 6,3%');
    // The worst hours: one a device and day, highest first, with the time and the device.
    expect(flat).toContain('Korkeimmat lukemat');
    const worst = cover
      .split('\n')
      .filter((line) => /\d{2}\.\d{2}\.2026 \d{2}\.\d{2}.*2000 ppm/.test(line));
    expect(worst).toHaveLength(3);
    for (const line of worst) expect(line).toContain(names.first);
  });

  it('lists the period’s alarms with kind, start, end, duration and who acknowledged, and a silent device as one line', async () => {
    const res = await as('Ylläpitäjä').get(`${URL_BASE}?${query()}`);
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(work, 'alarms.pdf');
    writeFileSync(file, res.rawPayload);
    const text = pdfText(file);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Hälytykset jaksolla');
    const counts = await alarmCounts();
    expect(flat).toContain(`${(counts.up ?? 0) + 1} hälytystä, uusin ensin.`);
    expect(flat).toMatch(
      new RegExp(`${names.second} Ei yhteyttä 04\\.11\\.2026 09\\.00 Käynnissä`),
    );
    expect(flat).toMatch(
      new RegExp(
        `${names.first} Ylärajan ylitys 02\\.11\\.2026 16\\.00 02\\.11\\.2026 18\\.30 2 h 30 min Anna Arvioija`,
      ),
    );
    expect(flat).not.toContain('Kalle Kuittaaja');
    expect(flat).not.toContain('30.10.2026');
    // The silent device: one line in its target's section, no chart, no class row.
    expect(flat).toContain(`${silentName} (Luokka 101): Ei mittauksia jaksolla`);
    expect(text.match(new RegExp(silentName, 'g'))).toHaveLength(3);
    expect(flat).toContain(`Ei käyttöajan mittauksia: ${silentName}`);
    expect(flat).not.toContain('Ei mittauksia aikavälillä');
  });

  it('speaks the caller’s language and takes the occupied time from oh and od', async () => {
    const res = await as('Ylläpitäjä').get(`${URL_BASE}?${query()}&oh=0-24&od=1-7`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(work, 'en.pdf');
    writeFileSync(file, res.rawPayload);
    const text = pdfText(file);
    expect(text).toContain('Measurement report');
    expect(text).toContain('In the heating season +20…+26 °C');
    expect(text).toContain('every day 00–24');
    // Now every reading counts: 48 a day on 2 weekdays and the Saturday's 48 (30 °C, 2000 ppm:
    // outside); of the CO2 ones, the 2 × 32 night readings at 2000 ppm are outside as well.
    const rows = text
      .split('\n')
      .filter((line) => line.includes(names.first) && /%/.test(line))
      .map((line) => line.replace(/\s+/g, ' ').replace(/ %/g, '%'));
    expect(rows).toEqual([
      expect.stringContaining('144 66.7% 66.7% 66.7% 33.3%'),
      expect.stringContaining('144 11.1% 16.7% 19.4% 80.6%'),
    ]);
  });

  it('refuses bad ranges and occupied times with 400 and the Finnish text on the field', async () => {
    const cases: [string, string, string][] = [
      [
        `tid=${target}&mid=${co2}&sd=2026-11-08&ed=2026-11-01`,
        'ed',
        'Loppupäivä ei voi olla ennen alkupäivää',
      ],
      [
        `tid=${target}&mid=${co2}&sd=2006-01-01&ed=2026-01-01`,
        'ed',
        'Aikaväli voi olla enintään 3 vuotta',
      ],
      [
        `${query()}&oh=16-8`,
        'oh',
        'Anna käyttöaika tunteina muodossa 8-16 (0–24, alku ennen loppua)',
      ],
      [
        `${query()}&oh=8-25`,
        'oh',
        'Anna käyttöaika tunteina muodossa 8-16 (0–24, alku ennen loppua)',
      ],
      [`${query()}&od=0-8`, 'od', 'Anna viikonpäivät numeroina 1–7 (ma = 1), esim. 1-5'],
      [
        `${query()}&did=${Array.from({ length: 51 }, () => fx.missing).join(',')}`,
        'did',
        'Raporttiin voi valita enintään 50 mittaria',
      ],
    ];
    for (const [q, field, text] of cases) {
      const res = await as('Ylläpitäjä').get(`${URL_BASE}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields?.[field], q).toBe(text);
    }
    const noMid = await as('Ylläpitäjä').get(`${URL_BASE}?tid=${target}`);
    expect(noMid.statusCode).toBe(400);
    expect(noMid.json().fields?.mid).toBeDefined();
  });

  it('answers 404 for another organization’s device, measurement or target, and an unknown one', async () => {
    const targetB = await fx.create.target(fx.orgB.id);
    const deviceB = await co2Device(fx.orgB.id, targetB, 'B:n anturi');
    const co2B = await measurementOf(fx.db, fx.orgB.id, 'CO2');
    const cases: [string, string][] = [
      [`${query()}&did=${deviceB.id}`, 'Mittaria ei löytynyt'],
      [`tid=${target}&mid=${co2B}`, 'Mittausta ei löytynyt'],
      [`tid=${targetB}&mid=${co2}`, 'Kohdetta ei löytynyt'],
      [`tid=${target}&mid=${fx.missing}`, 'Mittausta ei löytynyt'],
    ];
    for (const [q, text] of cases) {
      const res = await as('Ylläpitäjä').get(`${URL_BASE}?${q}`);
      expect(res.statusCode, q).toBe(404);
      expect(res.json().error, q).toBe(text);
    }
    // Without tid, the report covers every target the caller sees: B's device is not among them.
    await readings(deviceB, '2026-11-02', () => ({ [co2B]: 500 }));
    const own = await as('Ylläpitäjä').get(`${URL_BASE}?mid=${co2}&sd=2026-11-02&ed=2026-11-03`);
    expect(own.statusCode, own.body).toBe(200);
    const file = path.join(work, 'own.pdf');
    writeFileSync(file, own.rawPayload);
    const text = pdfText(file);
    expect(text).toContain(names.first);
    expect(text).not.toContain('B:n anturi');
    expect(text).not.toContain(fx.orgB.name);
  });

  it('needs a signed-in caller', async () => {
    const res = await as.anonymous.get(`${URL_BASE}?${query()}`);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a report beyond the render limit with 503, the Finnish text and Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => as('Ylläpitäjä').get(`${URL_BASE}?${query()}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    const busy = answers.find((a) => a.statusCode === 503);
    expect(busy?.json()).toMatchObject({
      code: 'reports.REPORTS_BUSY',
      error: 'Raportteja tehdään juuri nyt liian monta. Yritä hetken kuluttua uudelleen.',
    });
    expect(busy?.headers['retry-after']).toBe('10');
    // Once they are done, the next one is made.
    const after = await as('Ylläpitäjä').get(`${URL_BASE}?${query()}`);
    expect(after.statusCode).toBe(200);
  });
});
