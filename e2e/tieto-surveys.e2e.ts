import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
    await admin.getByRole('button', { name: 'Lisää kysely' }).click();
    await admin.getByText('Kysely lisätty').waitFor();

    // The Käyttäjä answers, reviews, revises one answer and sends.
    const user = await e2e.newPage();
    await user.goto('/#/tieto/show-survey-form');
    await signIn(user, USER);
    await user.getByRole('heading', { name: 'Vastaa kyselyyn' }).waitFor();
    await user.getByRole('combobox', { name: 'Kohde' }).filter({ hasText: TARGET }).waitFor();
    await choose(user, 'Kysely', SURVEY);
    await user.getByRole('heading', { name: SURVEY }).waitFor();
    await user.getByText('Kerro, mitä mieltä olet talon pihasta.').waitFor();
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
    await expectAccessible(admin);
    await admin.locator('[data-chart="survey-results"] svg').waitFor();
    await screenshot(admin, 'survey-results-1280');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Lataa CSV' }).click(),
    ]);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFFKysymys,Ryhmä,Täysin eri mieltä')).toBe(true);
    expect(csv).toContain(`${Q1},${GROUP},0,0,0,0,1,1,0.00,0.00,0.00,0.00,100.00\r\n`);
  });

  it('sends feedback: the Viestit count rises live in another browser, and falls when closed', async () => {
    const admin = await e2e.newPage();
    await admin.goto('/#/tieto/show-feedbacks');
    await signIn(admin, MAIN_USER);
    await admin.getByRole('heading', { name: 'Palautteet', exact: true }).waitFor();
    const before = await messagesCount(admin);

    const user = await e2e.newPage();
    await user.goto('/#/tieto/add-feedback');
    await signIn(user, USER);
    await user.getByRole('heading', { name: 'Lähetä palaute' }).waitFor();
    await choose(user, 'Kohde', TARGET);
    await user.getByLabel('Otsikko').fill('Rikkinäinen ovi');
    await user.getByLabel('Viesti').fill('ab');
    await user.getByRole('button', { name: 'Lähetä palaute' }).click();
    await user
      .getByText('Viestin pitää olla vähintään 3 merkkiä tai enintään 500 merkkiä')
      .waitFor();
    await user.getByLabel('Viesti').fill('Kellarin ovi ei mene lukkoon.');
    await user.getByText('29/500').waitFor();
    await user.getByRole('button', { name: 'Lähetä palaute' }).click();
    await user.getByText('Palaute lähetetty').waitFor();

    // The other browser was not reloaded: the event stream brought the new count.
    await expect.poll(() => messagesCount(admin)).toBe(before + 1);
    await choose(admin, 'Kohde', TARGET);
    const row = admin.getByRole('row', { name: /Rikkinäinen ovi/ });
    await row.waitFor();
    await expectAccessible(admin);
    await row.getByRole('button', { name: 'Muokkaa palautetta: Rikkinäinen ovi' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Muokkaa palautetta' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Tila' }).click();
    await admin.getByRole('option', { name: 'Suljettu' }).click();
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await admin.getByText('Palaute tallennettu').waitFor();
    await row.getByRole('cell', { name: 'Suljettu' }).waitFor();
    await expect.poll(() => messagesCount(admin)).toBe(before);
  });

  it('fits a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/tieto/dashboard');
    await signIn(page, MAIN_USER);
    await page.getByRole('heading', { name: 'Kohteet', exact: true }).waitFor();
    await page
      .getByText(/Keskustelut: \d+/)
      .first()
      .waitFor();
    await page.locator('[data-chart="tieto-counts"] svg').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'tieto-dashboard-360');
    for (const [path, heading, name] of [
      ['/#/tieto/show-survey-form', 'Vastaa kyselyyn', 'survey-form-360'],
      ['/#/tieto/show-survey-results', 'Kyselyn tulokset', 'survey-results-360'],
      ['/#/tieto/show-feedbacks', 'Palautteet', 'feedbacks-360'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      if (name === 'survey-form-360') await page.getByRole('radiogroup').first().waitFor();
      if (name === 'survey-results-360') {
        await choose(page, 'Kysely', SURVEY);
        await page.getByText(/Vastauksia yhteensä/).waitFor();
        await page.locator('[data-chart="survey-results"] svg').waitFor();
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
      await screenshot(page, name);
    }
  });
});
