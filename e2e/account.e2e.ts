import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startSmtpServer, type TestSmtpServer } from '../apps/api/test/helpers/smtp.js';
import { DEMO_PASSWORD, expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

let smtp: TestSmtpServer;
const e2e = useE2E({
  // The whole browser: the headless shell has no notifications (Notification.permission stays
  // "denied" whatever is granted), so its service worker could not show a push.
  fullBrowser: true,
  env: async () => {
    smtp = await startSmtpServer();
    // Web Push on with either database (embedded, the keys would be made into DATA_DIR).
    const vapid = webpush.generateVAPIDKeys();
    return {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vahti <vahti@example.fi>',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
  },
});
afterAll(() => smtp?.close());

const demoCode = () =>
  readFileSync(path.join(e2e.server.dataDir, 'demo-registration-code.txt'), 'utf8').trim();

describe('account flows in the browser', () => {
  it('registers a new user with a registration code, who then signs in', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Rekisteröidy' }).click();
    await expect.poll(() => hashPath(page)).toBe('/user-register');
    await page.getByRole('heading', { name: 'Rekisteröidy' }).waitFor();
    await expectAccessible(page);

    // A code that is too short is refused in the form with the spec's text.
    await page.getByLabel('Rekisteröintikoodi').fill('liian-lyhyt');
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    await page.getByText('Tarkista koodin oikeellisuus').waitFor();

    await page.getByLabel('Sähköposti').fill('uusi.asukas@example.fi');
    await page.getByLabel('Salasana', { exact: true }).fill('Uusi-salasana-1');
    await page.getByLabel('Salasana uudelleen').fill('Uusi-salasana-1');
    await page.getByLabel('Etunimi').fill('Uuno');
    await page.getByLabel('Sukunimi').fill('Asukas');
    // A well-formed code the server does not know: its text shows once, under the code field.
    await page.getByLabel('Rekisteröintikoodi').fill('x'.repeat(40));
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    const refused = page.getByText('Rekisteröintikoodi ei kelpaa');
    await refused.waitFor();
    expect(await refused.count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Rekisteröintikoodi').fill(demoCode());
    await page.getByRole('button', { name: 'Rekisteröidy' }).click();
    await page.getByText('Rekisteröityminen onnistui').waitFor();

    await page.getByRole('link', { name: 'Kirjautumiseen', exact: true }).click();
    await signIn(page, 'uusi.asukas@example.fi', 'Uusi-salasana-1');
    // The demo code carries Tieto and Vainu, so the chooser shows both.
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    expect(await page.getByRole('link', { name: 'TIETO', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'VAINU', exact: true }).count()).toBe(1);
  });

  it('resets a forgotten password through the link in the mail', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page, 'kayttaja@demo.vahti.fi', 'vaara-salasana');
    await page.getByRole('link', { name: 'Unohditko salasanasi?' }).click();
    await page.getByRole('heading', { name: 'Unohtunut salasana' }).waitFor();
    await expectAccessible(page);
    // The address of the refused sign-in came along.
    expect(await page.getByLabel('Sähköposti').inputValue()).toBe('kayttaja@demo.vahti.fi');
    await page.getByRole('button', { name: 'Lähetä' }).click();
    await page.getByText('Jos osoite löytyy palvelusta').waitFor();

    const mail = await smtp.next();
    expect(mail.to).toEqual(['kayttaja@demo.vahti.fi']);
    const link = mail.text.match(/https?:\/\/\S+isPasswordChange=true/)?.[0];
    expect(link?.startsWith(`${e2e.server.url}/#/login?code=`)).toBe(true);

    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Vaihda salasana' }).waitFor();
    await page.getByLabel('Uusi salasana', { exact: true }).fill('Palautettu-2026');
    await page.getByLabel('Uusi salasana uudelleen').fill('Eri-salasana-2026');
    await page.getByRole('button', { name: 'Vaihda salasana' }).click();
    await page.getByText('Salasanat eivät täsmänneet. Yritä uudelleen.').waitFor();
    await page.getByLabel('Uusi salasana uudelleen').fill('Palautettu-2026');
    await page.getByRole('button', { name: 'Vaihda salasana' }).click();
    await page.getByText('Salasana vaihdettu').waitFor();
    // After 3 seconds the screen returns to the login page on its own.
    await expect.poll(() => hashPath(page), { timeout: 15_000 }).toBe('/');

    await signIn(page, 'kayttaja@demo.vahti.fi', 'Palautettu-2026');
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
  });

  it('changes the own password from the account menu and stays signed in', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/tieto/dashboard');
    await signIn(page, 'tieto@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/tieto/dashboard');
    await page.getByRole('button', { name: 'Käyttäjätili' }).click();
    await page.getByRole('menuitem', { name: 'Vaihda salasana' }).click();
    await expect.poll(() => hashPath(page)).toBe('/tieto/change-password');
    await expectAccessible(page);

    // An empty submit flags every one of the three fields.
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Tarkasta annetut tiedot').waitFor();
    for (const label of ['Nykyinen salasana', 'Uusi salasana', 'Uusi salasana uudelleen']) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.getByText('Salasana on pakollinen').count()).toBe(3);

    await page.getByLabel('Nykyinen salasana').fill('vaara-salasana');
    await page.getByLabel('Uusi salasana', { exact: true }).fill('Tieto-uusi-2026');
    await page.getByLabel('Uusi salasana uudelleen').fill('Tieto-uusi-2026');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Nykyinen salasana on väärin').first().waitFor();

    await page.getByLabel('Nykyinen salasana').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Salasana vaihdettu').waitFor();
    // The server revoked the old token and returned a new one: a reload keeps the session.
    await page.reload();
    await page.getByRole('heading', { name: 'Vaihda salasana' }).waitFor();
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await signIn(page, 'tieto@demo.vahti.fi', 'Tieto-uusi-2026');
    await expect.poll(() => hashPath(page)).toBe('/tieto/dashboard');
  });

  it('edits the own details; the e-mail stays read-only', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    await page.getByRole('button', { name: 'Käyttäjätili' }).click();
    await page.getByRole('menuitem', { name: 'Muokkaa omia tietoja' }).click();
    await page.getByRole('heading', { name: 'Muokkaa omia tietoja' }).waitFor();
    await expectAccessible(page);
    expect(await page.getByLabel('Sähköposti').inputValue()).toBe('paakayttaja@demo.vahti.fi');
    expect(await page.getByLabel('Sähköposti').isEditable()).toBe(false);

    await page.getByLabel('Etunimi').fill('');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Etunimi on pakollinen tieto').waitFor();
    await page.getByLabel('Etunimi').fill('Päivikki');
    await page.getByLabel('Titteli').fill('Kiinteistöpäällikkö');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Tiedot tallennettu').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Etunimi').inputValue()).toBe('Päivikki');
    expect(await page.getByLabel('Titteli').inputValue()).toBe('Kiinteistöpäällikkö');
  });

  it('installs as an app; notifications: subscribe with our key, a push shows the alarm with its URL', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: e2e.server.url });
    await page.goto('/#/vainu/edit-user-information');
    // Not the Käyttäjä: an earlier test of this file reset that password.
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Ilmoitukset tässä selaimessa' }).waitFor();

    // Installable: the manifest with its icons, and the service worker at the root scope.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel=manifest]')?.href ?? '';
      return (await fetch(href)).json();
    });
    expect(manifest).toMatchObject({ name: 'Vahti', display: 'standalone', start_url: '/' });
    expect(
      manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`),
    ).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${e2e.server.url}/`);

    // The UI asks for the permission (granted above) and subscribes with the server's VAPID key.
    // Chromium refuses a push subscription in an off-the-record profile, which every Playwright
    // context is ("Registration failed - permission denied"), and would otherwise register with
    // Google's FCM, which this closed network cannot reach: the subscribe fails, and the screen
    // says so in Finnish rather than pretending. (The server side of a subscription and its
    // delivery are apps/api/test/integration/push.test.ts.)
    await page.getByRole('button', { name: 'Ota ilmoitukset käyttöön' }).click();
    await page.getByText('Selain ei ottanut ilmoituksia käyttöön').waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await expectAccessible(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/push-notifications-360.png`, fullPage: true });

    // The push handler, as the push service would wake it: DevTools delivers a message of the
    // server's payload form to the service worker, which shows it as a notification.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const alarmUrl = `${e2e.server.url}/#/vainu/alarms`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.url,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'CO2 yli raja-arvon',
        body: 'Asunto A 12: 1450 ppm',
        url: alarmUrl,
        tag: 'alarm-e2e',
      }),
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        })),
      );
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      {
        title: 'CO2 yli raja-arvon',
        body: 'Asunto A 12: 1450 ppm',
        tag: 'alarm-e2e',
        url: alarmUrl,
      },
    ]);
  });
});
