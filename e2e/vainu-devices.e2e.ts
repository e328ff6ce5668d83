import { describe, expect, it } from 'vitest';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

const QR = 'QR-E2E-0001';
const NAME = 'E2E-mittari';
const RENAMED = 'E2E-mittari porras B';

describe('Vainu device register in the browser (Ylläpitäjä)', () => {
  it('adds a device with limits, edits it, and shows the history and the limits', async () => {
    const page = await e2e.newPage();
    // The QR code comes from the scanner as ?id=.
    await page.goto(`/#/vainu/add-device?id=${QR}`);
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää mittari', exact: true }).waitFor();
    expect(await page.getByLabel('QR-koodi').inputValue()).toBe(QR);

    await page.getByLabel('Nimi').fill(NAME);
    await page.getByRole('combobox', { name: 'Kohde' }).click();
    await page.getByRole('option', { name: 'As Oy Kivikko' }).click();
    await page.getByRole('combobox', { name: 'Mittarityyppi' }).click();
    await page.getByRole('option', { name: 'Sisäilma CO2' }).click();
    // One min/max pair per measurement of the type, starting from the type's defaults.
    const co2Max = page.getByLabel('Max: CO2 (ppm)');
    await co2Max.waitFor();
    expect(await co2Max.inputValue()).toBe('1200');
    await page.getByLabel('DevEUI').fill('70b3d57ed0e2e001');
    await page.getByLabel('Sarjanumero').fill('SN-E2E-1');
    await page.getByLabel('Sijainti').fill('2. kerros, porras B');
    await page.getByLabel('Leveysaste').fill('60,21');
    await page.getByLabel('Pituusaste').fill('24.95');
    await page.getByLabel('Ohjelmistoversio').fill('2.1.0');
    await page.getByLabel('Tuotekoodi').fill('VA-CO2-02');
    await page.getByLabel('Min: Lämpötila (°C)').fill('19');
    await page.getByLabel('Max: Lämpötila (°C)').fill('25');
    // Low above high is refused with the rule's text, before anything is sent.
    await page.getByLabel('Min: CO2 (ppm)').fill('1500');
    await page.getByRole('button', { name: 'Lisää mittari' }).click();
    await page.getByText('Alarajan pitää olla pienempi kuin yläraja').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Min: CO2 (ppm)').fill('0');
    await page.getByRole('button', { name: 'Lisää mittari' }).click();
    await page.getByText('Mittari lisätty').waitFor();

    // The list's search starts from ?qrCode=.
    await page.goto(`/#/vainu/show-devices?qrCode=${QR}`);
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    expect(await page.getByLabel('Hae', { exact: true }).inputValue()).toBe(QR);
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByRole('cell', { name: 'Käytössä' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await expectAccessible(page);

    // Edit: the action note is required and goes into the history.
    await row.getByRole('button', { name: `Muokkaa: ${NAME}` }).click();
    const edit = page.getByRole('dialog', { name: 'Muokkaa mittaria' });
    await edit.waitFor();
    expect(await edit.getByLabel('DevEUI').inputValue()).toBe('70B3D57ED0E2E001');
    await edit.getByLabel('Nimi').fill(RENAMED);
    await edit.getByRole('button', { name: 'Tallenna' }).click();
    await edit.getByText('Pakollinen kenttä').waitFor();
    await expectAccessible(page);
    await edit.getByLabel('Toimenpide').fill('Siirretty portaaseen B');
    await edit.getByRole('button', { name: 'Tallenna' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Mittarin tiedot tallennettu').waitFor();
    await page.getByLabel('Hae', { exact: true }).fill('porras B');
    const renamed = page.getByRole('row', { name: new RegExp(RENAMED) });
    await renamed.waitFor();

    // History: who, when, what and why.
    await renamed.getByRole('button', { name: `Historia: ${RENAMED}` }).click();
    const history = page.getByRole('dialog', { name: `Mittarin historia: ${RENAMED}` });
    await history.waitFor();
    const edits = history.getByRole('region', { name: 'Muutokset', exact: true });
    const newest = edits.getByRole('listitem').first();
    await newest.getByText('Toimenpide: Siirretty portaaseen B').waitFor();
    // Today in Finnish time, as the screens show every time but an alarm's.
    const day = new Intl.DateTimeFormat('fi-FI', {
      timeZone: 'Europe/Helsinki',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    expect(await newest.innerText()).toContain('Ylermi Ylänne');
    expect(await newest.innerText()).toContain(day);
    // Fields by the form's names, not the API's keys (issue 27: a raw deviceName).
    expect(await newest.innerText()).toContain(`Nimi: ${RENAMED}`);
    expect(await newest.innerText()).not.toContain('deviceName');
    await edits.getByText('Toimenpide: Mittari lisätty').waitFor();
    await history
      .getByRole('region', { name: 'Hälytysrajojen muutokset' })
      .getByText(/Lämpötila: 19–25/)
      .waitFor();
    await expectAccessible(page);
    await history.getByRole('button', { name: 'Sulje' }).click();
    await history.waitFor({ state: 'hidden' });

    // Limits: each with its source; a change writes the history too.
    await renamed.getByRole('button', { name: `Hälytysrajat: ${RENAMED}` }).click();
    const limits = page.getByRole('dialog', { name: `Hälytysrajat: ${RENAMED}` });
    await limits.waitFor();
    expect(await limits.getByLabel('Max: Lämpötila (°C)').inputValue()).toBe('25');
    await limits.getByText('Lähde: Mittarin oma').first().waitFor();
    await expectAccessible(page);
    await limits.getByLabel('Min: Lämpötila (°C)').fill('26');
    await limits.getByLabel('Toimenpide').fill('Lämpötilarajat kesäksi');
    await limits.getByRole('button', { name: 'Tallenna' }).click();
    await limits.getByText('Alarajan pitää olla pienempi kuin yläraja').waitFor();
    await limits.getByLabel('Min: Lämpötila (°C)').fill('20');
    await limits.getByLabel('Max: Lämpötila (°C)').fill('27');
    await limits.getByRole('button', { name: 'Tallenna' }).click();
    await limits.waitFor({ state: 'hidden' });
    await page.getByText('Hälytysrajat tallennettu').waitFor();
    await renamed.getByRole('button', { name: `Historia: ${RENAMED}` }).click();
    await history.waitFor();
    await history
      .getByRole('region', { name: 'Hälytysrajojen muutokset' })
      .getByText('Toimenpide: Lämpötilarajat kesäksi')
      .waitFor();
  });

  it('shows where an inherited limit comes from', async () => {
    const page = await e2e.newPage();
    // show-devices/{code}: the search starts from the path too.
    await page.goto('/#/vainu/show-devices/VAINU-A001');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    await expect
      .poll(() => page.getByLabel('Hae', { exact: true }).inputValue())
      .toBe('VAINU-A001');
    // A demo CO2 meter on As Oy Kivikko, whose target sets a stricter CO2 limit.
    // A demo device (the e2e's own has limits of its own): named by type and floor.
    await page.getByRole('row').filter({ hasText: 'VAINU-A001' }).first().waitFor();
    await page.getByLabel('Hae', { exact: true }).fill('Sisäilma CO2 2. krs');
    // The row of that device (not whichever Kivikko row shows before the search applies).
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Sisäilma CO2 2. krs' })
      .filter({ hasText: 'As Oy Kivikko' })
      .first();
    await row.getByRole('button', { name: /^Hälytysrajat:/ }).click();
    const limits = page.getByRole('dialog', { name: /^Hälytysrajat:/ });
    await limits.waitFor();
    await limits.getByTestId('limit-source-CO2').getByText('Lähde: Kohteen raja').waitFor();
    await limits.getByTestId('limit-source-Kosteus').getByText('Lähde: Tyypin oletus').waitFor();
    expect(await limits.getByLabel('Max: CO2 (ppm)').inputValue()).toBe('950');
    // Saving without a change keeps every limit inherited.
    await limits.getByLabel('Toimenpide').fill('Tarkistettu');
    await limits.getByRole('button', { name: 'Tallenna' }).click();
    await limits.waitFor({ state: 'hidden' });
    await page.getByText('Ei muutoksia tallennettavaksi').waitFor();
  });

  it('adds a measurement and refuses a bit number over 8', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-measurement');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää mittaus' }).waitFor();
    await page.getByLabel('Nimi').fill('Ammoniakki');
    await page.getByLabel('Koko tavuina').fill('2');
    await page.getByLabel('Bitin numero').fill('9');
    await page.getByLabel('Yksikkö').fill('ppm');
    await page.getByRole('button', { name: 'Lisää mittaus' }).click();
    await page.getByText('Bitin numeron pitää olla 1–8').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Bitin numero').fill('1');
    await page.getByRole('button', { name: 'Lisää mittaus' }).click();
    await page.getByText('Mittaus lisätty').waitFor();
    await page.goto('/#/vainu/show-measurements');
    await page
      .getByRole('row', { name: /Ammoniakki/ })
      .getByRole('cell', { name: 'ppm' })
      .waitFor();
  });

  it('fills in the physical bounds of the quantity picked, and saves them edited', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-measurement');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää mittaus' }).waitFor();
    await page.getByLabel('Nimi').fill('Saunan lämpö');
    await page.getByLabel('Koko tavuina').fill('2');
    await page.getByRole('combobox', { name: 'Suure' }).click();
    await page.getByRole('option', { name: 'Lämpötila' }).click();
    const min = page.getByLabel('Pienin mahdollinen arvo');
    const max = page.getByLabel('Suurin mahdollinen arvo');
    expect([await min.inputValue(), await max.inputValue()]).toEqual(['-60', '120']);
    await max.fill('150');
    await page.getByRole('button', { name: 'Lisää mittaus' }).click();
    await page.getByText('Mittaus lisätty').waitFor();
    await page.goto('/#/vainu/show-measurements');
    const row = page.getByRole('row', { name: /Saunan lämpö/ });
    await row.getByRole('cell', { name: '-60…150' }).waitFor();
    await row.getByRole('button', { name: 'Muokkaa: Saunan lämpö' }).click();
    expect(await page.getByLabel('Suurin mahdollinen arvo').inputValue()).toBe('150');
  });

  it('takes each scanned code afresh: never an earlier device’s code (issue 27)', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-device/UX-PATH-999');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    const code = page.getByLabel('QR-koodi');
    await expect.poll(() => code.inputValue()).toBe('UX-PATH-999');
    await page.goto('/#/vainu/add-device?qrCode=CCC-333');
    await expect.poll(() => code.inputValue()).toBe('CCC-333');
    await page.goto('/#/vainu/add-device');
    await expect.poll(() => code.inputValue()).toBe('');
  });

  it("shows the top administrator each measurement's and type's organization (issue 27)", async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-measurements');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    const table = page.getByRole('table').first();
    await table.getByRole('columnheader', { name: 'Organisaatio' }).waitFor();
    await table.getByRole('cell', { name: 'Demo Kiinteistöt Oy' }).first().waitFor();
    await table.getByRole('cell', { name: 'Toinen Taloyhtiö Oy' }).first().waitFor();
    await page.goto('/#/vainu/show-sensors');
    const types = page.getByRole('region', { name: 'Vahdin mittarityypit' });
    await types.getByRole('columnheader', { name: 'Organisaatio' }).waitFor();
    await types.getByRole('cell', { name: 'Toinen Taloyhtiö Oy' }).first().waitFor();
    await expectAccessible(page);
  });

  it('prefills any list’s search from ?id= (spec 001 §2; issue 27: only the devices list did)', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-measurements?id=Kosteus');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    const search = page.getByLabel('Hae', { exact: true });
    await expect.poll(() => search.inputValue()).toBe('Kosteus');
    await page.getByRole('cell', { name: 'Kosteus', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Lämpötila', exact: true }).count()).toBe(0);
  });

  it('hides device management, device types included, from a Käyttäjä', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-sensor');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
    expect(await page.getByRole('link', { name: 'Näytä mittarit' }).count()).toBe(0);
    await page.goto('/#/vainu/show-devices');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
  });

  it('fits the device list on a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/show-devices');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    await page.getByText('As Oy Kivikko').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    const path = process.env.VAINU_SCREENSHOT;
    if (path) await page.screenshot({ path, fullPage: false });
  });

  it('links a device and its measurements to a user', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/add-user-device');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää mittari käyttäjälle' }).waitFor();
    await page.getByRole('button', { name: 'Lisää', exact: true }).click();
    await page.getByText('Pakollinen kenttä').first().waitFor();
    await page.getByRole('combobox', { name: 'Käyttäjä' }).click();
    await page.getByRole('option', { name: /^Kalle Kallio/ }).click();
    await page.getByRole('combobox', { name: 'Kohde' }).click();
    await page.getByRole('option', { name: 'Rivitalo Haukilahti' }).click();
    await page.getByRole('combobox', { name: 'Mittari', exact: true }).click();
    const option = page.getByRole('option').first();
    const deviceName = (await option.innerText()).split(' (')[0] ?? '';
    await option.click();
    // The type's measurements come chosen.
    await page.locator('.MuiAutocomplete-root .MuiChip-label').first().waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Lisää', exact: true }).click();
    await page.getByText('Mittari liitetty käyttäjään').waitFor();
    await page.goto('/#/vainu/show-user-devices');
    await page.getByRole('heading', { name: 'Käyttäjien mittarit' }).waitFor();
    await page.getByLabel('Hae', { exact: true }).fill('Rivitalo Haukilahti');
    const row = page.getByRole('row', { name: new RegExp(`Kalle Kallio.*${deviceName}`) });
    await row.waitFor();

    // The link is edited (one measurement fewer, Passiivinen) and then removed (issue 27).
    await page.getByRole('button', { name: `Muokkaa: Kalle Kallio, ${deviceName}` }).click();
    const dialog = page.getByRole('dialog');
    const [removed, kept] = await dialog.locator('.MuiChip-label').allInnerTexts();
    if (!removed || !kept) throw new Error('test: the device type should have two measurements');
    await dialog.locator('.MuiChip-deleteIcon').first().click();
    await dialog.getByRole('combobox', { name: 'Tila' }).click();
    await page.getByRole('option', { name: 'Passiivinen' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Käyttäjän mittarin tiedot tallennettu').waitFor();
    await row.getByText('Passiivinen').waitFor();
    // The list names the measurement kept (its names have loaded), not the one taken away.
    await row.getByText(kept).waitFor();
    await expect.poll(() => row.innerText()).not.toContain(removed);

    await page
      .getByRole('button', { name: `Poista mittari ${deviceName} käyttäjältä Kalle Kallio` })
      .click();
    await page.getByRole('dialog', { name: 'Poistetaanko mittari käyttäjältä?' }).waitFor();
    await page.getByRole('button', { name: 'Poista', exact: true }).click();
    await page.getByText('Mittari poistettu käyttäjältä').waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
