import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minimalJpeg, minimalPdf } from '../apps/api/src/db/demo/materialbank.js';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

const TITLE = 'E2E-ohje';
// A few megabytes, so the upload is a real one; still a PDF by its content. Named .html by the
// uploader: the list shows that name, a download is saved as .pdf (issue 26, finding 7).
const PDF = Buffer.concat([minimalPdf('E2E-ohje'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
const UPLOADED_AS = 'e2e-ohje.html';

describe('Materiaalipankki in the browser', () => {
  it('uploads a PDF with progress, shows it in Tieto to a permitted Käyttäjä only, views, downloads and deletes it', async () => {
    const admin = await e2e.newPage();
    await admin.goto('/#/materiaalipankki/add-new-materialbank-file');
    await signIn(admin, 'yllapitaja@demo.vahti.fi');
    await admin.getByRole('heading', { name: 'Lisää uusi dokumentti' }).waitFor();

    // The form checks before sending.
    await admin.getByRole('button', { name: 'Lisää tiedosto' }).click();
    await admin.getByText('Tiedosto pitää valita').waitFor();
    await expectAccessible(admin);

    await admin.getByLabel('Otsikko').fill('Pudotetut');
    await admin.getByRole('combobox', { name: 'Kohteet' }).click();
    await admin.getByRole('option', { name: 'As Oy Kivikko' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('combobox', { name: 'Oikeudet' }).click();
    await admin.getByRole('option', { name: 'Käyttäjä', exact: true }).click();
    await admin.keyboard.press('Escape');
    // Where the file shows: the areas, not the organization's applications (issue 29).
    await admin.getByRole('combobox', { name: 'Näkyy sovelluksissa' }).click();
    expect(await admin.getByRole('option').allTextContents()).toEqual(['Tieto', 'Vainu']);
    await admin.getByRole('option', { name: 'Tieto' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Lisätietoja').fill('Ohje testiä varten');

    // Two files dropped at once: each is sent on its own, with its own result; the refused one
    // stays chosen, the added one leaves the form.
    const dropped = await admin.evaluateHandle(
      (jpeg) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(jpeg)], 'piha.jpg', { type: 'image/jpeg' }));
        transfer.items.add(new File(['ei kuva'], 'muistio.jpg', { type: 'image/jpeg' }));
        return transfer;
      },
      [...minimalJpeg()],
    );
    await admin
      .getByTestId('materialbank-drop-zone')
      .dispatchEvent('drop', { dataTransfer: dropped });
    await admin.getByRole('button', { name: 'Poista valinnoista: muistio.jpg' }).waitFor();
    await admin.getByRole('button', { name: 'Lisää tiedosto' }).click();
    await admin.getByText('piha.jpg: Lisätty').waitFor();
    await admin
      .getByText(
        'muistio.jpg: Vain PDF- ja JPG-tiedostot kelpaavat (tiedoston sisältö tarkistetaan)',
      )
      .waitFor();
    await admin
      .getByText('1/2 tiedostoa jäi lisäämättä; katso syyt tiedostojen kohdalta')
      .waitFor();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Poista valinnoista: muistio.jpg' }).click();
    await admin.getByText('Ei valittua tiedostoa').waitFor();

    await admin.getByLabel('Otsikko').fill(TITLE);
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: UPLOADED_AS, mimeType: 'text/html', buffer: PDF });
    await admin.getByText(UPLOADED_AS).waitFor();

    // The upload is held until the progress bar has been seen, then let through.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await admin.route('**/api/materialbank-file', async (route) => {
      await released;
      await route.continue();
    });
    await admin.getByRole('button', { name: 'Lisää tiedosto' }).click();
    const progress = admin.getByRole('progressbar', { name: `Tiedoston ${UPLOADED_AS} lähetys` });
    await progress.waitFor();
    await admin.getByText(/Lähetetään… \d+ %/).waitFor();
    release();
    await admin.getByText('Tiedosto lisätty').waitFor();
    await progress.waitFor({ state: 'detached' });
    await admin.unroute('**/api/materialbank-file');

    // The list: search finds it; axe; a phone screenshot.
    await admin.goto('/#/materiaalipankki/show-materialbank-files');
    await admin.getByRole('heading', { name: 'Materialipankki tiedostot' }).waitFor();
    await admin.getByLabel('Hae').fill(TITLE);
    const row = admin.getByRole('row', { name: new RegExp(TITLE) });
    await row.getByRole('cell', { name: UPLOADED_AS }).waitFor();
    // Upload date, uploader and size.
    await row.getByRole('cell', { name: 'Ylermi Ylänne' }).waitFor();
    await row.getByRole('cell', { name: '3,1 Mt' }).waitFor();
    await row.getByRole('cell', { name: /^\d\d\.\d\d\.\d{4}$/ }).waitFor();
    await expectAccessible(admin);

    // The edit dialog: Peruuta / Talleta, at most 750 px.
    await row.getByRole('button', { name: `Muokkaa: ${TITLE}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Muokkaa tietoja' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Peruuta' }).waitFor();
    await dialog.getByLabel('Lisätietoja').fill('Päivitetty ohje');
    await dialog.getByRole('button', { name: 'Talleta' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText('Tiedoston tiedot tallennettu').waitFor();

    const phone = await e2e.newPage({ width: 360, height: 740 });
    await phone.goto('/#/materiaalipankki/show-materialbank-files');
    await signIn(phone, 'yllapitaja@demo.vahti.fi');
    await phone.getByText(TITLE).first().waitFor();
    await phone.screenshot({ path: '/tmp/materialbank-list-360.png', fullPage: true });
    // The phone's app bar shows the area's whole name (wrapped if need be), never 'Materiaalipa…'.
    const areaName = phone.locator('header p', { hasText: 'Materiaalipankki' });
    expect(await areaName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectAccessible(phone);
    await phone.goto('/#/materiaalipankki/add-new-materialbank-file');
    await phone.getByRole('heading', { name: 'Lisää uusi dokumentti' }).waitFor();
    await phone.screenshot({ path: '/tmp/materialbank-add-360.png', fullPage: true });
    await expectAccessible(phone);

    // Tieto, as the Käyttäjä of As Oy Kivikko: listed; view opens a tab, download saves it.
    const user = await e2e.newPage();
    await user.goto('/#/tieto/show-materialbank-files');
    await signIn(user, 'kayttaja@demo.vahti.fi');
    await user.getByRole('heading', { name: 'Materiaalipankin tiedostot' }).waitFor();
    const userRow = user.getByRole('row', { name: new RegExp(TITLE) });
    await userRow.waitFor();
    await user
      .getByRole('combobox', { name: 'Kohde' })
      .filter({ hasText: 'Kaikki kohteet' })
      .waitFor();
    await expectAccessible(user);
    // The tab opens in the click and is handed a blob: URL of our origin with the file's bytes;
    // headless Chromium has no PDF viewer, so there they arrive as the tab's download.
    const viewed = new Promise<Download>((resolve) =>
      user.context().once('page', (tab) => resolve(tab.waitForEvent('download'))),
    );
    await userRow.getByRole('button', { name: `Avaa uudessa välilehdessä: ${TITLE}` }).click();
    const view = await viewed;
    expect(view.url().startsWith(`blob:${new URL(e2e.server.url).origin}/`)).toBe(true);
    expect(readFileSync(await view.path()).equals(PDF)).toBe(true);
    const [download] = await Promise.all([
      user.waitForEvent('download'),
      userRow.getByRole('button', { name: `Lataa: ${TITLE}` }).click(),
    ]);
    // Saved under the server's name: the type found in the content decides the extension.
    expect(download.suggestedFilename()).toBe('e2e-ohje.pdf');
    const saved = readFileSync(await download.path());
    expect(saved.equals(PDF)).toBe(true);
    // Käyttäjä sees no pencil and no delete.
    await user.goto('/#/materiaalipankki/show-materialbank-files');
    await user.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();

    // Pääkäyttäjä is not among the file's permissions: not in their Tieto list.
    const other = await e2e.newPage();
    await other.goto('/#/tieto/show-materialbank-files');
    await signIn(other, 'paakayttaja@demo.vahti.fi');
    await other.getByRole('heading', { name: 'Materiaalipankin tiedostot' }).waitFor();
    await other.getByRole('row', { name: /Taloyhtiön järjestyssäännöt/ }).waitFor();
    expect(await other.getByRole('row', { name: new RegExp(TITLE) }).count()).toBe(0);

    // The Ylläpitäjä sees who opened and downloaded it, and when.
    await row.getByRole('button', { name: `Avaukset ja lataukset: ${TITLE}` }).click();
    const accessDialog = admin.getByRole('dialog', { name: `Avaukset ja lataukset: ${TITLE}` });
    await accessDialog.getByRole('cell', { name: 'Avattu' }).waitFor();
    await accessDialog.getByRole('cell', { name: 'Ladattu' }).waitFor();
    await expectAccessible(admin);
    await accessDialog.getByRole('button', { name: 'Sulje' }).click();
    await accessDialog.waitFor({ state: 'hidden' });

    // Delete after the confirmation; then it is gone from Tieto too.
    await row.getByRole('button', { name: `Poista: ${TITLE}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Poista tiedosto' });
    await confirm.getByRole('button', { name: 'Poista' }).click();
    await admin.getByText('Tiedosto poistettu').waitFor();
    await row.waitFor({ state: 'detached' });
    // The dropped JPEG goes too, so the dashboard's counts stay the demo's.
    await admin.getByLabel('Hae').fill('Pudotetut');
    await admin.getByRole('button', { name: 'Poista: Pudotetut: piha.jpg' }).click();
    await confirm.getByRole('button', { name: 'Poista' }).click();
    await admin.getByRole('row', { name: /Pudotetut/ }).waitFor({ state: 'detached' });
    await user.goto('/#/tieto/show-materialbank-files');
    await user.reload();
    await user.getByRole('row', { name: /Taloyhtiön järjestyssäännöt/ }).waitFor();
    expect(await user.getByRole('row', { name: new RegExp(TITLE) }).count()).toBe(0);
  });

  it('previews files made on the server, replaces a file and lists its earlier version', async () => {
    const FILE = 'Taloyhtiön järjestyssäännöt';
    const page = await e2e.newPage();
    await page.goto('/#/materiaalipankki/show-materialbank-files');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    await page.getByLabel('Hae').fill(FILE);
    const row = page.getByRole('row', { name: new RegExp(FILE) });

    // Versiot → Korvaa tiedosto: the new content goes with its progress; the former content is
    // then an earlier version with its date, uploader and size, downloadable.
    await row.getByRole('button', { name: `Versiot: ${FILE}` }).click();
    const versions = page.getByRole('dialog', { name: `Versiot: ${FILE}` });
    await versions.getByRole('button', { name: 'Korvaa tiedosto' }).waitFor();
    await versions.locator('input[type="file"]').setInputFiles({
      name: 'jarjestyssaannot-2026.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('Uusi versio'),
    });
    await versions.getByText('Tiedoston sisältö korvattu').waitFor();
    const version = versions.getByRole('row').nth(1);
    await version.getByRole('cell', { name: /^\d\d\.\d\d\.\d{4}/ }).waitFor();
    await version.getByRole('cell', { name: /\d+ (t|kt)$/ }).waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      version.getByRole('button', { name: /^Lataa: / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await versions.getByRole('button', { name: 'Sulje' }).last().click();
    await versions.waitFor({ state: 'hidden' });

    // The preview is made after the upload, off the request: its thumbnail comes when ready
    // (the first one starts the render thread, seconds on a busy machine); reloads show it.
    const thumbnail = row.getByRole('button', { name: `Näytä esikatselu: ${FILE}` });
    await expect
      .poll(
        async () => {
          if (await thumbnail.isVisible()) return true;
          await page.reload();
          await page.getByLabel('Hae').fill(FILE);
          return false;
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(true);
    await thumbnail.getByRole('img', { name: `Esikatselukuva: ${FILE}` }).waitFor();
    await thumbnail.click();
    const preview = page.getByRole('dialog', { name: `Esikatselu: ${FILE}` });
    await preview.getByRole('img', { name: `Esikatselukuva: ${FILE}` }).waitFor();
    await expectAccessible(page);
    await preview.getByRole('button', { name: 'Sulje' }).click();
    await preview.waitFor({ state: 'hidden' });

    const phone = await e2e.newPage({ width: 360, height: 740 });
    await phone.goto('/#/materiaalipankki/show-materialbank-files');
    await signIn(phone, 'paakayttaja@demo.vahti.fi');
    await phone.getByRole('button', { name: `Versiot: ${FILE}` }).click();
    await phone
      .getByRole('dialog', { name: `Versiot: ${FILE}` })
      .getByRole('button', { name: /^Lataa: / })
      .waitFor();
    await phone.screenshot({ path: '/tmp/materialbank-versions-360.png', fullPage: true });
    await expectAccessible(phone);
  });

  it('shows the document counts on the dashboard', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/materiaalipankki/dashboard');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByText('Pdf: 2', { exact: true }).waitFor();
    await page.getByText('Jpg: 1', { exact: true }).waitFor();
    await page.getByText('Dokumentit: 3').waitFor();
    await page.locator('[data-chart="materialbank-counts"] svg').waitFor();
    await expectAccessible(page);
  });
});
