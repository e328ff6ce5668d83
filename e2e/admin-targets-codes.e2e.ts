import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../apps/api/test/helpers/smtp.js';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

// The registration mail is read from a real SMTP server, as in account.e2e.ts.
let smtp: TestSmtpServer;
const e2e = useE2E({
  env: async () => {
    smtp = await startSmtpServer();
    return { SMTP_URL: smtp.url, MAIL_FROM: 'Vahti <vahti@example.fi>' };
  },
});
afterAll(() => smtp?.close());

const TARGET = 'As Oy Testikuja';
const NEW_USER = 'uusi.kohdekayttaja@example.fi';
const NEW_PASSWORD = 'Kohde-salasana-1';

describe('targets and registration codes in the browser (Ylläpitäjä)', () => {
  it('creates and edits a target, then registers a user with a code for it until it is revoked', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/admin/add-new-target');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Lisää uusi kohde' }).waitFor();

    // The organization is the administrator's own, shown but not chosen.
    expect(await page.getByLabel('Organisaatio').inputValue()).toBe('Demo Kiinteistöt Oy');
    expect(await page.getByLabel('Organisaatio').isEditable()).toBe(false);

    await page.getByLabel('Nimi').fill(TARGET);
    await page.getByLabel('Osoite').fill('Testikuja 3');
    await page.getByLabel('Postinumero').fill('123');
    await page.getByLabel('Postitoimipaikka').fill('Espoo');
    await page.getByLabel('Tyyppi').fill('Kerrostalo');
    await page.getByLabel('Kiinteistötunnus').fill('49-1-2-3');
    await page.getByLabel('Työnumero').fill('T-1001');
    await page.getByRole('combobox', { name: 'Yhteyshenkilöt' }).click();
    await page.getByRole('option', { name: /\(yllapitaja@demo\.vahti\.fi\)/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Postinumerossa pitää olla 5 numeroa').waitFor();
    await page.getByText('Tarkasta annetut tiedot').waitFor();
    await expectAccessible(page);

    await page.getByLabel('Postinumero').fill('02100');
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Kohde luotu').waitFor();

    // The list shows it; the pencil edits it and the list reloads with the new value.
    await page.goto('/#/admin/show-targets');
    await page.getByRole('heading', { name: 'Kohteet', exact: true }).waitFor();
    await page.getByLabel('Hae').fill('Testikuja');
    const row = page.getByRole('row', { name: new RegExp(TARGET) });
    await row.getByRole('cell', { name: 'Kerrostalo' }).waitFor();
    await row.getByRole('button', { name: `Muokkaa: ${TARGET}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa kohdetta' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Postinumero').inputValue()).toBe('02100');
    await dialog.getByLabel('Tyyppi').fill('Rivitalo');
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Kohteen tiedot tallennettu').waitFor();
    await row.getByRole('cell', { name: 'Rivitalo' }).waitFor();

    // A code for the new target: the code field appears only after the button.
    await page.goto('/#/admin/generate-registeration-code');
    await page.getByRole('heading', { name: 'Luo rekisteröintikoodi' }).waitFor();
    expect(await page.getByLabel('Rekisteröintikoodi', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Luo koodi' }).click();
    await page.getByText('Valitse vähintään yksi kohde').waitFor();
    await page.getByRole('combobox', { name: 'Kohteet' }).click();
    await page.getByRole('option', { name: TARGET }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Luo koodi' }).click();
    await page.getByText('Rekisteröintikoodi luotu').waitFor();
    const codeField = page.getByLabel('Rekisteröintikoodi', { exact: true });
    await codeField.waitFor();
    const code = await codeField.inputValue();
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(await codeField.isEditable()).toBe(false);
    await expectAccessible(page);

    // Headless Chromium without a clipboard permission: the copy either works or says how.
    await page.getByRole('button', { name: 'Kopioi' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Kopioitu|Kopiointi ei onnistunut/ })
      .waitFor();

    // Each address is checked; the message names the bad one.
    const recipients = page.getByLabel('Vastaanottajat');
    await recipients.fill(`${NEW_USER}, ei-osoite`);
    await page.getByRole('button', { name: 'Lähetä' }).click();
    await page.getByText('Sähköposti ei ole kelvollinen: ei-osoite').waitFor();
    await recipients.fill(NEW_USER);
    await page.getByRole('button', { name: 'Lähetä' }).click();
    await page.getByText('Rekisteröintikoodi lähetetty (1 vastaanottajaa)').waitFor();

    const mail = await smtp.next();
    expect(mail.to).toEqual([NEW_USER]);
    expect(mail.text).toContain(code);
    const link = mail.text.match(/https?:\/\/\S+#\/user-register\?code=\S+/)?.[0];
    expect(link?.startsWith(`${e2e.server.url}/#/user-register?code=`)).toBe(true);

    // The invitee opens the link in their own browser: the code is filled in.
    const invitee = await e2e.newPage();
    await invitee.goto(link as string);
    await invitee.getByRole('heading', { name: 'Rekisteröidy' }).waitFor();
    expect(await invitee.getByLabel('Rekisteröintikoodi').inputValue()).toBe(code);
    await invitee.getByLabel('Sähköposti').fill(NEW_USER);
    await invitee.getByLabel('Salasana', { exact: true }).fill(NEW_PASSWORD);
    await invitee.getByLabel('Salasana uudelleen').fill(NEW_PASSWORD);
    await invitee.getByLabel('Etunimi').fill('Kaisa');
    await invitee.getByLabel('Sukunimi').fill('Kohde');
    await invitee.getByRole('button', { name: 'Rekisteröidy' }).click();
    await invitee.getByText('Rekisteröityminen onnistui').waitFor();
    await invitee.getByRole('link', { name: 'Kirjautumiseen', exact: true }).click();
    await signIn(invitee, NEW_USER, NEW_PASSWORD);
    // The code granted Tieto only, so the user lands in it.
    await expect.poll(() => hashPath(invitee)).toBe('/tieto/dashboard');

    // The list counts the use; revoking asks first.
    await page.reload();
    const codeRow = page.getByRole('row', { name: new RegExp(TARGET) });
    await codeRow.getByRole('cell', { name: 'Voimassa' }).waitFor();
    expect(await codeRow.getByRole('cell', { name: '1', exact: true }).count()).toBe(1);
    // 'Luonut' shows the whole address beside the actions at 1366 px, and in the card at 360 px.
    await page.setViewportSize({ width: 1366, height: 800 });
    const creator = codeRow.getByRole('cell', { name: 'yllapitaja@demo.vahti.fi' });
    const actions = codeRow.getByRole('cell').last();
    // The address's text ends before the sticky actions column begins: nothing of it is hidden.
    const textEnd = await creator.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    });
    const sticky = await actions.boundingBox();
    expect(textEnd).toBeLessThanOrEqual(sticky?.x ?? 0);
    await page.setViewportSize({ width: 360, height: 740 });
    await page
      .getByRole('list', { name: 'Rekisteröintikoodit' })
      .getByRole('listitem')
      .filter({ hasText: TARGET })
      .getByText('yllapitaja@demo.vahti.fi', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await codeRow.getByRole('button', { name: /^Poista käytöstä/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Poistetaanko koodi käytöstä?' });
    await confirm.getByRole('button', { name: 'Poista käytöstä' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByText('Rekisteröintikoodi poistettu käytöstä').waitFor();
    await codeRow.getByRole('cell', { name: 'Poistettu käytöstä' }).waitFor();
    expect(await codeRow.getByRole('button', { name: /^Poista käytöstä/ }).count()).toBe(0);

    // The revoked code no longer registers anyone.
    const late = await e2e.newPage();
    await late.goto(link as string);
    await late.getByRole('heading', { name: 'Rekisteröidy' }).waitFor();
    await late.getByLabel('Sähköposti').fill('myohassa@example.fi');
    await late.getByLabel('Salasana', { exact: true }).fill(NEW_PASSWORD);
    await late.getByLabel('Salasana uudelleen').fill(NEW_PASSWORD);
    await late.getByLabel('Etunimi').fill('Myö');
    await late.getByLabel('Sukunimi').fill('Hässä');
    await late.getByRole('button', { name: 'Rekisteröidy' }).click();
    await late
      .getByText('Rekisteröintikoodi on poistettu käytöstä. Pyydä uusi koodi ylläpitäjältä.')
      .first()
      .waitFor();
  });
});
