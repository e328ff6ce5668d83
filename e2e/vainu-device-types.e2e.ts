import { afterAll, describe, expect, it } from 'vitest';
import {
  chirpStackProfile,
  FAKE_API_KEY,
  FAKE_TENANT_ID,
  type FakeChirpStack,
  startFakeChirpStack,
} from '../apps/api/test/helpers/fake-chirpstack.js';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

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
    await table.getByRole('cell', { name: 'Sisäilma-anturi 001' }).waitFor();
    expect(await table.getByRole('row', { name: /Sisäilma-anturi 002/ }).textContent()).toContain(
      'EU868',
    );
    await page.getByLabel('Hae', { exact: true }).fill('anturi 012');
    await table.getByRole('cell', { name: 'Sisäilma-anturi 012' }).waitFor();
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
    await table.getByRole('cell', { name: 'Sisäilma-anturi 001' }).waitFor();
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

  it('is closed to a Käyttäjä, who never makes the network server be asked', async () => {
    const before = chirpStack.requests.length;
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-sensors');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
    expect(chirpStack.requests.length).toBe(before);
  });
});
