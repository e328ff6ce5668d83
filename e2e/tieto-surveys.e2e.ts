import { readFile } from 'node:fs/promises';
import { FEEDBACK_PHOTO_MAX_BYTES } from '@vahti/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { minimalJpeg } from '../apps/api/src/db/demo/materialbank.js';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

const MAIN_USER = 'paakayttaja@demo.vahti.fi';
const USER = 'kayttaja@demo.vahti.fi';
const TARGET = 'As Oy Kivikko';
const GROUP = 'Piha-alueet';
const Q1 = 'Piha on siisti';
const Q2 = 'Pihan valaistus riittää';
const SURVEY = 'Pihakysely e2e';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The 'Viestit' tab's count of new feedback, from its accessible name. */
async function messagesCount(page: Page): Promise<number> {
  const tab = page.getByRole('link', { name: /^Viestit: \d+ uutta palautetta$/ });
  await tab.waitFor();
  const name = (await tab.getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(name)?.[0]);
}

describe('Tieto surveys and feedback in the browser', () => {
  it('builds a survey, answers it as a Käyttäjä after revising, and shows the results', async () => {
    const admin = await e2e.newPage();
    await admin.goto('/#/tieto/add-new-question-group');
    await signIn(admin, MAIN_USER);
    await admin.getByRole('heading', { name: 'Lisää uusi kysymysryhmä' }).waitFor();
    await admin.getByLabel('Nimi').fill('ab');
    await admin.getByRole('button', { name: 'Lisää kysymysryhmä' }).click();
    await admin.getByText('Nimen pitää olla ainakin 3 merkkiä').waitFor();
    await admin.getByText('Kuvaus on pakollinen tieto').waitFor();
    await admin.getByLabel('Nimi').fill(GROUP);
    await admin.getByLabel('Kuvaus').fill('Pihaa koskevat kysymykset');
    await admin.getByRole('button', { name: 'Lisää kysymysryhmä' }).click();
    await admin.getByText('Kysymysryhmä lisätty').waitFor();

    await admin.goto('/#/tieto/add-new-question');
    await admin.getByRole('heading', { name: 'Lisää uusi kysymys', exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Lisää kysymys', exact: true }).click();
    await admin.getByText('Ryhmä pitää valita').waitFor();
    for (const question of [Q1, Q2]) {
      await admin.getByLabel('Kysymys').fill(question);
      await choose(admin, 'Ryhmä', GROUP);
      await admin.getByRole('button', { name: 'Lisää kysymys', exact: true }).click();
      await admin.getByText('Kysymys lisätty').waitFor();
    }

    await admin.goto('/#/tieto/add-new-query');
    await admin.getByRole('heading', { name: 'Lisää uusi kysely' }).waitFor();
    await admin.getByRole('button', { name: 'Lisää kysely' }).click();
    await admin.getByText('Otsikko on pakollinen tieto').waitFor();
    await admin.getByText('Kysymykset pitää valita').waitFor();
    await admin.getByLabel('Otsikko').fill(SURVEY);
    await admin.getByLabel('Kuvaus').fill('Kerro, mitä mieltä olet talon pihasta.');
    await admin.getByRole('combobox', { name: 'Kohteet' }).click();
    await admin.getByRole('option', { name: TARGET }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('combobox', { name: 'Kysymykset' }).click();
    await admin.getByRole('option', { name: `${Q1} (${GROUP})` }).click();
    await admin.getByRole('option', { name: `${Q2} (${GROUP})` }).click();
    await admin.keyboard.press('Escape');
    // Open today only (Finnish time): the answer form says so and takes the answer.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format();
    await admin.getByLabel('Avautuu').fill(today);
    await admin.getByLabel('Sulkeutuu').fill(today);
    await admin.getByRole('button', { name: 'Lisää kysely' }).click();
    await admin.getByText('Kysely lisätty').waitFor();

    // The creator previews it as the respondent will see it: by section, and nothing to send.
    await admin.goto('/#/tieto/show-queries');
    await admin
      .getByRole('button', { name: `Esikatsele kyselyä: ${SURVEY}` })
      .first()
      .click();
    const preview = admin.getByRole('dialog', { name: 'Esikatselu: näin vastaaja näkee kyselyn' });
    const section = preview.getByRole('region', { name: GROUP });
    await section.getByText('Pihaa koskevat kysymykset').waitFor();
    await section
      .getByRole('radiogroup', { name: `2. ${Q2}` })
      .getByRole('radio', { name: 'Täysin eri mieltä' })
      .check();
    expect(await preview.getByRole('button', { name: 'Tarkista vastaukset' }).isDisabled()).toBe(
      true,
    );
    await expectAccessible(admin);
    await screenshot(admin, 'survey-preview-1280');
    await preview.getByRole('button', { name: 'Sulje' }).click();
    await preview.waitFor({ state: 'hidden' });

    // The Käyttäjä answers, reviews, revises one answer and sends.
    const user = await e2e.newPage();
    await user.goto('/#/tieto/show-survey-form');
    await signIn(user, USER);
    await user.getByRole('heading', { name: 'Vastaa kyselyyn' }).waitFor();
    await user.getByRole('combobox', { name: 'Kohde' }).filter({ hasText: TARGET }).waitFor();
    await choose(user, 'Kysely', SURVEY);
    await user.getByRole('heading', { name: SURVEY }).waitFor();
    await user.getByText('Kerro, mitä mieltä olet talon pihasta.').waitFor();
    const day = today.split('-').reverse().join('.');
    await user.getByText(`Kysely on avoinna ${day}–${day}.`).waitFor();
    await user.getByRole('region', { name: GROUP }).getByRole('radiogroup').nth(1).waitFor();
    const q1 = user.getByRole('radiogroup', { name: `1. ${Q1}` });
    const q2 = user.getByRole('radiogroup', { name: `2. ${Q2}` });
    await q1.getByRole('radio', { name: 'Täysin samaa mieltä' }).check();
    await user.getByRole('button', { name: 'Tarkista vastaukset' }).click();
    await user.getByText('Vastaa jokaiseen kysymykseen').waitFor();
    await expectAccessible(user);
    await q2.getByRole('radio', { name: 'Osittain eri mieltä' }).check();
    await user.getByLabel('Kommentti').fill('Keinut kaipaavat maalia.');
    await user.getByRole('button', { name: 'Tarkista vastaukset' }).click();
    await user.getByText('Osittain eri mieltä').waitFor();
    await user.getByRole('button', { name: 'Muokkaa vastauksia' }).click();
    await q2.getByRole('radio', { name: 'Osittain samaa mieltä' }).check();
    await user.getByRole('button', { name: 'Tarkista vastaukset' }).click();
    await user.getByText('Osittain samaa mieltä').waitFor();
    expect(await user.getByText('Osittain eri mieltä').count()).toBe(0);
    await screenshot(user, 'survey-review-1280');
    await user.getByRole('button', { name: 'Lähetä vastaukset' }).click();
    await user.getByText(/Kiitos vastauksestasi!/).waitFor();
    // No edits after sending; the dashboard opens after 3 s.
    expect(await user.getByRole('button', { name: 'Muokkaa vastauksia' }).count()).toBe(0);
    await user.waitForURL(/#\/tieto\/dashboard$/);
    expect(hashPath(user)).toBe('/tieto/dashboard');
    await user.getByRole('heading', { name: 'Tieto – etusivu' }).waitFor();

    // The same survey for the same target again: already answered.
    await user.goto('/#/tieto/show-survey-form');
    await choose(user, 'Kysely', SURVEY);
    await user
      .getByText('Olet jo vastannut tähän kyselyyn tämän kohteen osalta. Kiitos!')
      .waitFor();

    // The Pääkäyttäjä opens the results from the survey list.
    await admin.goto('/#/tieto/show-queries');
    await admin.getByRole('heading', { name: 'Kyselyt', exact: true }).waitFor();
    await admin
      .getByRole('link', { name: `Näytä tulokset: ${SURVEY}` })
      .first()
      .click();
    await admin.getByRole('heading', { name: 'Kyselyn tulokset' }).waitFor();
    await admin.getByText('Vastauksia yhteensä: 1').waitFor();
    const table = admin.getByRole('table', { name: 'Tulokset kysymyksittäin' });
    await table.getByText(GROUP, { exact: true }).waitFor();
    const row1 = table.getByRole('row', { name: new RegExp(`1\\. ${Q1}`) });
    await expect.poll(() => row1.textContent()).toContain('1 (100,00 %)');
    const row2 = table.getByRole('row', { name: new RegExp(`2\\. ${Q2}`) });
    const cells = await row2.getByRole('cell').allTextContents();
    expect(cells).toEqual([
      '0 (0,00 %)',
      '0 (0,00 %)',
      '0 (0,00 %)',
      '1 (100,00 %)',
      '0 (0,00 %)',
      '1',
    ]);
    // The respondent's comment reaches the staff.
    await admin.getByRole('heading', { name: 'Kommentit (1)' }).waitFor();
    await admin.getByText('Keinut kaipaavat maalia.').waitFor();
    await expectAccessible(admin);
    await admin.locator('[data-chart="survey-results"] svg').waitFor();
    await screenshot(admin, 'survey-results-1280');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Lataa CSV' }).click(),
    ]);
    // Named after the survey; ';' and decimal commas, as Finnish Excel opens it; the comments too.
    expect(download.suggestedFilename()).toBe(`${SURVEY}.csv`);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFFOsio;Kysymys;Täysin eri mieltä')).toBe(true);
    expect(csv).toContain(`${GROUP};1. ${Q1};0;0;0;0;1;1;0,00;0,00;0,00;0,00;100,00\r\n`);
    expect(csv).toMatch(new RegExp(`${TARGET};[0-9.: ]+;Keinut kaipaavat maalia\\.\r\n`));

    // One reminder a day: the second is refused, and the time and count are shown.
    const remind = admin.getByRole('button', { name: 'Muistuta vastaamattomia' });
    await remind.click();
    await admin.getByText(/^Muistutus lähetetty vastaamatta jättäneille: \d+$/).waitFor();
    await admin.getByText(/^Muistutettu viimeksi .+, muistutuksia yhteensä 1\./).waitFor();
    await remind.click();
    await admin.getByText(/^Muistutus on jo lähetetty viimeisen 24 tunnin aikana/).waitFor();
  });

  it('feedback is a conversation: sent with the first target chosen, answered by staff, read by the sender', async () => {
    const admin = await e2e.newPage();
    await admin.goto('/#/tieto/show-feedbacks');
    await signIn(admin, MAIN_USER);
    await admin.getByRole('heading', { name: 'Palautteet', exact: true }).waitFor();
    const before = await messagesCount(admin);

    const user = await e2e.newPage();
    await user.goto('/#/tieto/add-feedback');
    await signIn(user, USER);
    await user.getByRole('heading', { name: 'Lähetä palaute' }).waitFor();
    // The active target (the first one) is chosen already: the first send goes through.
    await expect
      .poll(() => user.getByRole('combobox', { name: 'Kohde' }).textContent())
      .toMatch(/\p{L}/u);
    await user.getByLabel('Otsikko').fill('Rikkinäinen ovi');
    await user.getByLabel('Viesti').fill('ab');
    await user.getByRole('button', { name: 'Lähetä palaute' }).click();
    await user
      .getByText('Viestin pitää olla vähintään 3 merkkiä tai enintään 500 merkkiä')
      .waitFor();
    await user.getByLabel('Viesti').fill('Kellarin ovi ei mene lukkoon.');
    await user.getByText('29/500').waitFor();
    // An optional photo: one too large is refused at once, a JPG goes with the feedback.
    const photo = user.locator('input[type="file"]');
    await photo.setInputFiles({
      name: 'iso.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(FEEDBACK_PHOTO_MAX_BYTES + 1),
    });
    await user.getByText('Kuva on liian suuri: enintään 5 Mt').waitFor();
    await photo.setInputFiles({ name: 'ovi.jpg', mimeType: 'image/jpeg', buffer: minimalJpeg() });
    await user.getByText('ovi.jpg').waitFor();
    await user.getByRole('button', { name: 'Lähetä palaute' }).click();
    await user.getByText('Palaute lähetetty').waitFor();

    // The other browser was not reloaded: the event stream brought the new count.
    await expect.poll(() => messagesCount(admin)).toBe(before + 1);
    const row = admin.getByRole('row', { name: /Rikkinäinen ovi/ });
    // The photo came after the feedback, and the list learnt of it live too.
    await row.getByRole('cell', { name: 'Kyllä' }).waitFor();
    await expectAccessible(admin);
    await row.getByRole('button', { name: 'Muokkaa palautetta: Rikkinäinen ovi' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Muokkaa palautetta' });
    await dialog.waitFor();
    // The sender's words are shown, not offered for editing.
    await dialog.getByText('Kellarin ovi ei mene lukkoon.').waitFor();
    const photoOf = (scope: Locator) =>
      scope.getByRole('img', { name: 'Palautteen kuva: Rikkinäinen ovi' });
    await expect
      .poll(() => photoOf(dialog).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    expect(await dialog.getByLabel('Viesti').count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Tila' }).click();
    await admin.getByRole('option', { name: 'Suljettu' }).click();
    await dialog.getByLabel('Vastaus lähettäjälle').fill('Lukko vaihdetaan huomenna.');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await admin.getByText('Palaute tallennettu').waitFor();
    await row.getByRole('cell', { name: 'Suljettu' }).waitFor();
    await expect.poll(() => messagesCount(admin)).toBe(before);

    await user.goto('/#/tieto/own-feedbacks');
    await user.getByRole('heading', { name: 'Omat palautteet' }).waitFor();
    const mine = user.getByRole('listitem').filter({ hasText: 'Rikkinäinen ovi' });
    await mine.getByText('Lukko vaihdetaan huomenna.').waitFor();
    await mine.getByText('Suljettu').waitFor();
    await photoOf(mine).waitFor();
    await expectAccessible(user);
    await screenshot(user, 'own-feedbacks-1280');
  });

  it('fits a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/tieto/dashboard');
    await signIn(page, MAIN_USER);
    await page.getByRole('heading', { name: 'Kohteet', exact: true }).waitFor();
    // The legend's line, not the doughnut slice's hover title (an SVG <title>, never visible).
    await page
      .getByText(/^Keskustelut: \d+$/)
      .first()
      .waitFor();
    await page.locator('[data-chart="tieto-counts"] svg').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'tieto-dashboard-360');
    for (const [path, heading, name] of [
      ['/#/tieto/show-survey-form', 'Vastaa kyselyyn', 'survey-form-360'],
      ['/#/tieto/show-survey-results', 'Kyselyn tulokset', 'survey-results-360'],
      ['/#/tieto/show-feedbacks', 'Palautteet', 'feedbacks-360'],
      ['/#/tieto/own-feedbacks', 'Omat palautteet', 'own-feedbacks-360'],
      ['/#/tieto/add-feedback', 'Lähetä palaute', 'add-feedback-360'],
      ['/#/tieto/show-queries', 'Kyselyt', 'survey-preview-360'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      if (name === 'survey-form-360') await page.getByRole('radiogroup').first().waitFor();
      if (name === 'survey-results-360') {
        await choose(page, 'Kysely', SURVEY);
        await page.getByText(/Vastauksia yhteensä/).waitFor();
        await page.locator('[data-chart="survey-results"] svg').waitFor();
        await page.getByText('Keinut kaipaavat maalia.').waitFor();
        await expectAccessible(page);
      }
      if (name === 'survey-preview-360') {
        await page
          .getByRole('button', { name: `Esikatsele kyselyä: ${SURVEY}` })
          .first()
          .click();
        await page.getByRole('dialog').getByRole('region', { name: GROUP }).waitFor();
        await expectAccessible(page);
      }
      if (name === 'own-feedbacks-360' || name === 'add-feedback-360') {
        await expectAccessible(page);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
      await screenshot(page, name);
    }
  });
});
