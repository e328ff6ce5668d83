import { describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../apps/api/test/helpers/oidc-provider.js';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

// The test provider listens on 127.0.0.1 over http: the server allows private issuers here.
const e2e = useE2E({ env: () => ({ OUTBOUND_ALLOW_PRIVATE: '1' }) });
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const DOMAIN = 'sso-e2e.example.fi';

describe('single sign-on through the organization (issue 31)', () => {
  it('an Ylläpitäjä sets it up, and a new user signs in with the organization account', async () => {
    const provider: TestProvider = await startTestProvider({
      redirectUri: `${e2e.server.url}/api/auth/sso/callback`,
    });
    try {
      const admin = await e2e.newPage({ width: 1366, height: 900 });
      await admin.goto('/#/admin/organization-sso');
      await signIn(admin, 'yllapitaja@demo.vahti.fi');
      await admin.getByRole('heading', { name: 'Kertakirjautuminen (SSO)' }).waitFor();
      await admin.getByLabel('Tunnistuspalvelun osoite (issuer)').fill(provider.issuer);
      await admin.getByRole('button', { name: 'Testaa yhteys' }).click();
      await admin.getByText(`Yhteys tunnistuspalveluun toimii: ${provider.issuer}`).waitFor();
      await admin.getByLabel('Asiakastunnus (client id)').fill(provider.clientId);
      await admin.getByLabel('Asiakassalaisuus (client secret)').fill(provider.clientSecret);
      await admin.getByLabel('Sähköpostin verkkotunnukset').fill(DOMAIN);
      await admin.getByRole('checkbox', { name: 'Tieto' }).check();
      await admin.getByRole('button', { name: 'Tallenna' }).click();
      await admin.getByText('Kertakirjautumisen asetukset tallennettu').waitFor();
      await expectAccessible(admin);
      await admin.setViewportSize({ width: 360, height: 740 });
      await expectAccessible(admin);
      if (SHOTS) await admin.screenshot({ path: `${SHOTS}/sso-admin-360.png`, fullPage: true });

      const email = `uusi.kayttaja@${DOMAIN}`;
      provider.signInAs({ email, emailVerified: true });
      const page = await e2e.newPage({ width: 360, height: 740 });
      await page.goto('/#/login');
      await page.getByLabel('Sähköposti').fill(email);
      const sso = page.getByRole('button', { name: 'Kirjaudu organisaation tunnuksella' });
      await sso.waitFor();
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/sso-login-360.png` });
      await sso.click();
      // Out to the provider (which signs the account in without a form) and back, signed in.
      await expect.poll(() => hashPath(page), { timeout: 15_000 }).toMatch(/^\/(main|tieto)/);
      // The session stored is the new user's (created at this first sign-in).
      const session = await page.evaluate(() => localStorage.getItem('vahti.session') ?? '');
      expect(session).toContain(email);
    } finally {
      await provider.close();
    }
  });
});
