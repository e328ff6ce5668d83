import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  DEMO_PASSWORD,
  expectAccessible,
  hashPath,
  signIn,
  useE2E,
} from './support/browser.js';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? tmpdir();
const ADMIN = 'yllapitaja@demo.vahti.fi';
const TARGET = 'As Oy Kivikko';
const MEASUREMENT = 'Lämpötila';

/**
 * The readings posted for the test, newest last, an hour apart ending two hours ago: the first
 * device crosses its high limit (27 °C in the demo data) once, which opens an alarm.
 */
const READINGS = {
  first: [20.5, 21.25, 22.125, 28.5, 21],
  second: [19.5, 20],
};

interface Device {
  deviceId: string;
  deviceName: string;
  deviceEui: string;
  DeviceType: { deviceTypeName: string };
}

let target: { id: string; targetName: string };
/** The demo temperature measurement's id. */
let temperatureId: string;
let devices: [Device, Device];

async function api<T>(token: string, url: string): Promise<T> {
  const res = await fetch(`${e2e.server.url}${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

/**
 * Posts readings an hour apart, the last `lastAt`, through the generic webhook with the demo
 * ingest key, as a gateway would.
 */
async function postReadings(
  device: Device,
  values: number[],
  { lastAt = Date.now() - 2 * 3_600_000, firstFCnt = 1 } = {},
) {
  const key = readFileSync(path.join(e2e.server.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();
  const body = values.map((value, i) => ({
    deviceEui: device.deviceEui,
    time: new Date(lastAt - (values.length - 1 - i) * 3_600_000).toISOString(),
    fCnt: firstFCnt + i,
    values: { [MEASUREMENT]: value },
  }));
  const res = await fetch(`${e2e.server.url}/api/ingest/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await res.json()).toEqual({ stored: values.length, duplicates: 0 });
}

