import { afterAll, describe, expect, it } from 'vitest';
import {
  chirpStackProfile,
  FAKE_API_KEY,
  FAKE_TENANT_ID,
  type FakeChirpStack,
  startFakeChirpStack,
} from '../apps/api/test/helpers/fake-chirpstack.js';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

// The server reads the device profiles from a stand-in ChirpStack on this machine.
let chirpStack: FakeChirpStack;
const e2e = useE2E({
  env: async () => {
    chirpStack = await startFakeChirpStack();
    chirpStack.profiles = Array.from({ length: 12 }, (_, i) => chirpStackProfile(i + 1));
    return {
      DEVICE_NETWORK_URL: chirpStack.url,
      DEVICE_NETWORK_API_KEY: FAKE_API_KEY,
      DEVICE_NETWORK_TENANT_ID: FAKE_TENANT_ID,
      DEVICE_NETWORK_TIMEOUT_MS: '2000',
    };
  },
});
afterAll(() => chirpStack?.close());

describe('device types table (/vainu/show-sensors)', () => {
  it("lists the network's device profiles, and says in the table when the service fails", async () => {
    const page = await e2e.newPage();
    const requests: string[] = [];
    page.context().on('request', (request) => requests.push(request.url()));
    await page.goto('/#/vainu/show-sensors');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Laitetyypit', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Laiteverkon laitetyypit' });
    await table.getByRole('cell', { name: 'Sisäilma-anturi 001', exact: true }).waitFor();
    expect(await table.getByRole('row', { name: /Sisäilma-anturi 002/ }).textContent()).toContain(
      'EU868',
    );
    await page.getByLabel('Hae', { exact: true }).fill('anturi 012');
    await table.getByRole('cell', { name: 'Sisäilma-anturi 012', exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await expectAccessible(page);

    // The browser talked to our server only; the key never reached it.
    expect(requests.every((url) => url.startsWith(e2e.server.url))).toBe(true);
    expect(requests.some((url) => url.startsWith(chirpStack.url))).toBe(false);

    chirpStack.mode = 'serverError';
    await page.reload();
    await page
      .getByRole('status')
      .getByText('Laiteverkon palvelu vastasi virheellisesti. Yritä hetken kuluttua uudelleen.')
      .waitFor();
    chirpStack.mode = 'normal';
    await page.getByRole('button', { name: 'Yritä uudelleen' }).click();
    await table.getByRole('cell', { name: 'Sisäilma-anturi 001', exact: true }).waitFor();
  });

  it('links a device profile to a Vahti device type and back to none', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-sensors');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    const table = page.getByRole('table', { name: 'Laiteverkon laitetyypit' });
    const select = table.getByRole('combobox', {
      name: 'Vahdin mittarityyppi laiteprofiilille Sisäilma-anturi 003',
    });
    // The choice shows once the device types have loaded; the combobox is there before them.
    await expect.poll(() => select.textContent()).toContain('Ei liitetty');
    await select.click();
    await page.getByRole('option', { name: 'Sisäilma CO2' }).click();
    await page.getByText('Laiteprofiili liitetty mittarityyppiin').waitFor();
    await table
      .getByRole('row', { name: /Sisäilma-anturi 003/ })
      .getByText('Sisäilma CO2')
      .waitFor();
    await expectAccessible(page);

    // The link is stored: a new visit shows it.
    await page.reload();
    // The choice shows once the device types have loaded; the combobox is there before them.
    await expect.poll(() => select.textContent()).toContain('Sisäilma CO2');
    await select.click();
    await page.getByRole('option', { name: 'Ei liitetty' }).click();
    await page.getByText('Laiteprofiilin liitos poistettu').waitFor();
    await table
      .getByRole('row', { name: /Sisäilma-anturi 003/ })
      .getByText('Ei liitetty')
      .waitFor();
  });

  it('fits a 360 px phone: profiles and types, axe-clean', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/show-sensors');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    // On a phone both lists are cards.
    await page.getByText('Sisäilma-anturi 001', { exact: true }).first().waitFor();
    await page
      .getByRole('region', { name: 'Vahdin mittarityypit' })
      .getByText('Sisäilma CO2', { exact: true })
      .first()
      .waitFor();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it('is closed to a Käyttäjä, who never makes the network server be asked', async () => {
    const before = chirpStack.requests.length;
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-sensors');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
    expect(chirpStack.requests.length).toBe(before);
  });

  it('an Ylläpitäjä adds a device type, tries its codec on a sample, saves, edits and copies it', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-sensor');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää mittarityyppi' }).waitFor();
    const form = page.getByRole('form', { name: 'Mittarityyppi' });
    await form.getByLabel('Nimi').fill('Elsys ERS CO2 (e2e)');
    await form.getByRole('button', { name: 'Lisää mittaus' }).click();
    await form.getByRole('combobox', { name: 'Mittaus 1' }).click();
    await page.getByRole('option', { name: /^Lämpötila/ }).click();
    await form.getByRole('button', { name: 'Lisää mittaus' }).click();
    await form.getByRole('combobox', { name: 'Mittaus 2' }).click();
    await page.getByRole('option', { name: /^Kosteus/ }).click();
    await form.getByRole('combobox', { name: 'Arvojen lähde' }).click();
    await page.getByRole('option', { name: 'Viestin tavut (kehykset)' }).click();
    // Elsys TLV: 0x01 temperature (2 bytes signed, ×0.1), 0x02 humidity (1 byte).
    // The template names the chosen measurements' ids; the TLV frame below reuses them.
    await form.getByRole('button', { name: 'Luo pohja valituista mittauksista' }).click();
    const template = JSON.parse(await form.getByLabel('Kehykset (JSON)').inputValue()) as {
      fields: { measurementId: string }[];
    }[];
    const ids = {
      temp: template[0]?.fields[0]?.measurementId,
      hum: template[0]?.fields[1]?.measurementId,
    };
    expect(ids.temp && ids.hum).toBeTruthy();
    await form.getByLabel('Kehykset (JSON)').fill(
      JSON.stringify([
        {
          kind: 'tlv',
          fPort: 5,
          tagBytes: 1,
          entries: [
            {
              tag: 1,
              length: 2,
              fields: [{ measurementId: ids.temp, offset: 0, length: 2, signed: true, scale: 0.1 }],
            },
            { tag: 2, length: 1, fields: [{ measurementId: ids.hum, offset: 0, length: 1 }] },
          ],
        },
      ]),
    );
    await form.getByLabel('Viesti (heksa tai base64)').fill('01 00 E7 02 21');
    await form.getByLabel('FPort').fill('5');
    await form.getByRole('button', { name: 'Kokeile' }).click();
    const values = form.getByRole('table', { name: 'Puretut arvot' });
    await values.getByRole('cell', { name: '23,1' }).waitFor();
    await values.getByRole('cell', { name: '33' }).waitFor();
    // A frame with a tag the type does not know: the reason, not a guess.
    await form.getByLabel('Viesti (heksa tai base64)').fill('01 00 E7 0A 01');
    await form.getByRole('button', { name: 'Kokeile' }).click();
    await form
      .getByText(/Viesti hylättäisiin: Tuntematon viestimuoto \(tag 0x0a at byte 3\)/)
      .waitFor();
    await expectAccessible(page);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/device-type-form.png`, fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/device-type-form-360.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await form.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Mittarityyppi lisätty: Elsys ERS CO2 (e2e)').waitFor();

    await page.goto('/#/vainu/show-sensors');
    const section = page.getByRole('region', { name: 'Vahdin mittarityypit' });
    const row = section
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Elsys ERS CO2 (e2e)', exact: true }) });
    await row.getByRole('cell', { name: 'Viestin tavut (kehykset)' }).waitFor();
    await row.getByRole('button', { name: 'Kopioi mittarityyppi Elsys ERS CO2 (e2e)' }).click();
    await page.getByText('Mittarityyppi kopioitu: Elsys ERS CO2 (e2e) (kopio)').waitFor();
    await row.getByRole('button', { name: 'Muokkaa mittarityyppiä Elsys ERS CO2 (e2e)' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Muokkaa mittarityyppiä: Elsys ERS CO2 (e2e)',
    });
    await dialog.getByRole('combobox', { name: 'Tila' }).click();
    await page.getByRole('option', { name: 'Poistettu käytöstä' }).click();
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('cell', { name: 'Poistettu käytöstä' }).waitFor();
    await expectAccessible(page);
  });

  it('the top administrator adds a type in another organization, of its measurements', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-sensor');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    const form = page.getByRole('form', { name: 'Mittarityyppi' });
    await form.getByRole('combobox', { name: 'Organisaatio' }).click();
    await page.getByRole('option', { name: 'Toinen Taloyhtiö Oy' }).click();
    await form.getByLabel('Nimi').fill('Toisen CO2-anturi');
    await form.getByRole('button', { name: 'Lisää mittaus' }).click();
    await form.getByRole('combobox', { name: 'Mittaus 1' }).click();
    // Only the chosen organization's catalogue: one CO2 measurement, not one of each.
    expect(await page.getByRole('option', { name: /^CO2/ }).count()).toBe(1);
    await page.getByRole('option', { name: /^CO2/ }).click();
    await form.getByLabel('Polku purettuun olioon (1)').fill('co2');
    await form.getByLabel('Laiteverkon purkama olio (JSON)').fill('{"co2": 612}');
    await form.getByRole('button', { name: 'Kokeile' }).click();
    await form
      .getByRole('table', { name: 'Puretut arvot' })
      .getByRole('cell', { name: '612' })
      .waitFor();
    await form.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Mittarityyppi lisätty: Toisen CO2-anturi').waitFor();
  });
});
