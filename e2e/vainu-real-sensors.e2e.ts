// Issue 25 end to end, as an integrator goes live with a sensor model the demo does not have:
// an Ylläpitäjä describes the Elsys ERS CO2 in the type form and tries it on the vendor's sample,
// imports 50 devices of it from a CSV, the network server sends uplinks by webhook and through
// Mosquitto (MQTT), and the values are in the chart.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccessible, signIn, useE2E } from './support/browser.js';
import { DATA_TEMPLATE_ENV } from './support/server.js';

const MQTT_URL = process.env.TEST_MQTT_URL || 'mqtt://127.0.0.1:1883';
const PREFIX = `e2e-${randomBytes(4).toString('hex')}`;
/** The demo organization's ingest key, written by the seed into the run's data template. */
const demoKey = () =>
  readFileSync(
    path.join(process.env[DATA_TEMPLATE_ENV] ?? '', 'demo-ingest-key.txt'),
    'utf8',
  ).trim();

const e2e = useE2E({
  env: () => ({
    MQTT_URL,
    MQTT_INGEST_KEY: demoKey(),
    MQTT_TOPICS: `${PREFIX}/application/+/device/+/event/up`,
  }),
});
const broker = mqtt.connect(MQTT_URL, { clientId: `${PREFIX}-sender` });
afterAll(() => broker.endAsync());

const ADMIN = 'yllapitaja@demo.vahti.fi';
const TYPE = `Elsys ERS CO2 ${PREFIX}`;
const TARGET = 'As Oy Kivikko';
const eui = (n: number) =>
  `A81758FFFE${PREFIX.slice(4, 8).toUpperCase()}${n.toString(16).padStart(2, '0').toUpperCase()}`;
const CSV_HEADER =
  'DevEUI;Nimi;QR-koodi;Mittarityyppi;Kohde;Sijainti;Sarjanumero;Käyttöönottopäivä';

/** A ChirpStack v4 `up` event of the device, an Elsys frame (hex) on FPort 5. */
const uplink = (n: number, hex: string) => ({
  deduplicationId: crypto.randomUUID(),
  time: new Date(Date.now() - 60_000).toISOString(),
  deviceInfo: { devEui: eui(n).toLowerCase(), deviceName: `elsys-${n}` },
  fCnt: 10 + n,
  fPort: 5,
  data: Buffer.from(hex, 'hex').toString('base64'),
});