beforeAll(async () => {
  const login = await fetch(`${e2e.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: ADMIN, userPassword: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const names = await api<{ targets: { id: string; targetName: string }[] }>(
    token,
    '/api/targets/names',
  );
  const found = names.targets.find((t) => t.targetName === TARGET);
  if (!found) throw new Error(`no demo target ${TARGET}`);
  target = found;
  const { target: withDevices } = await api<{ target: { Devices: Device[] } }>(
    token,
    `/api/targets/${target.id}`,
  );
  // Both indoor-air types on the target carry temperature, limited to 19–27 °C.
  const withTemperature = withDevices.Devices.filter((d) =>
    ['Sisäilma T/RH', 'Sisäilma CO2'].includes(d.DeviceType.deviceTypeName),
  ).sort((a, b) => a.deviceName.localeCompare(b.deviceName, 'fi'));
  if (withTemperature.length < 2) throw new Error('the demo target lost its indoor-air devices');
  const { measurements } = await api<{
    measurements: { measurementID: string; measurementName: string }[];
  }>(token, `/api/measurements-by-target?tid=${target.id}`);
  temperatureId = measurements.find((m) => m.measurementName === MEASUREMENT)?.measurementID ?? '';
  expect(temperatureId).not.toBe('');
  devices = [withTemperature[0] as Device, withTemperature[1] as Device];
  await postReadings(devices[0], READINGS.first);
  await postReadings(devices[1], READINGS.second);
});

/**
 * Chooses an option of a MUI select named by its label (`chooseOption`); a multiple one stays
 * open after a choice and is closed with Escape (not chosen again: that would undo it).
 */
async function choose(page: Page, label: RegExp, option: RegExp | string, multiple = false) {
  if (!multiple) return chooseOption(page, page, label, option);
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** The summary table's row of a device, as its cells' texts. */
async function rowOf(page: Page, deviceName: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: 'Mittausten yhteenveto' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: deviceName, exact: true }) });
  await row.waitFor();
  return row.getByRole('cell').allInnerTexts();
}

/**
 * The span a chart says it shows ("Näytetään 16.11.2026 00.00–23.11.2026 06.40") as instants
 * (ms, read in the runner's time zone like the browser's) and its length.
 */
function spanOf(text: string): { from: number; to: number; length: number } {
  const times = [...text.matchAll(/(\d\d)\.(\d\d)\.(\d{4}) (\d\d)\.(\d\d)/g)].map(
    ([, d, m, y, h, min]) => Date.parse(`${y}-${m}-${d}T${h}:${min}`),
  );
  const [from, to] = times;
  if (from === undefined || to === undefined) throw new Error(`no span in ${text}`);
  return { from, to, length: to - from };
}

describe('measurement data (/vainu/sensor-data)', () => {
  it('picks the filters, shows the summary with Finnish decimals, and a reload keeps the view', async () => {
    // Wide enough for every column (the latest reading's time shows from 1536 px).
    const page = await e2e.newPage({ width: 1600 });
    await page.goto('/#/vainu/sensor-data');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Mittausdata', level: 1 }).waitFor();
    await page.getByText('Valitse ensin kohde ja mittaus.').waitFor();
    // The default range (the last week) is in the URL from the start.
    await expect.poll(() => hashPath(page), { timeout: 15_000 }).toMatch(/sd=\d{4}-\d\d-\d\d&ed=/);
    expect(await page.getByRole('button', { name: 'Viikko' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await choose(page, /^Kohteet/, TARGET, true);
    await choose(page, /^Mittaus/, new RegExp(`^${MEASUREMENT}`));
    const first = await rowOf(page, devices[0].deviceName);
    // Device, target, location, latest, latest at, min, max, avg, unit.
    expect(first[1]).toBe(TARGET);
    // Every value to the readings' one decimal, the average (22.675) too (issue 27).
    expect(first.slice(3)).toEqual([
      '21,0',
      expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d\.\d\d$/),
      '20,5',
      '28,5',
      '22,7',
      '°C',
    ]);
    const second = await rowOf(page, devices[1].deviceName);
    expect([second[5], second[6], second[7]]).toEqual(['19,5', '20,0', '19,8']);
    await expectAccessible(page);

    // One device only: the other row leaves the table.
    await choose(page, /^Mittarit/, devices[1].deviceName, true);
    const table = page.getByRole('table', { name: 'Mittausten yhteenveto' });
    await expect
      .poll(() => table.getByRole('cell', { name: devices[0].deviceName, exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(0);
    const url = hashPath(page);
    expect(url).toContain(`tid=${target.id}`);
    expect(url).toContain(`did=${devices[1].deviceId}`);
    expect(url).toMatch(/mid=[^&]+/);

    // A reload (or the copied link) shows the same filters and rows.
    await page.reload();
    await page.getByRole('heading', { name: 'Mittausdata', level: 1 }).waitFor();
    expect((await rowOf(page, devices[1].deviceName))[7]).toBe('19,8');
    expect(hashPath(page)).toBe(url);
    await page
      .getByRole('combobox', { name: /^Kohteet/ })
      .getByText(TARGET)
      .waitFor();
    await page
      .getByRole('combobox', { name: /^Mittarit/ })
      .getByText(devices[1].deviceName)
      .waitFor();

    // A quick range: the year back from today; a range with no readings shows the empty state.
    await page.getByRole('button', { name: 'Vuosi' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Vuosi' }).getAttribute('aria-pressed'), {
        timeout: 15_000,
      })
      .toBe('true');
    // Both days in one go, as a slow phone delivers quick typing: the second change must build
    // on the first, not on the screen as it was before either (which would leave 2020-01-01 to
    // today, a refused range).
    await page.evaluate(() => {
      const setDay = (label: string, day: string) => {
        const input = Array.from(document.querySelectorAll('label'))
          .find((l) => l.textContent?.startsWith(label))
          ?.parentElement?.querySelector('input');
        if (!input) throw new Error(`no ${label}`);
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, day);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      setDay('Loppupäivä', '2020-01-02');
      setDay('Alkupäivä', '2020-01-01');
    });
    // The end day first makes a moment's refused range (its alert), then the row comes back
    // empty: read the row without waiting for it, so the poll itself retries.
    const row = page
      .getByRole('table', { name: 'Mittausten yhteenveto' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: devices[1].deviceName, exact: true }) });
    await expect
      .poll(async () => (await row.getByRole('cell').allInnerTexts())[5], { timeout: 15_000 })
      .toBe('–');
  });

  it('names a measurement without a unit by its name alone, no empty brackets (issue 27)', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/sensor-data');
    await signIn(page, ADMIN);
    await choose(page, /^Kohteet/, TARGET, true);
    await page.getByRole('combobox', { name: /^Mittaus/ }).click();
    await page.getByRole('option', { name: 'Paristo vähissä', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: /\(\)/ }).count()).toBe(0);
  });

  it('draws one chart per device with the limit lines, alarm and a text summary', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/sensor-data');
    await signIn(page, ADMIN);
    await choose(page, /^Kohteet/, TARGET, true);
    await choose(page, /^Mittaus/, new RegExp(`^${MEASUREMENT}`));
    await rowOf(page, devices[0].deviceName);
    const search = hashPath(page).split('?')[1];
    await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
    await page.getByRole('heading', { name: 'Mittausdatan kaaviot', level: 1 }).waitFor();
    expect(hashPath(page)).toBe(`/vainu/sensor-data/chart?${search}`);

    const figure = page.getByRole('figure', { name: devices[0].deviceName });
    // ECharts draws SVG, limit lines labelled with their names.
    const svg = figure.locator(`[data-chart="${devices[0].deviceId}"] svg`);
    await svg.waitFor();
    await figure.locator('svg text', { hasText: 'Yläraja' }).first().waitFor();
    await figure.locator('svg text', { hasText: 'Alaraja' }).first().waitFor();
    const summary = await figure.locator('figcaption').innerText();
    expect(summary).toContain('5 pistettä, pienin 20,5, suurin 28,5, viimeisin 21,0.');
    expect(summary).toContain('Alaraja 19, yläraja 27.');
    expect(summary).toContain('Hälytyksiä 1.');
    const other = page.getByRole('figure', { name: devices[1].deviceName });
    await other.locator(`[data-chart="${devices[1].deviceId}"] svg`).waitFor();
    expect(await other.locator('figcaption').innerText()).toContain('2 pistettä');
    await expectAccessible(page);

    // The chart's own URL reproduces it after a reload.
    await page.reload();
    await svg.waitFor();
    await page.getByRole('link', { name: 'Takaisin taulukkoon' }).click();
    await rowOf(page, devices[0].deviceName);
  });

  it('zooms and pans the chart by keyboard, saying the time span shown', async () => {
    const page = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto(`/#/vainu/sensor-data?tid=${target.id}&mid=${temperatureId}`);
    await signIn(page, ADMIN);
    await rowOf(page, devices[0].deviceName);
    await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
    // The first chart on the page: the back link is the last thing before its buttons.
    const figure = page.getByRole('figure').first();
    await figure.locator('[data-chart] svg text', { hasText: 'Yläraja' }).first().waitFor();
    const shown = figure.getByText(/^Näytetään /);
    const whole = spanOf(await shown.innerText());
    const axisLabels = () =>
      figure
        .locator('[data-chart] svg text')
        .allTextContents()
        .then((t) => t.join('|'));
    const labelsBefore = await axisLabels();

    const buttons = figure.getByRole('group', { name: 'Kaavion lähennys ja siirto' });
    const zoomIn = buttons.getByRole('button', { name: 'Lähennä' });
    // The chart choices come first, then the chart's own buttons.
    await page.getByRole('combobox', { name: /^Toinen mittaus/ }).focus();
    await page.keyboard.press('Tab');
    expect(await zoomIn.evaluate((button) => button === document.activeElement)).toBe(true);
    // The whole week, its alarm's label inside the chart, and the focused button.
    await page.screenshot({ path: path.join(SHOTS, 'sensor-data-chart-1366.png'), fullPage: true });
    // Enter on the button itself: on a busy machine a re-render during the full-page screenshot
    // can replace the focused element (CI once saw the page's Enter land nowhere).
    await zoomIn.press('Enter');
    // Half the span, around the middle; the axis is drawn anew.
    await expect
      .poll(async () => spanOf(await shown.innerText()).length)
      .toBeCloseTo(whole.length / 2, -6);
    const half = spanOf(await shown.innerText());
    expect(half.from).toBeGreaterThan(whole.from);
    await expect.poll(axisLabels).not.toBe(labelsBefore);

    // Tab on to 'Siirrä vasemmalle': half a span back in time.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(
      await buttons
        .getByRole('button', { name: 'Siirrä vasemmalle' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => spanOf(await shown.innerText()).from)
      .toBeCloseTo(half.from - half.length / 2, -6);
    await expectAccessible(page);

    // 'Palauta' shows the whole range again.
    await buttons.getByRole('button', { name: 'Palauta' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => spanOf(await shown.innerText())).toEqual(whole);
  });

  it('downloads the PDF report behind the progress overlay, and the CSV and Excel files', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/sensor-data');
    await signIn(page, ADMIN);
    await choose(page, /^Kohteet/, TARGET, true);
    await choose(page, /^Mittaus/, new RegExp(`^${MEASUREMENT}`));
    await rowOf(page, devices[0].deviceName);

    // The server's real PDF is held back until the overlay has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/reports/measurements.pdf*', async (route) => {
      const response = await route.fetch({ timeout: 60_000 });
      await held;
      await route.fulfill({ response });
    });
    const pdfDownload = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Luo PDF-raportti' }).click();
    await page.getByTestId('report-overlay').waitFor({ state: 'visible' });
    await page.getByRole('status').getByText('PDF-raporttia luodaan, odota hetki…').waitFor();
    release();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('vahti-mittausraportti.pdf');
    const pdfBytes = readFileSync((await pdf.path()) ?? '');
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdfBytes)).getPageCount()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('report-overlay').waitFor({ state: 'hidden' });

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Lataa CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = readFileSync((await csv.path()) ?? '', 'utf8');
    expect(csvText.charCodeAt(0)).toBe(0xfeff);
    expect(csvText).toContain(devices[0].deviceName);

    // "Kaikki mittaukset": the same download holds every reading the summary counted.
    const summaryLines = csvText.trim().split('\r\n');
    const countColumn = summaryLines[0]?.split(';').indexOf('Mittauksia') ?? -1;
    expect(countColumn).toBeGreaterThan(0);
    const counted = summaryLines
      .slice(1)
      .reduce((sum, line) => sum + Number(line.split(';')[countColumn]), 0);
    expect(counted).toBeGreaterThan(0);
    await page.getByRole('radio', { name: 'Kaikki mittaukset' }).check();
    const [rawCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Lataa CSV' }).click(),
    ]);
    const rawLines = readFileSync((await rawCsv.path()) ?? '', 'utf8')
      .trim()
      .split('\r\n');
    expect(rawLines[0]?.split(';')[0]).toBe('Aika'); // trim() took the byte-order mark
    expect(rawLines.length - 1).toBe(counted);

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Lataa Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxBytes = readFileSync((await xlsx.path()) ?? '');
    expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('says a reversed range on the end day and offers nothing that would fail (issue 27)', async () => {
    const page = await e2e.newPage();
    // A link with the end before the start: the API would answer 400 on ed.
    let asked = false;
    page.on('request', (request) => {
      if (/\/api\/(target-measurements|exports|reports)/.test(request.url())) asked = true;
    });
    await page.goto(
      `/#/vainu/sensor-data?tid=${target.id}&mid=${temperatureId}&sd=2026-01-02&ed=2026-01-01`,
    );
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Mittausdata', level: 1 }).waitFor();
    // The days in Finnish, the error on the end day's own field.
    const end = page.getByRole('textbox', { name: 'Loppupäivä' });
    expect(await end.inputValue()).toBe('01.01.2026');
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Loppupäivä ei voi olla ennen alkupäivää').waitFor();
    for (const name of ['Lataa CSV', 'Lataa Excel', 'Luo PDF-raportti']) {
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
    }
    expect(
      await page.getByRole('link', { name: 'Näytä kaaviot' }).getAttribute('aria-disabled'),
    ).toBe('true');
    // No table, no red alert and no retry that could only fail again.
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Yritä uudelleen/ }).count()).toBe(0);
    await expectAccessible(page);

    // Typing the end day as Finns write it mends the range.
    await end.fill('3.1.2026');
    await expect.poll(() => hashPath(page)).toContain('ed=2026-01-03');
    await page.getByRole('table', { name: 'Mittausten yhteenveto' }).waitFor();
    expect(await page.getByRole('button', { name: 'Lataa CSV' }).isDisabled()).toBe(false);
    expect(asked).toBe(true);
  });

  it('fits a 360 px phone, table and chart', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/sensor-data');
    await signIn(page, ADMIN);
    await choose(page, /^Kohteet/, TARGET, true);
    await choose(page, /^Mittaus/, new RegExp(`^${MEASUREMENT}`));
    await page.getByText('22,7').waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: path.join(SHOTS, 'sensor-data-360.png'), fullPage: true });

    await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
    await page
      .getByRole('figure', { name: devices[0].deviceName })
      .locator('svg text', { hasText: 'Yläraja' })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: path.join(SHOTS, 'sensor-data-chart-360.png'), fullPage: true });
    // The zoom buttons are icons here, named all the same.
    const figure = page.getByRole('figure', { name: devices[0].deviceName });
    const shown = figure.getByText(/^Näytetään /);
    const whole = await shown.innerText();
    await figure.getByRole('button', { name: 'Lähennä' }).click();
    await expect.poll(() => shown.innerText()).not.toBe(whole);
    await expectAccessible(page);
  });
});

