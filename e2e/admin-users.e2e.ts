import { describe, expect, it } from 'vitest';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

// Embedded mode without SMTP_URL: mails stay in the outbox.
const e2e = useE2E();

const NEW_EMAIL = 'uuno.uusi@example.fi';
const NEW_PASSWORD = 'Uuno-salasana-1';

describe('user administration in the browser', () => {
  it('creates a user, edits them in the list, links targets, and the user signs in', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/add-new-user');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää uusi käyttäjä', level: 1 }).waitFor();
    await expectAccessible(page);

    // An empty submit: the form says what is wrong, with the spec's texts.
    await page.getByRole('button', { name: 'Luo käyttäjä' }).click();
    await page.getByText('Tarkasta annetut tiedot').waitFor();
    await page.getByText('Pakollinen kenttä').first().waitFor();
    await expectAccessible(page);

    await page.getByLabel('Sähköposti', { exact: true }).fill(NEW_EMAIL);
    await page.getByLabel('Salasana', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Salasana uudelleen', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Etunimi').fill('Uuno');
    await page.getByLabel('Sukunimi').fill('Uusi');
    await page.getByLabel('Puhelinnumero').fill('040 123 4567');
    await page.getByLabel('Titteli').fill('Asukas');
    // An Ylläpitäjä may not hand out the top role.
    await page.getByRole('combobox', { name: 'Rooli', exact: true }).click();
    expect(await page.getByRole('option', { name: 'Pääylläpitäjä' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Käyttäjä', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Tieto' }).check();
    await page.getByRole('button', { name: 'Luo käyttäjä' }).click();
    await page.getByText('Käyttäjä luotu').waitFor();

    // The list finds the new user; the pencil edits the job title and the list reloads.
    const nav = page.getByRole('navigation', { name: 'Sivuvalikko' });
    await nav.getByRole('link', { name: 'Näytä käyttäjät' }).click();
    await page.getByRole('heading', { name: 'Käyttäjät', level: 1 }).waitFor();
    await page
      .getByRole('cell', { name: /@demo\.vahti\.fi$/ })
      .first()
      .waitFor();
    await expectAccessible(page);
    await page.getByLabel('Hae').fill('uuno.uusi');
    await page.getByRole('cell', { name: NEW_EMAIL }).waitFor();
    expect(await page.getByRole('cell', { name: /@demo\.vahti\.fi$/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Muokkaa: Uuno Uusi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa käyttäjää: Uuno Uusi' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Titteli').fill('Hallituksen puheenjohtaja');
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Käyttäjän tiedot tallennettu').waitFor();
    // The job title is a low-priority column, left out at this width; search still finds it.
    await page.getByLabel('Hae').fill('Hallituksen puheenjohtaja');
    await page.getByRole('cell', { name: NEW_EMAIL }).waitFor();

    // The row's link opens the user's targets; two are linked and listed.
    await page.getByRole('link', { name: 'Käyttäjän kohteet: Uuno Uusi' }).click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/admin\/add-targets-to-user\?userId=/);
    await page.getByRole('heading', { name: 'Käyttäjän Uuno Uusi kohteet' }).waitFor();
    await page.getByRole('combobox', { name: 'Kohteet', exact: true }).click();
    await page.getByRole('option', { name: /^As Oy Kivikko/ }).click();
    await page.getByRole('option', { name: /^Rivitalo Haukilahti/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Lisää kohteet' }).click();
    await page.getByText('Kohteet liitetty käyttäjään').waitFor();
    const linked = page.getByRole('region', { name: 'Käyttäjän Uuno Uusi kohteet' });
    await linked.getByRole('cell', { name: 'As Oy Kivikko', exact: true }).waitFor();
    await linked.getByRole('cell', { name: 'Rivitalo Haukilahti', exact: true }).waitFor();
    await expectAccessible(page);

    // Removing asks first.
    await page.getByRole('button', { name: 'Poista kohde: Rivitalo Haukilahti' }).click();
    const confirm = page.getByRole('dialog', { name: 'Poistetaanko kohde käyttäjältä?' });
    await confirm.getByRole('button', { name: 'Poista', exact: true }).click();
    await page.getByText('Kohde poistettu käyttäjältä').waitFor();
    await linked
      .getByRole('cell', { name: 'Rivitalo Haukilahti', exact: true })
      .waitFor({ state: 'detached' });
    await linked.getByRole('cell', { name: 'As Oy Kivikko', exact: true }).waitFor();

    // The new user signs in; with Tieto alone they land on its dashboard.
    const user = await e2e.newPage();
    await user.goto('/');
    await signIn(user, NEW_EMAIL, NEW_PASSWORD);
    await expect.poll(() => hashPath(user)).toBe('/tieto/dashboard');
  });

  it('shows a Pääkäyttäjä the Users and Targets groups but no Organizations', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/dashboard');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    const menu = page.getByRole('navigation', { name: 'Päävalikko' });
    await menu.getByRole('button', { name: 'Käyttäjät' }).waitFor();
    await menu.getByRole('button', { name: 'Kohteet' }).waitFor();
    expect(await menu.getByRole('button', { name: 'Organisaatiot' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Sivuvalikko' });
    await nav.getByRole('link', { name: 'Näytä käyttäjät' }).waitFor();
    await nav.getByRole('link', { name: 'Näytä kohteet' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Näytä organisaatiot' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Muutosloki' }).count()).toBe(0);

    // The dashboard: the organization's and each target's users by role, as charts and text.
    await page
      .getByRole('heading', { name: 'Käyttäjät rooleittain: Demo Kiinteistöt Oy' })
      .waitFor();
    await page
      .getByRole('list', { name: 'Käyttäjämäärät: Käyttäjät rooleittain: Demo Kiinteistöt Oy' })
      .getByText(/^Käyttäjä: \d+$/)
      .waitFor();
    await page.locator('svg').first().waitFor();
    await expectAccessible(page);

    await page.goto('/#/admin/show-organizations');
    await expect.poll(() => hashPath(page)).toBe('/not-found');
  });

  it('lets an administrator set a password, with which the user then signs in', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/change-user-password');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Vaihda käyttäjän salasana', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Vaihda salasana' }).click();
    await page.getByText('Tarkasta annetut tiedot').waitFor();

    await page.getByLabel('Sähköposti', { exact: true }).fill('kayttaja@demo.vahti.fi');
    await page.getByLabel('Uusi salasana', { exact: true }).fill('Uusi-kayttaja-1');
    await page.getByLabel('Salasana uudelleen', { exact: true }).fill('Eri-salasana-1');
    await page.getByRole('button', { name: 'Vaihda salasana' }).click();
    await page.getByText('Salasanat eivät täsmää').waitFor();

    await page.getByLabel('Salasana uudelleen', { exact: true }).fill('Uusi-kayttaja-1');
    await page.getByRole('button', { name: 'Vaihda salasana' }).click();
    await page.getByText('Käyttäjän salasana vaihdettu').waitFor();
    await expectAccessible(page);

    const user = await e2e.newPage();
    await user.goto('/');
    await signIn(user, 'kayttaja@demo.vahti.fi', 'Uusi-kayttaja-1');
    await expect.poll(() => hashPath(user)).toBe('/main');
  });

  it('shows the signed-in user their own details in every area', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/show-user');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Omat tiedot', level: 1 }).waitFor();
    await page.getByText('paayllapitaja@demo.vahti.fi', { exact: true }).last().waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Vaihda salasana' }).click();
    await expect.poll(() => hashPath(page)).toBe('/admin/change-password');

    // The top administrator also reads the audit log, where the changes above show up.
    await page.goto('/#/admin/audit-log');
    await page.getByRole('heading', { name: 'Muutosloki', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Käyttäjä luotu' }).first().waitFor();
    // Details name the fields as the forms do, never by their API names.
    await page
      .getByText(/Titteli: Hallituksen puheenjohtaja/)
      .first()
      .waitFor();
    expect(await page.getByText(/\b(user|target|organization)[A-Z]\w*:/).count()).toBe(0);
    await expectAccessible(page);
  });
});