async function choose(page: Page, label: RegExp | string, option: RegExp | string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('a new sensor model, from its type to its chart (issue 25)', () => {
  it('type in the UI, codec tried, 50 devices imported, uplinks by webhook and MQTT, values in the chart', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-sensor');
    await signIn(page, ADMIN);
    const form = page.getByRole('form', { name: 'Mittarityyppi' });
    await form.getByLabel('Nimi').fill(TYPE);
    for (const [n, name] of [
      [1, /^Lämpötila/],
      [2, /^Kosteus/],
      [3, /^CO2/],
    ] as const) {
      await form.getByRole('button', { name: 'Lisää mittaus' }).click();
      await choose(page, `Mittaus ${n}`, name);
    }
    await choose(page, 'Arvojen lähde', 'Viestin tavut (kehykset)');
    await form.getByRole('button', { name: 'Luo pohja valituista mittauksista' }).click();
    const ids =
      (
        JSON.parse(await form.getByLabel('Kehykset (JSON)').inputValue()) as {
          fields: { measurementId: string }[];
        }[]
      )[0]?.fields.map((f) => f.measurementId) ?? [];
    expect(ids).toHaveLength(3);
    // Elsys' payload document: 0x01 temperature (2 bytes signed, ×0.1), 0x02 humidity (1 byte),
    // 0x06 CO2 (2 bytes), 0x04 light and 0x07 supply voltage known and skipped.
    const entry = (tag: number, length: number, measurementId?: string, more = {}) => ({
      tag,
      length,
      fields: measurementId ? [{ measurementId, offset: 0, length, ...more }] : [],
    });
    await form.getByLabel('Kehykset (JSON)').fill(
      JSON.stringify([
        {
          kind: 'tlv',
          fPort: 5,
          tagBytes: 1,
          entries: [
            entry(1, 2, ids[0], { signed: true, scale: 0.1 }),
            entry(2, 1, ids[1]),
            entry(4, 2),
            entry(5, 1),
            entry(6, 2, ids[2]),
            entry(7, 2),
          ],
        },
      ]),
    );
    await form.getByLabel('Viesti (heksa tai base64)').fill('0100E7022104002405020601B0070E4D');
    await form.getByLabel('FPort').fill('5');
    await form.getByRole('button', { name: 'Kokeile' }).click();
    const tried = form.getByRole('table', { name: 'Puretut arvot' });
    for (const value of ['23,1', '33', '432'])
      await tried.getByRole('cell', { name: value }).waitFor();
    await form.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText(`Mittarityyppi lisätty: ${TYPE}`).waitFor();

    // 50 devices of the new type from a CSV as Finnish Excel saves it.
    const rows = Array.from(
      { length: 50 },
      (_, i) =>
        `${eui(i + 1)};Elsys ${PREFIX} ${i + 1};QR-${PREFIX}-${i + 1};${TYPE};${TARGET};${(i % 8) + 1}. kerros;SN-${PREFIX}-${i + 1};1.11.2026`,
    );
    await page.goto('/#/vainu/show-devices');
    await page.getByRole('button', { name: 'Tuo laitteita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tuo laitteita tiedostosta' });
    await dialog.getByLabel('Tuotava tiedosto (CSV tai XLSX)').setInputFiles({
      name: 'elsys.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${[CSV_HEADER, ...rows].join('\r\n')}\r\n`),
    });
    await dialog.getByText('Kaikki rivit ovat kunnossa. Tallenna mittarit.').waitFor();
    await dialog.getByRole('button', { name: 'Tallenna 50 mittaria' }).click();
    await dialog.getByText('50 mittaria tuotu.').waitFor();
    await dialog.getByRole('button', { name: 'Sulje' }).click();

    // Device 1 by the ChirpStack webhook, device 2 through Mosquitto.
    const res = await fetch(`${e2e.server.url}/api/ingest/chirpstack`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demoKey()}`, 'content-type': 'application/json' },
      body: JSON.stringify(uplink(1, '0100E7022104002405020601B0070E4D')),
    });
    expect(await res.json()).toEqual({ stored: 1, duplicates: 0 });
    await broker.publishAsync(
      `${PREFIX}/application/e2e/device/${eui(2).toLowerCase()}/event/up`,
      JSON.stringify(uplink(2, '0100D2022D0602BC')),
      { qos: 1 },
    );

    // The chart of the target's temperatures: both devices, with the values they sent.
    await page.goto('/#/vainu/sensor-data');
    await choose(page, /^Kohteet/, TARGET);
    await page.keyboard.press('Escape');
    await choose(page, /^Mittaus/, /^Lämpötila/);
    const table = page.getByRole('table', { name: 'Mittausten yhteenveto' });
    await table.getByRole('cell', { name: `Elsys ${PREFIX} 1`, exact: true }).waitFor();
    // The MQTT uplink arrives on its own time: the table is asked again until it is there.
    await expect
      .poll(
        async () => {
          const found = await table
            .getByRole('cell', { name: `Elsys ${PREFIX} 2`, exact: true })
            .count();
          if (found === 0) await page.reload();
          return found;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await page.getByRole('link', { name: 'Näytä kaaviot' }).click();
    const first = page.getByRole('figure', { name: `Elsys ${PREFIX} 1`, exact: true });
    await first.locator('svg').first().waitFor();
    expect(await first.locator('figcaption').innerText()).toContain('viimeisin 23,1');
    const second = page.getByRole('figure', { name: `Elsys ${PREFIX} 2`, exact: true });
    expect(await second.locator('figcaption').innerText()).toContain('viimeisin 21');
    await expectAccessible(page);

    // The devices' real payloads replay through the type's codec in its form.
    await page.goto('/#/vainu/show-sensors');
    const types = page.getByRole('region', { name: 'Vahdin mittarityypit' });
    await types.getByRole('button', { name: `Muokkaa mittarityyppiä ${TYPE}` }).click();
    const edit = page.getByRole('dialog', { name: `Muokkaa mittarityyppiä: ${TYPE}` });
    await edit
      .getByRole('button', { name: new RegExp(`^Kokeile viestiä: Elsys ${PREFIX} 1,`) })
      .click();
    const replayed = edit.getByRole('table', { name: 'Puretut arvot' });
    for (const value of ['23,1', '33', '432'])
      await replayed.getByRole('cell', { name: value }).waitFor();
  });
});
