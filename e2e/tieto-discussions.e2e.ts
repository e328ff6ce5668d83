import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

const TITLE = 'Pyörävaraston siivous';
const TARGET = 'As Oy Kivikko';
const ADMIN_COMMENT = 'Tervetuloa keskustelemaan! Ohjeet: https://example.fi/ohje.';
const USER_COMMENT = 'Pyöriä on paljon, osa ilman omistajaa.';
const REPLY = 'Laitetaan lappu niihin pyöriin.';

/** Opens the discussion from the active target's list with its join button. */
async function join(page: Page) {
  if (hashPath(page) !== '/tieto/discussions') await page.goto('/#/tieto/discussions');
  await page.getByRole('heading', { name: 'Keskustelut', level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Kohde' }).click();
  await page.getByRole('option', { name: TARGET }).click();
  // The stream opens with the discussion screens; wait for it so no event is missed.
  const stream = page.waitForResponse((res) => res.url().endsWith('/api/events'));
  await page.getByRole('link', { name: `Liity keskusteluun ${TITLE}` }).click();
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  expect((await stream).status()).toBe(200);
}

const comment = (page: Page, text: string) =>
  page.getByRole('article').filter({ has: page.getByText(text, { exact: true }) });

describe('Tieto discussions in the browser', () => {
  it('creates a discussion, comments live across browsers, replies, and edits by role', async () => {
    // The administrator adds a discussion moderated by a resident (Käyttäjä).
    const admin = await e2e.newPage();
    await admin.goto('/#/tieto/add-discussion');
    await signIn(admin, 'yllapitaja@demo.vahti.fi');
    await admin.getByRole('heading', { name: 'Lisää keskustelu' }).waitFor();
    await admin.getByLabel('Otsikko').fill('ab');
    await admin.getByRole('button', { name: 'Lisää keskustelu' }).click();
    await admin.getByText('Otsikon pitää olla ainakin 3 merkkiä').waitFor();
    await admin.getByLabel('Otsikko').fill(TITLE);
    await admin.getByLabel('Kuvaus').fill('Siivotaan pyörävarasto keväällä.');
    await admin.getByRole('combobox', { name: 'Kohde' }).click();
    await admin.getByRole('option', { name: TARGET }).click();
    await admin.getByRole('combobox', { name: 'Moderaattori' }).click();
    await admin.getByRole('option', { name: 'Tiina Tiainen' }).click();
    await admin.getByRole('button', { name: 'Lisää keskustelu' }).click();
    await admin.getByText('Keskustelu luotu').waitFor();

    // A resident linked to the target opens it in another browser.
    const resident = await e2e.newPage();
    await resident.goto('/#/tieto/discussions');
    await signIn(resident, 'kayttaja@demo.vahti.fi');
    await resident.getByRole('heading', { name: 'Keskustelut', level: 1 }).waitFor();
    await join(resident);
    await resident.getByText('Ei vielä kommentteja.').waitFor();
    // Following (mail about new comments) is off until turned on, and stays on.
    const follow = resident.getByLabel('Seuraa keskustelua');
    expect(await follow.isChecked()).toBe(false);
    // The switch shows the saved state: it turns on when the server has answered, so click and
    // wait (check() would demand the change at once).
    await follow.click();
    await expect.poll(() => follow.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => follow.isEnabled(), { timeout: 15_000 }).toBe(true);

    // The administrator comments; the resident sees it appear without a reload.
    await join(admin);
    await admin.getByLabel('Kommentti').fill('ab');
    await admin.getByRole('button', { name: 'Lähetä', exact: true }).click();
    await admin.getByText('Kommentissa pitää olla ainakin 3 merkkiä').waitFor();
    await admin.getByLabel('Kommentti').fill(ADMIN_COMMENT);
    await admin.getByRole('button', { name: 'Lähetä', exact: true }).click();
    await admin.getByText('Kommentti lisätty').waitFor();
    await comment(resident, ADMIN_COMMENT).waitFor();
    // The writer's name and the time as DD.MM.YYYY HH:mm; the address is a safe link.
    const adminComment = comment(resident, ADMIN_COMMENT);
    await adminComment.getByText('Ylermi Ylänne').waitFor();
    expect(await adminComment.locator('time').innerText()).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    const link = adminComment.getByRole('link', { name: 'https://example.fi/ohje' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('href')).toBe('https://example.fi/ohje');

    // A Käyttäjä cannot edit someone else's comment: no pencil.
    expect(await adminComment.getByRole('button', { name: 'Muokkaa kommenttia' }).count()).toBe(0);

    // The resident replies (a sub-comment) and comments; the administrator sees both live.
    await adminComment.locator('..').getByRole('button', { name: 'Vastaa' }).click();
    await resident.getByLabel('Vastaus').fill(REPLY);
    await resident.getByRole('button', { name: 'Lähetä vastaus' }).click();
    await comment(resident, REPLY).waitFor();
    await resident.getByLabel('Kommentti').fill(USER_COMMENT);
    await resident.getByRole('button', { name: 'Lähetä', exact: true }).click();
    await comment(admin, USER_COMMENT).waitFor();
    await admin.getByRole('button', { name: 'Näytä 1 vastaus' }).waitFor();
    await expectAccessible(resident);

    // The moderator, a Käyttäjä too, edits the resident's comment.
    const moderator = await e2e.newPage();
    await moderator.goto('/#/tieto/discussions');
    await signIn(moderator, 'tieto@demo.vahti.fi');
    await moderator.getByRole('heading', { name: 'Keskustelut', level: 1 }).waitFor();
    await join(moderator);
    const residentComment = comment(moderator, USER_COMMENT);
    await residentComment.getByRole('button', { name: 'Muokkaa kommenttia' }).click();
    await moderator
      .getByRole('textbox', { name: 'Muokkaa kommenttia' })
      .fill('Pyöriä on paljon (moderoitu).');
    await moderator.getByRole('button', { name: 'Tallenna' }).click();
    await comment(moderator, 'Pyöriä on paljon (moderoitu).').waitFor();
    // …and the resident sees the edit live.
    await comment(resident, 'Pyöriä on paljon (moderoitu).').waitFor();
    await expectAccessible(moderator);

    // The resident @mentions the administrator: the picked name goes into the text.
    // The reply form is open too: the comment form is the last one.
    await resident.getByRole('combobox', { name: 'Mainitse käyttäjä' }).last().fill('Ylän');
    await resident.getByRole('option', { name: 'Ylermi Ylänne' }).click();
    const text = resident.getByRole('textbox', { name: 'Kommentti', exact: true });
    expect(await text.inputValue()).toBe('@Ylermi Ylänne ');
    await text.pressSequentially('katsotko lukot?');
    await resident.getByRole('button', { name: 'Lähetä', exact: true }).click();
    await comment(resident, '@Ylermi Ylänne katsotko lukot?').waitFor();
    await expectAccessible(resident);

    // The moderator locks the discussion: the resident's form gives way to the notice, live.
    await moderator.getByLabel('Lukittu', { exact: true }).click();
    await resident.getByText('Keskustelu on lukittu, eikä siihen voi enää kommentoida.').waitFor();
    expect(await resident.getByRole('textbox', { name: 'Kommentti', exact: true }).count()).toBe(0);

    // A phone: the discussion page fits 360 px without sideways scrolling.
    const phone = await e2e.newPage({ width: 360, height: 740 });
    await phone.goto('/#/tieto/discussions');
    await signIn(phone, 'kayttaja@demo.vahti.fi');
    await phone.getByRole('heading', { name: 'Keskustelut', level: 1 }).waitFor();
    await phone.getByRole('combobox', { name: 'Kohde' }).click();
    await phone.getByRole('option', { name: TARGET }).click();
    // Full-text search: "ohjeita" finds the comment's "Ohjeet"; the administrator's comment
    // came after the resident last opened it, and the lock shows.
    await phone.getByRole('searchbox', { name: 'Hae keskusteluista' }).fill('ohjeita');
    const card = phone.getByRole('listitem').filter({ hasText: TITLE });
    await card.getByText('1 uusi').waitFor();
    await card.getByText('Lukittu').waitFor();
    await expect.poll(() => phone.getByRole('listitem').count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(phone);
    await card.getByRole('link', { name: `Liity keskusteluun ${TITLE}` }).click();
    await phone.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await comment(phone, ADMIN_COMMENT).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({
      path: path.join(tmpdir(), 'tieto-discussion-360.png'),
      fullPage: true,
    });
    await expectAccessible(phone);
  });

  it("shows 'Ei avoimia keskusteluja' for a target without discussions, and the admin list", async () => {
    // A new target has no discussions (every demo target has some).
    const base = e2e.server.url;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: 'yllapitaja@demo.vahti.fi', userPassword: DEMO_PASSWORD }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { uuid: string } };
    const created = await fetch(`${base}/api/target`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        targetName: 'Tyhjä Testikohde',
        targetAddress: 'Testikuja 1',
        targetZipCode: '00100',
        targetPostalDistrict: 'Helsinki',
        targetType: 'Kerrostalo',
        targetPropertyId: '091-1-2-3',
        targetJobNumber: 'TN-1',
        targetContactUser: [user.uuid],
        targetState: 'Aktiivinen',
      }),
    });
    expect(created.status).toBe(201);

    const page = await e2e.newPage();
    await page.goto('/#/tieto/main-discussions');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Keskustelut', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Kohde' }).click();
    await page.getByRole('option', { name: 'Toimitalo Tikkurila' }).click();
    await page.getByRole('link', { name: 'Liity keskusteluun Saunavuorot' }).waitFor();
    await page.getByRole('combobox', { name: 'Kohde' }).click();
    await page.getByRole('option', { name: 'Tyhjä Testikohde' }).click();
    await page.getByText('Ei avoimia keskusteluja').waitFor();
    await expectAccessible(page);

    // The admin list, paged on the server, with the edit dialog.
    await page.goto('/#/tieto/show-discussions');
    await page.getByRole('heading', { name: 'Hallinnoi keskusteluja' }).waitFor();
    await page.getByRole('button', { name: 'Muokkaa keskustelua Saunavuorot' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa keskustelua' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Otsikko').inputValue()).toBe('Saunavuorot');
    await dialog.getByRole('button', { name: 'Peruuta' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The server searches the list: an inflected word finds the discussion.
    await page.getByRole('searchbox', { name: 'Hae' }).fill('saunavuoroista');
    await expect
      .poll(() => page.getByRole('button', { name: /^Muokkaa keskustelua / }).count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await page.getByRole('button', { name: /^Muokkaa keskustelua / }).allInnerTexts())
            .length ===
          (await page.getByRole('button', { name: 'Muokkaa keskustelua Saunavuorot' }).count()),
        { timeout: 15_000 },
      )
      .toBe(true);
    await expectAccessible(page);
  });
});
