import type { FileChooser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ADMIN = 'yllapitaja@demo.vahti.fi';

const HEADER = 'DevEUI;Nimi;QR-koodi;Mittarityyppi;Kohde;Sijainti;Sarjanumero;Käyttöönottopäivä';
const device = (n: number, eui = `70B3D57ED0E2F00${n}`) =>
  `${eui};Tuontimittari ${n};QR-TUONTI-${n};Sisäilma CO2;As Oy Kivikko;${n}. kerros;SN-TUONTI-${n};1.6.2026`;
/** A CSV as Finnish Excel saves it: a BOM, `;` between cells, CRLF line ends. */
const csv = (lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`);

/** The API as the admin: a token from the sign-in call. */
async function apiAs(email: string) {
  const login = await fetch(`${e2e.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: email, userPassword: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return (path: string, body: unknown, bearer = token) =>
    fetch(`${e2e.server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
}

describe('Vainu: devices imported from a file, and the new-devices inbox (Ylläpitäjä)', () => {
  it('imports a CSV on a phone: the bad row is named, then the fixed file is saved and listed', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/show-devices');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Tuo laitteita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tuo laitteita tiedostosta' });
    await dialog.waitFor();

    // By keyboard: the button takes focus and Enter opens the file chooser. The dialog's focus
    // trap takes focus once its opening has settled, which on a busy machine has come after ours
    // and taken the key: the focus is checked before each press, and a lost key pressed again.
    // The chooser is waited for before the focus is checked, so Playwright intercepts it before
    // the key: one that opened before the interception would be the browser's own, left open.
    const choose = dialog.getByRole('button', { name: 'Valitse tiedosto' });
    let chooser: FileChooser | undefined;
    for (let attempt = 0; attempt < 3 && !chooser; attempt++) {
      // Long enough for the focus check (up to 15 s) and the chooser after it.
      const opened = page.waitForEvent('filechooser', { timeout: 30_000 }).catch(() => undefined);
      await expect
        .poll(async () => {
          await choose.focus();
          return choose.evaluate((button) => button === document.activeElement);
        })
        .toBe(true);
      await page.keyboard.press('Enter');
      chooser = await opened;
    }
    if (!chooser) throw new Error('Enter on "Valitse tiedosto" opened no file chooser');
    await chooser.setFiles({
      name: 'mittarit.csv',
      mimeType: 'text/csv',
      buffer: csv([device(1), device(2, '70B3D57ED0E2F0'), device(3)]),
    });
    await dialog.getByText('Rivejä 3: kunnossa 2, virheellisiä 1').waitFor();
    const bad = dialog.getByRole('row', { name: /Tuontimittari 2/ });
    await bad.getByText('DevEUI: DevEUI on 16 heksadesimaalimerkkiä (0–9, A–F)').waitFor();
    const save = dialog.getByRole('button', { name: /^Tallenna \d+ mittari/ });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/device-import-360.png`, fullPage: true });

    // The fixed file, chosen again.
    await dialog.getByLabel('Tuotava tiedosto (CSV tai XLSX)').setInputFiles({
      name: 'mittarit.csv',
      mimeType: 'text/csv',
      buffer: csv([device(1), device(2), device(3)]),
    });
    await dialog.getByText('Kaikki rivit ovat kunnossa. Tallenna mittarit.').waitFor();
    await dialog.getByRole('button', { name: 'Tallenna 3 mittaria' }).click();
    await dialog.getByText('3 mittaria tuotu.').waitFor();
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Hae', { exact: true }).fill('Tuontimittari');
    for (const n of [1, 2, 3]) {
      await page.getByText(`Tuontimittari ${n}`, { exact: true }).waitFor();
    }
  });

  it('lists an unknown DevEUI with its profile, adds it as a device, and dismisses another', async () => {
    const post = await apiAs(ADMIN);
    const { key } = (await (await post('/api/ingest-keys', { name: 'E2E uudet' })).json()) as {
      key: string;
    };
    const uplink = (devEui: string, minutesAgo: number) =>
      post(
        '/api/ingest/chirpstack?event=up',
        {
          deduplicationId: crypto.randomUUID(),
          time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
          deviceInfo: {
            devEui,
            deviceName: `verkko-${devEui.slice(-4)}`,
            deviceProfileName: 'Elsys ERS CO2',
          },
          fCnt: minutesAgo,
          fPort: 5,
          data: 'AQDlAikEAAUGBwGm',
        },
        key,
      );
    expect((await uplink('70b3d57ed0e2a001', 30)).status).toBe(202);
    expect((await uplink('70b3d57ed0e2a001', 20)).status).toBe(202);
    expect((await uplink('70b3d57ed0e2a002', 10)).status).toBe(202);

    const page = await e2e.newPage();
    await page.goto('/#/vainu/new-devices');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Uudet laitteet', exact: true }).waitFor();
    const row = page.getByRole('row', { name: /70B3D57ED0E2A001/ });
    await row.getByRole('cell', { name: 'Elsys ERS CO2' }).waitFor();
    await expectAccessible(page);
    if (SHOTS) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${SHOTS}/new-devices-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await row.getByRole('button', { name: 'Lisää mittariksi: 70B3D57ED0E2A001' }).click();
    const accept = page.getByRole('dialog', { name: 'Lisää mittariksi: 70B3D57ED0E2A001' });
    await accept.waitFor();
    expect(await accept.getByLabel('DevEUI').inputValue()).toBe('70B3D57ED0E2A001');
    expect(await accept.getByLabel('Nimi').inputValue()).toBe('verkko-a001');
    await accept.getByLabel('QR-koodi').fill('QR-UUSI-1');
    await accept.getByRole('combobox', { name: 'Kohde' }).click();
    await page.getByRole('option', { name: 'As Oy Kivikko' }).click();
    await accept.getByRole('combobox', { name: 'Mittarityyppi' }).click();
    await page.getByRole('option', { name: 'Sisäilma CO2' }).click();
    await accept.getByLabel('Sarjanumero').fill('SN-UUSI-1');
    await accept.getByLabel('Sijainti').fill('Kellari');
    await accept.getByLabel('Leveysaste').fill('60,2');
    await accept.getByLabel('Pituusaste').fill('24,9');
    await accept.getByLabel('Ohjelmistoversio').fill('1.0');
    await accept.getByLabel('Tuotekoodi').fill('ERS-CO2');
    await expectAccessible(page);
    await accept.getByRole('button', { name: 'Lisää mittari' }).click();
    await accept.waitFor({ state: 'hidden' });
    await page.getByText(/^Mittari lisätty\. Säilytetyistä viesteistä käsiteltiin 2,/).waitFor();
    await row.waitFor({ state: 'detached' });

    const other = page.getByRole('row', { name: /70B3D57ED0E2A002/ });
    await other.getByRole('button', { name: 'Ohita: 70B3D57ED0E2A002' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ohitetaanko laite?' });
    await confirm.getByRole('button', { name: 'Ohita' }).click();
    await page.getByText('Laite piilotettu uusista laitteista').waitFor();
    await other.waitFor({ state: 'detached' });

    // The accepted device is in the device list.
    await page.goto('/#/vainu/show-devices?qrCode=QR-UUSI-1');
    await page.getByRole('row', { name: /verkko-a001/ }).waitFor();
  });
});