describe("a target's indoor air beside its survey results (/tieto/show-survey-results)", () => {
  it('shows the temperature per device for the survey period, linked to the same view in Vainu', async () => {
    // The survey's period begins on the Finnish day the demo data was made; just after midnight
    // the readings above (hours back) fall on the day before, so one comes from a minute ago.
    await postReadings(devices[0], [21.5], {
      lastAt: Date.now() - 60_000,
      firstFCnt: READINGS.first.length + 1,
    });
    const page = await e2e.newPage({ width: 1600 });
    await page.goto('/#/tieto/show-survey-results');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Kyselyn tulokset' }).waitFor();
    await choose(page, /^Kysely$/, 'Sisäilmakysely 2026');
    await page.getByText(/Vastauksia yhteensä/).waitFor();
    // Every target together: no indoor air (it is per target).
    expect(await page.getByRole('region', { name: `Sisäilma: ${TARGET}` }).count()).toBe(0);
    await choose(page, /^Kohde$/, TARGET);
    const section = page.getByRole('region', { name: `Sisäilma: ${TARGET}` });
    const table = section.getByRole('table', { name: 'Kohteen sisäilma kyselyn aikana' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: new RegExp(`^${devices[0].deviceName}`) }) })
      .filter({ has: page.getByRole('rowheader', { name: MEASUREMENT }) });
    await row.waitFor();
    // Measurement, device, average, min, max, link; the survey began today (the demo data's seed),
    // so the figures are those of today's readings, in degrees.
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[1]).toMatch(/ °C$/);
    await expectAccessible(page);

    // The link opens Vainu's table for the same target, measurement, device and days: the same
    // average there.
    await row
      .getByRole('link', { name: `Näytä mittaukset: ${MEASUREMENT}, ${devices[0].deviceName}` })
      .click();
    await page.getByRole('heading', { name: 'Mittausdata', level: 1 }).waitFor();
    const vainu = await rowOf(page, devices[0].deviceName);
    expect(`${vainu[7]} ${vainu[8]}`).toBe(cells[1]);
  });
});

