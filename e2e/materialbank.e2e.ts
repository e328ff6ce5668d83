import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../apps/api/src/db/demo/materialbank.js';
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

    await admin.getByLabel('Otsikko').fill(TITLE);
    await admin.getByRole('combobox', { name: 'Kohteet' }).click();
    await admin.getByRole('option', { name: 'As Oy Kivikko' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('combobox', { name: 'Oikeudet' }).click();
    await admin.getByRole('option', { name: 'Käyttäjä', exact: true }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('combobox', { name: 'Sovellukset' }).click();
    await admin.getByRole('option', { name: 'Tehovahti' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Lisätietoja').fill('Ohje testiä varten');
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
    const progress = admin.getByRole('progressbar', { name: 'Tiedoston lähetys' });
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
    await phone.goto('/#/materiaalipankki/add-new-materialbank-file');
    await phone.getByRole('heading', { name: 'Lisää uusi dokumentti' }).waitFor();
    await phone.screenshot({ path: '/tmp/materialbank-add-360.png', fullPage: true });

    // Tieto, as the Käyttäjä of As Oy Kivikko: listed; view opens a tab, download saves it.
    const user = await e2e.newPage();
    await user.goto('/#/tieto/show-materialbank-files');
    await signIn(user, 'kayttaja@demo.vahti.fi');
    await user.getByRole('heading', { name: 'Materiaalipankin tiedostot' }).waitFor();
    const userRow = user.getByRole('row', { name: new RegExp(TITLE) });
    await userRow.waitFor();
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

    // Delete after the confirmation; then it is gone from Tieto too.
    await row.getByRole('button', { name: `Poista: ${TITLE}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Poista tiedosto' });
    await confirm.getByRole('button', { name: 'Poista' }).click();
    await admin.getByText('Tiedosto poistettu').waitFor();
    await row.waitFor({ state: 'detached' });
    await user.goto('/#/tieto/show-materialbank-files');
    await user.reload();
    await user.getByRole('row', { name: /Taloyhtiön järjestyssäännöt/ }).waitFor();
    expect(await user.getByRole('row', { name: new RegExp(TITLE) }).count()).toBe(0);
  });

  it('shows the document counts on the dashboard', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/materiaalipankki/dashboard');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByText('Pdf: 2').waitFor();
    await page.getByText('Jpg: 1').waitFor();
    await page.getByText('Dokumentit: 3').waitFor();
    await page.locator('[data-chart="materialbank-counts"] svg').waitFor();
    await expectAccessible(page);
  });
});
