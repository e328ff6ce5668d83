import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
// WebAuthn's relying party id is PUBLIC_URL's host name, which cannot be an IP address.
const e2e = useE2E({ host: 'localhost' });

const EMAIL = 'paakayttaja@demo.vahti.fi';

/** The TOTP code `steps` periods from now (the server accepts ±1 and each step once). */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('two-factor sign-in in the browser', () => {
  it('enrols TOTP and a passkey, then signs in with each and with a recovery code', async () => {
    const page = await e2e.newPage({ width: 1366 });
    // Chromium's virtual authenticator (CDP WebAuthn domain): a platform passkey with user
    // verification, answering every prompt by itself.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const signOut = async () => {
      await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
      await page.getByRole('heading', { name: 'Kirjaudu sisään' }).waitFor();
    };

    await page.goto('/');
    await signIn(page, EMAIL);
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    await page.goto('/#/edit-user-information');
    await page.getByRole('heading', { name: 'Kirjautuminen ja turvallisuus' }).waitFor();

    // The authenticator app: the secret shown with its QR code, then its first code.
    await page.getByRole('button', { name: 'Ota käyttöön' }).click();
    await page.getByRole('img', { name: 'QR-koodi todennussovellukseen' }).waitFor();
    const secret = (await page.locator('code').textContent()) ?? '';
    await page
      .getByLabel('Todennuskoodi')
      .fill('000000' === (await codeAt(secret, 0)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Vahvista koodi' }).click();
    await page.getByText('Todennuskoodi on väärin tai jo käytetty').first().waitFor();
    await page.getByLabel('Todennuskoodi').fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Vahvista koodi' }).click();
    const codes = page.getByRole('list', { name: 'Varakoodit' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent()) ?? '';
    await page.getByRole('button', { name: 'Olen tallentanut koodit' }).click();
    await page.getByText('Käytössä: kirjautuminen kysyy').waitFor();

    // A passkey, made by the virtual authenticator.
    await page.getByLabel('Pääsyavaimen nimi').fill('Testiavain');
    await page.getByRole('button', { name: 'Lisää pääsyavain' }).click();
    await page.getByText('Pääsyavain lisätty').waitFor();
    await page.getByText('Testiavain').waitFor();
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/own-sign-in-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 800 });

    // Password, then the code of the next step.
    await signOut();
    await signIn(page, EMAIL);
    await page.getByRole('heading', { name: 'Vahvista kirjautuminen' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Todennuskoodi').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Vahvista', exact: true }).click();
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();

    // Password, then the passkey.
    await signOut();
    await signIn(page, EMAIL);
    await page.getByRole('button', { name: 'Käytä pääsyavainta' }).click();
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();

    // Password, then a recovery code.
    await signOut();
    await signIn(page, EMAIL);
    await page.getByRole('button', { name: 'Käytä varakoodia' }).click();
    await page.getByLabel('Varakoodi').fill(recoveryCode);
    await page.getByRole('button', { name: 'Vahvista', exact: true }).click();
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    expect(hashPath(page)).toBe('/main');

    // A passkey alone: this organization has not allowed it, and says so in Finnish.
    await signOut();
    await page.getByRole('button', { name: 'Kirjaudu pääsyavaimella' }).click();
    await page.getByText('Organisaatiosi ei salli kirjautumista pelkällä pääsyavaimella').waitFor();

    // Its Ylläpitäjä allows it, on the organization's screen.
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    await page.goto('/#/admin/organization-logo');
    await page.getByRole('heading', { name: 'Kirjautuminen', exact: true }).waitFor();
    await page.getByLabel('Salli kirjautuminen pelkällä pääsyavaimella').check();
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Kirjautumisasetukset tallennettu').waitFor();
    await expectAccessible(page);
    await signOut();
    await page.getByRole('button', { name: 'Kirjaudu pääsyavaimella' }).click();
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    await page.goto('/#/edit-user-information');
    await expect.poll(() => page.getByLabel('Sähköposti').inputValue()).toBe(EMAIL);
  });
});
