import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

/** The users list, signed in as the top administrator (23 users: three pages of ten). */
async function openUsers(page: Page) {
  await page.goto('/#/admin/show-users');
  await signIn(page, 'paayllapitaja@demo.vahti.fi');
  await page.getByRole('heading', { name: 'Käyttäjät', level: 1 }).waitFor();
}

/** Whether an element is wider inside than it shows (it scrolls sideways); 1 px is rounding. */
const scrollsSideways = (page: Page, selector: string) =>
  page.$eval(selector, (element) => element.scrollWidth > element.clientWidth + 1);

describe('lists on a phone and a laptop', () => {
  it('shows cards and a whole paging row on a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await openUsers(page);
    const cards = page.getByRole('list', { name: 'Käyttäjät' });
    await cards.getByRole('listitem').filter({ hasText: 'Aino Aaltonen' }).waitFor();
    // Each card names the columns, the pencil included; nothing scrolls sideways.
    await cards.getByText('Sähköposti').first().waitFor();
    await page.getByRole('button', { name: 'Muokkaa: Aino Aaltonen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await scrollsSideways(page, '.MuiTablePagination-root')).toBe(false);

    const next = page.getByRole('button', { name: 'Mene seuraavalle sivulle' });
    const box = await next.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await next.click();
    await page.getByText('11–20 / 23').waitFor();
    await expectAccessible(page);
  });

  it('fits the users and targets tables beside the actions column at 1366 px', async () => {
    const page = await e2e.newPage({ width: 1366, height: 768 });
    await openUsers(page);
    const table = page.getByRole('table', { name: 'Käyttäjät' });
    await table.getByRole('cell', { name: 'Aino Aaltonen', exact: true }).waitFor();
    expect(await scrollsSideways(page, '[role="region"][aria-label="Käyttäjät"]')).toBe(false);
    // The search field is compact, its label inside it while it is empty.
    const search = page.getByLabel('Hae');
    const field = await search.locator('xpath=..').boundingBox();
    expect(field?.height).toBeLessThanOrEqual(41);
    expect(await page.locator('label', { hasText: 'Hae' }).getAttribute('data-shrink')).toBe(
      'false',
    );

    await page.goto('/#/admin/show-targets');
    const targets = page.getByRole('table', { name: 'Kohteet' });
    await targets.getByRole('cell', { name: 'As Oy Kivikko', exact: true }).waitFor();
    expect(await scrollsSideways(page, '[role="region"][aria-label="Kohteet"]')).toBe(false);
    // Every header shown stands left of the sticky actions column, none behind it.
    const actions = await targets.getByRole('columnheader', { name: 'Toiminnot' }).boundingBox();
    for (const header of await targets.getByRole('columnheader').all()) {
      const box = await header.boundingBox();
      if (box && box.x !== actions?.x) {
        expect(box.x + box.width).toBeLessThanOrEqual((actions?.x ?? 0) + 1);
      }
    }
    await expectAccessible(page);
  });
});

describe('a list whose server fails', () => {
  it('says so in Finnish with a retry button after a 500, and loads on retry', async () => {
    const page = await e2e.newPage();
    let calls = 0;
    await page.route('**/api/users', (route) => {
      calls += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' }),
      });
    });
    await openUsers(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Tietojen lataaminen epäonnistui.' });
    await alert.waitFor();
    // One try, shown at once.
    expect(calls).toBe(1);
    await expectAccessible(page);

    await page.unroute('**/api/users');
    await alert.getByRole('button', { name: 'Yritä uudelleen' }).click();
    await page.getByRole('cell', { name: 'Aino Aaltonen', exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
  });

  it('gives up on a server that does not answer after one 10 s try', async () => {
    const page = await e2e.newPage();
    await openUsers(page);
    await page.getByRole('cell', { name: 'Aino Aaltonen', exact: true }).waitFor();
    // The targets list's call never gets an answer.
    await page.route('**/api/targets', () => undefined);
    const started = Date.now();
    await page.goto('/#/admin/show-targets');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Palvelimeen ei saada yhteyttä' })
      .waitFor({ timeout: 20_000 });
    // Three tries took 33 s; one takes the client's 10 s timeout.
    expect(Date.now() - started).toBeLessThan(20_000);
    await page.getByRole('button', { name: 'Yritä uudelleen' }).waitFor();
  });
});

describe('error alerts', () => {
  it('closes a save error by keyboard, shows it again on the next save, green on success', async () => {
    const page = await e2e.newPage();
    await openUsers(page);
    await page.getByRole('button', { name: 'Muokkaa: Aino Aaltonen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa käyttäjää: Aino Aaltonen' });
    await dialog.waitFor();
    await page.route('**/api/users', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Jokin meni vikaan', code: 'INTERNAL_ERROR' }),
          })
        : route.fallback(),
    );
    const save = dialog.getByRole('button', { name: 'Tallenna' });
    await save.click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Jokin meni vikaan' });
    await alert.waitFor();
    await expectAccessible(page);
    // The close button is named and reachable from the keyboard.
    await alert.getByRole('button', { name: 'Sulje' }).focus();
    await page.keyboard.press('Enter');
    await alert.waitFor({ state: 'hidden' });
    await save.click();
    await alert.waitFor();

    await page.unroute('**/api/users');
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('alert').filter({ hasText: 'Käyttäjän tiedot tallennettu' }).waitFor();
  });
});