describe('charts for any range (issue 27)', () => {
  const DAY = 86_400_000;
  /** The CO2-type device of the two (it carries CO2 beside temperature and humidity). */
  let co2Device: Device;
  let co2Id: string;

  /**
   * A year of readings every 6 h for both devices, ending 10 days ago (the week tests above see
   * none of them): temperature 20–23 °C with a 28.5 °C spike every 8 days (45 alarms, each
   * closed by the next reading), humidity 35–45 %, and on the CO2 device CO2 about 1,400 ppm in
   * the first two months and 450–900 ppm after.
   */
  beforeAll(async () => {
    const key = readFileSync(path.join(e2e.server.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();
    const found = devices.find((d) => d.DeviceType.deviceTypeName === 'Sisäilma CO2');
    if (!found) throw new Error('no CO2 device on the demo target');
    co2Device = found;
    const login = await fetch(`${e2e.server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: ADMIN, userPassword: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const { measurements } = await api<{
      measurements: { measurementID: string; measurementName: string }[];
    }>(token, `/api/measurements-by-target?tid=${target.id}`);
    co2Id = measurements.find((m) => m.measurementName === 'CO2')?.measurementID ?? '';
    expect(co2Id).not.toBe('');
    const end = Date.now() - 10 * DAY;
    const start = end - 355 * DAY;
    for (const device of devices) {
      const body = [];
      for (let at = start, i = 0; at < end; at += DAY / 4, i++) {
        const spike = i % 32 === 5;
        const values: Record<string, number> = {
          [MEASUREMENT]: spike ? 28.5 : 21.5 + 1.5 * Math.sin(i / 3),
          Kosteus: 40 + 5 * Math.sin(i / 7),
        };
        if (device === co2Device) {
          values.CO2 = at < start + 60 * DAY ? 1400 + (i % 5) * 10 : 675 + 225 * Math.sin(i / 2);
        }
        body.push({ deviceEui: device.deviceEui, time: new Date(at).toISOString(), values });
      }
      const res = await fetch(`${e2e.server.url}/api/ingest/generic`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
  });

  /** The chart screen for a year back from today, as the quick range "Vuosi" makes it. */
  async function openYear(page: Page, mid: string, did: string[] = []) {
    await page.goto(
      `/#/vainu/sensor-data?tid=${target.id}&mid=${mid}${did.length ? `&did=${did.join(',')}` : ''}`,
    );
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Mittausdata', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Vuosi' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Vuosi' }).getAttribute('aria-pressed'), {
        timeout: 15_000,
      })
      .toBe('true');
  }

  /** The value axis's numbers of a chart (the left axis: texts left of the plot). */
  async function leftAxisValues(chart: ReturnType<Page['locator']>) {
    const texts = await chart
      .locator('svg text')
      .evaluateAll((nodes) =>
        nodes.map((n) => ({ text: n.textContent ?? '', x: (n as SVGGraphicsElement).getBBox().x })),
      );
    return texts
      .filter((t) => t.x < 64 && /^-?[\d\s]+(,\d+)?$/.test(t.text))
      .map((t) => Number(t.text.replace(/\s/g, '').replace(',', '.')));
  }

  it('draws a year as daily means over a light band, alarms in a lane clear of the title, and says so', async () => {
    const page = await e2e.newPage({ width: 1366, height: 900 });
    await openYear(page, temperatureId, [devices[0].deviceId]);
    // The time from the press to the drawn chart: the series' answer and the drawing.
    const started = Date.now();
    const answer = page.waitForResponse((r) => r.url().includes('/api/measurement-data/'));
    await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
    const response = await answer;
    const apiMs = Date.now() - started;
    const figure = page.getByRole('figure', { name: devices[0].deviceName });
    const chart = figure.locator(`[data-chart="${devices[0].deviceId}"]`);
    await chart.locator('svg text', { hasText: 'Vuorokauden keskiarvot' }).waitFor();
    console.log(`year chart: API ${apiMs} ms, API + drawn ${Date.now() - started} ms`);
    const body = (await response.json()) as { resolution: string; band: unknown[] };
    expect(body.resolution).toBe('day');
    expect(body.band.length).toBeGreaterThan(300);
    await chart.locator('svg text', { hasText: 'Aika (Suomen aika)' }).waitFor();
    await chart.locator('svg text', { hasText: 'Hälytykset' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'sensor-data-year-1366.png'), fullPage: true });

    // No text overlaps the title: the alarms are spans of the lane, their counts inside it.
    const boxes = await chart.locator('svg text').evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return {
          text: n.textContent ?? '',
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
        };
      }),
    );
    const title = boxes.find((b) => b.text.startsWith(MEASUREMENT));
    expect(title).toBeDefined();
    for (const b of boxes) {
      if (b === title || !title) continue;
      const overlaps =
        b.left < title.right &&
        b.right > title.left &&
        b.top < title.bottom &&
        b.bottom > title.top;
      expect(overlaps, b.text).toBe(false);
    }
    expect(boxes.some((b) => /Ylärajan ylitys|Alarajan alitus/.test(b.text))).toBe(false);
    const caption = await figure.locator('figcaption').innerText();
    expect(caption).toContain('Vuorokauden keskiarvot ja vaihteluväli.');
    expect(caption).toMatch(/Hälytyksiä (4[0-9]|5[0-9])\./);

    // The tooltip: Finnish time and numbers, the day's range.
    const plot = await chart.boundingBox();
    if (!plot) throw new Error('no chart box');
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    const tooltip = chart.locator('div').filter({ hasText: /°C/ }).last();
    await expect
      .poll(() => tooltip.innerText(), { timeout: 15_000 })
      .toMatch(/^\d\d\.\d\d\.\d{4} \d\d\.\d\d\n.+: \d+(,\d+)? °C \(\d+(,\d+)?–\d+(,\d+)?\)/);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
  });

  it('fits the CO2 axis to the readings, not to 0, and rescales it on zoom', async () => {
    const page = await e2e.newPage({ width: 1366, height: 900 });
    await openYear(page, co2Id, [co2Device.deviceId]);
    await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
    const figure = page.getByRole('figure', { name: co2Device.deviceName });
    const chart = figure.locator(`[data-chart="${co2Device.deviceId}"]`);
    await chart.locator('svg text', { hasText: 'Vuorokauden keskiarvot' }).waitFor();
    const whole = await leftAxisValues(chart);
    expect(whole.length).toBeGreaterThan(2);
    // Readings 450–1,440 ppm: the axis starts near them, never at 0 or below.
    expect(Math.min(...whole)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...whole)).toBeGreaterThanOrEqual(1400);

    // Zoomed to the middle quarter of the year (after the high months): the axis follows.
    const buttons = figure.getByRole('group', { name: 'Kaavion lähennys ja siirto' });
    await buttons.getByRole('button', { name: 'Lähennä' }).click();
    await buttons.getByRole('button', { name: 'Lähennä' }).click();
    await expect.poll(async () => Math.max(...(await leftAxisValues(chart)))).toBeLessThan(1100);
    expect(Math.min(...(await leftAxisValues(chart)))).toBeGreaterThanOrEqual(300);
    await buttons.getByRole('button', { name: 'Palauta' }).click();
    await expect
      .poll(async () => Math.max(...(await leftAxisValues(chart))))
      .toBeGreaterThanOrEqual(1400);
  });

  for (const width of [1366, 360]) {
    it(`overlays both devices with a legend and a second measurement on the right axis at ${width} px`, async () => {
      const page = await e2e.newPage({ width, height: 900 });
      await openYear(page, temperatureId);
      await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
      await page.getByRole('heading', { name: 'Mittausdatan kaaviot', level: 1 }).waitFor();
      await page.getByRole('switch', { name: 'Kaikki mittarit samassa kaaviossa' }).click();
      await expect.poll(() => hashPath(page)).toContain('view=overlay');
      const figure = page.getByRole('figure', { name: /^Mittarit samassa kaaviossa: Lämpötila/ });
      const legend = figure.getByRole('list', { name: 'Kaavion selite' });
      await expect
        .poll(() => legend.getByRole('listitem').allInnerTexts(), { timeout: 15_000 })
        .toEqual(devices.map((d) => d.deviceName));
      expect(await page.getByRole('figure').count()).toBe(1);

      await choose(page, /^Toinen mittaus/, /^Kosteus/);
      await expect.poll(() => hashPath(page)).toContain('mid2=');
      await expect
        .poll(() => legend.getByRole('listitem').allInnerTexts(), { timeout: 15_000 })
        .toEqual(
          devices.flatMap((d) => [`${d.deviceName} – ${MEASUREMENT}`, `${d.deviceName} – Kosteus`]),
        );
      const chart = figure.locator('[data-chart="overlay"]');
      // The right axis is named by its unit; both units are on the chart.
      await chart.locator('svg text', { hasText: /^%$/ }).waitFor();
      await chart.locator('svg text', { hasText: /^°C$/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: path.join(SHOTS, `sensor-data-overlay-${width}.png`),
        fullPage: true,
      });
      await expectAccessible(page);
      // A reload keeps the view.
      await page.reload();
      await figure.locator('[data-chart="overlay"] svg').waitFor();
      if (width === 360) {
        await page.getByRole('switch', { name: 'Kaikki mittarit samassa kaaviossa' }).click();
        await expect.poll(() => hashPath(page)).not.toContain('view=overlay');
        await choose(page, /^Toinen mittaus/, 'Ei toista mittausta');
        const single = page.getByRole('figure', { name: devices[0].deviceName });
        await single.locator('svg text', { hasText: 'Vuorokauden keskiarvot' }).waitFor();
        // The closed menu's fade-out, out of the picture.
        await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
        await page.screenshot({
          path: path.join(SHOTS, 'sensor-data-year-360.png'),
          fullPage: true,
        });
        await expectAccessible(page);
      }
    });
  }
});
