import { describe, expect, it } from 'vitest';
import { pngImage } from '../apps/api/test/helpers/images.js';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

// Embedded mode without SMTP_URL: no mail is read here.
const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

const ORGANIZATION = 'Testiorganisaatio Oy';

describe('organizations in the browser (Pääylläpitäjä)', () => {
  it('creates an organization with two applications and edits it in the list', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/add-new-organization');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää uusi organisaatio' }).waitFor();
    // The applications come from the server.
    await page.getByRole('checkbox', { name: 'Tehovahti' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Y-tunnus').fill('1234567');
    await page.getByLabel('Sopimusnumero').fill('SOP-2026');
    await page.getByLabel('Nimi').fill(ORGANIZATION);
    await page.getByLabel('Osoite').fill('Testitie 5');
    await page.getByLabel('Postinumero').fill('00100');
    await page.getByLabel('Postitoimipaikka').fill('Helsinki');
    await page.getByLabel('Alue').fill('Uusimaa');
    await page.getByRole('checkbox', { name: 'Tehovahti' }).check();
    await page.getByRole('checkbox', { name: 'Sisäilma' }).check();
    await page.getByLabel('Lisätiedot').fill('Testiasiakas');
    await page.getByText('12/500').waitFor();
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Y-tunnuksessa pitää olla 9 merkkiä').waitFor();
    await page.getByText('Tarkasta annetut tiedot').waitFor();

    await page.getByLabel('Y-tunnus').fill('1234567-8');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Organisaatio luotu').waitFor();
    // The form is empty again for the next one.
    expect(await page.getByLabel('Nimi').inputValue()).toBe('');

    await page.goto('/#/admin/show-organizations');
    await page.getByRole('heading', { name: 'Organisaatiot', exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(ORGANIZATION) });
    await row.getByRole('cell', { name: 'Tehovahti, Sisäilma' }).waitFor();
    await expectAccessible(page);

    await row.getByRole('button', { name: `Muokkaa: ${ORGANIZATION}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa organisaatiota' });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Tehovahti' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Sisäilma' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Käyttäjät' }).isChecked()).toBe(false);
    await expectAccessible(page);
    await dialog.getByLabel('Alue').fill('Pirkanmaa');
    await dialog.getByRole('checkbox', { name: 'Tehovahti' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Käyttäjät' }).check();
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Organisaation tiedot tallennettu').waitFor();
    await row.getByRole('cell', { name: 'Pirkanmaa' }).waitFor();
    await row.getByRole('cell', { name: 'Sisäilma, Käyttäjät' }).waitFor();
  });

  it('sets how long measurement data is kept, in whole months, on a phone screen too', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/show-organizations');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    const row = page.getByRole('row', { name: /Toinen Taloyhtiö Oy/ });
    await row.getByRole('button', { name: 'Muokkaa: Toinen Taloyhtiö Oy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa organisaatiota' });
    const retention = dialog.getByLabel('Mittaustietojen säilytysaika (kk)');
    await retention.waitFor();
    expect(await retention.inputValue()).toBe('');
    // The dialog on a phone: full width, the hint readable.
    await page.setViewportSize({ width: 360, height: 740 });
    await dialog.getByText('Tyhjä: säilytetään aina.', { exact: false }).waitFor();
    await retention.fill('1,5');
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog
      .getByText('Säilytysajan pitää olla kokonainen määrä kuukausia 1–600, tai tyhjä')
      .waitFor();
    await expectAccessible(page);
    await retention.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/organization-retention-360.png` });
    await retention.fill('24');
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Organisaation tiedot tallennettu').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: 'Muokkaa: Toinen Taloyhtiö Oy' }).click();
    await dialog.waitFor();
    expect(await retention.inputValue()).toBe('24');
  });

  it('uploads, refuses and removes the organization’s logo in the edit dialog, at 1366 and 360 px', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/#/admin/show-organizations');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    const name = 'Demo Kiinteistöt Oy';
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Muokkaa: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa organisaatiota' });
    await dialog.getByText('Ei logoa').waitFor();
    const file = dialog.locator('input[type="file"]');

    // Judged by content: a text file named like an image is refused with the field's text.
    await file.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('ei kuva'),
    });
    await dialog
      .getByText('Logo: vain PNG- ja JPG-kuvat kelpaavat (tiedoston sisältö tarkistetaan)')
      .waitFor();

    await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage() });
    await dialog.getByText('Logo tallennettu').waitFor();
    const logo = dialog.getByRole('img', { name: `Organisaation ${name} logo` });
    await logo.waitFor();
    expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(240);
    await dialog.getByRole('button', { name: 'Vaihda logo' }).waitFor();
    await expectAccessible(page);
    await logo.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/organization-logo-1366.png` });

    await page.setViewportSize({ width: 360, height: 740 });
    await logo.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/organization-logo-360.png` });

    await dialog.getByRole('button', { name: 'Poista logo' }).click();
    await dialog.getByText('Logo poistettu').waitFor();
    await dialog.getByText('Ei logoa').waitFor();
    expect(await logo.count()).toBe(0);
  });

  it('lets an Ylläpitäjä set their own organization’s logo from the menu, at 360 px', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/admin/dashboard');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('button', { name: 'Valikko' }).click();
    await page.getByRole('link', { name: 'Organisaation logo' }).click();
    await page.getByRole('heading', { name: 'Organisaation logo', level: 1 }).waitFor();
    await page.getByText('Ei logoa').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage() });
    await page.getByText('Logo tallennettu').waitFor();
    await page.getByRole('img', { name: 'Organisaation Demo Kiinteistöt Oy logo' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Poista logo' }).click();
    await page.getByText('Logo poistettu').waitFor();
    // A Pääkäyttäjä may not change the logo: the screen is not there for them.
    const chief = await e2e.newPage();
    await chief.goto('/#/admin/organization-logo');
    await signIn(chief, 'paakayttaja@demo.vahti.fi');
    await chief.waitForURL(/#\/not-found$/);
  });

  it("loads the code generator's targets only after an organization is chosen", async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/generate-registeration-code');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Luo rekisteröintikoodi' }).waitFor();
    const targets = page.getByRole('combobox', { name: 'Kohteet' });
    await targets.waitFor();
    expect(await targets.isDisabled()).toBe(true);
    await page.getByText('Valitse ensin organisaatio').waitFor();

    await page.getByRole('combobox', { name: 'Organisaatio' }).click();
    await page.getByRole('option', { name: 'Toinen Taloyhtiö Oy' }).click();
    await expect.poll(() => targets.isDisabled()).toBe(false);
    await targets.click();
    await page.getByRole('option', { name: 'As Oy Hämeenpuisto' }).waitFor();
    expect(await page.getByRole('option', { name: 'As Oy Kivikko' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });
});
