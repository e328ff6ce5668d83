import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const SV_INVALID_CREDENTIALS = 'E-post eller lösenord är fel';
const SV_ACCOUNT = 'Användarkonto';

// Embedded mode without SMTP_URL: mails stay in the outbox.
const e2e = useE2E();

describe('the common frame', () => {
  it('shows the organization and e-mail in the drawer and opens and closes the info PDF', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/dashboard');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/admin/dashboard');
    const drawer = page.getByRole('complementary', { name: 'Käyttäjä ja valikko' });
    await drawer.getByText('Demo Kiinteistöt Oy').waitFor();
    await drawer.getByText('yllapitaja@demo.vahti.fi').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Tietoa sivustosta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tietoa sivustosta' });
    await dialog.waitFor();
    const src = await dialog.locator('iframe[title="Tietoa sivustosta"]').getAttribute('src');
    const pdf = await page.request.get(new URL(src as string, e2e.server.url).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await dialog.getByRole('button', { name: 'Sulje', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the admin menu groups by role: no Organizations for an Ylläpitäjä', async () => {
    const admin = await e2e.newPage();
    await admin.goto('/#/admin/dashboard');
    await signIn(admin, 'yllapitaja@demo.vahti.fi');
    const nav = admin.getByRole('navigation', { name: 'Sivuvalikko' });
    await nav.getByRole('link', { name: 'Näytä käyttäjät' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Näytä organisaatiot' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Lähtevät viestit' }).count()).toBe(0);

    const top = await e2e.newPage();
    await top.goto('/#/admin/dashboard');
    await signIn(top, 'paayllapitaja@demo.vahti.fi');
    const topNav = top.getByRole('navigation', { name: 'Sivuvalikko' });
    await topNav.getByRole('link', { name: 'Näytä organisaatiot' }).waitFor();
    await topNav.getByRole('link', { name: 'Lähtevät viestit' }).waitFor();
  });

  it('lets the top administrator read a reset mail in the outbox', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/forgot-password');
    await page.getByLabel('Sähköposti').fill('kayttaja@demo.vahti.fi');
    await page.getByRole('button', { name: 'Lähetä' }).click();
    await page.getByText('Jos osoite löytyy palvelusta').waitFor();

    await page.goto('/#/admin/outbox');
    await signIn(page, 'paayllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lähtevät viestit' }).waitFor();
    await page.getByRole('cell', { name: 'kayttaja@demo.vahti.fi' }).first().waitFor();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: /^Näytä viesti:/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/#\/login\?code=.+isPasswordChange=true/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Sulje', exact: true }).click();
  });

  it('offers "Sovellukset" only to a user with applications to choose between', async () => {
    const tieto = await e2e.newPage();
    await tieto.goto('/');
    await signIn(tieto, 'tieto@demo.vahti.fi');
    await expect.poll(() => hashPath(tieto)).toBe('/tieto/dashboard');
    await tieto.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
    expect(await tieto.getByRole('link', { name: 'Sovellukset' }).count()).toBe(0);

    const admin = await e2e.newPage();
    await admin.goto('/#/admin/dashboard');
    await signIn(admin, 'yllapitaja@demo.vahti.fi');
    await admin.getByRole('link', { name: 'Sovellukset' }).click();
    await admin.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
  });

  it("draws the dashboard's doughnuts in the app's font, with the numbers as their legend", async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/dashboard');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    const counts = page.getByRole('list', { name: /^Käyttäjämäärät: Käyttäjät rooleittain/ });
    await counts.getByText(/^Käyttäjä: \d+$/).waitFor();
    await page.locator('svg text').first().waitFor();
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const texts = await page
      .locator('svg text')
      .evaluateAll((elements) =>
        elements.map((element) => [
          getComputedStyle(element).fontFamily,
          getComputedStyle(element).fontSize,
        ]),
      );
    for (const [family, size] of texts) {
      expect(family).toBe(bodyFont);
      expect(Number.parseFloat(size ?? '0')).toBeGreaterThanOrEqual(14);
    }
    await expectAccessible(page);
  });

  it('sends everyone but the top administrator from the outbox to not-found', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/outbox');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/not-found');
  });

  it('collapses the drawer behind a menu button on a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/dashboard');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/vainu/dashboard');
    // The drawer's organization name (the dashboard's cards name the organization too).
    const panel = page.getByRole('complementary', { name: 'Käyttäjä ja valikko' });
    expect(await panel.getByText('Demo Kiinteistöt Oy').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Valikko' }).click();
    const drawer = page.getByRole('dialog', { name: 'Valikko' });
    await drawer.getByText('Demo Kiinteistöt Oy').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Tietoa sivustosta' }).click();
    // Dialogs take the whole screen on a phone.
    const box = await page.getByRole('dialog', { name: 'Tietoa sivustosta' }).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(359);
  });
  it('switches the interface to Swedish, keeps the choice after a reload and back to Finnish from the account menu', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Kirjaudu sisään' }).waitFor();
    const languages = page.getByRole('group', { name: 'Kieli' });
    await languages.getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sv');
    expect(
      await page
        .getByRole('group', { name: 'Språk' })
        .getByRole('button', { name: 'Svenska' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // The API answers in the chosen language too (Accept-Language).
    await page.getByLabel('E-post').fill('kayttaja@demo.vahti.fi');
    await page.getByLabel('Lösenord').fill('vaara-salasana');
    await page.getByLabel('Lösenord').press('Enter');
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), { timeout: 15_000 })
      .toContain(SV_INVALID_CREDENTIALS);

    await page.reload();
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('E-post').fill('kayttaja@demo.vahti.fi');
    await page.getByLabel('Lösenord').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await page.getByRole('button', { name: SV_ACCOUNT }).click();
    await page.getByRole('menuitemradio', { name: 'Suomi' }).click();
    await page.getByRole('button', { name: 'Käyttäjätili' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');
  });
});
