import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

// The offline-alarm sweep every 10 s: the last test makes a demo device silent.
const e2e = useE2E({ env: () => ({ ALARM_OFFLINE_SWEEP_SECONDS: '10' }) });
/** A demo particle meter (SILENT_DEMO_EUI of the demo data); without SIMULATE it has no readings. */
const SILENT_EUI = '70B3D57EDA000004';

/** One reading of the device through the generic webhook with the demo ingest key. */
async function postReading(deviceEui: string, time: Date) {
  const key = readFileSync(path.join(e2e.server.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();
  const res = await fetch(`${e2e.server.url}/api/ingest/generic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ deviceEui, time: time.toISOString(), values: { 'PM2.5': 5 } }),
  });
  expect(await res.json()).toEqual({ stored: 1, duplicates: 0 });
}
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ADMIN = 'yllapitaja@demo.vahti.fi';
const MAIN_USER = 'paakayttaja@demo.vahti.fi';

/** The badge's count of active alarms, from its accessible name. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByRole('link', { name: /^Aktiiviset hälytykset: \d+$/ });
  await badge.waitFor();
  const name = (await badge.getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(name)?.[0]);
}

describe('Vainu alarms in the browser', () => {
  it('lists alarms with filters from the URL, acknowledges, confirms an un-ack, shows the timeline; the badge follows live', async () => {
    // Another browser, in Hallinta: its badge counts the seeded active, unacknowledged alarms.
    const other = await e2e.newPage();
    await other.goto('/#/admin/dashboard');
    await signIn(other, MAIN_USER);
    expect(await badgeCount(other)).toBe(2);

    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-alarms?st=0&ac=1');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    // The filters come from the query string.
    expect(await page.getByLabel('Vain kuittaamattomat').isChecked()).toBe(true);
    expect(await page.getByLabel('Vain aktiiviset').isChecked()).toBe(true);
    const ackButtons = page.getByRole('button', { name: /^Kuittaa hälytys: / });
    await expect.poll(() => ackButtons.count()).toBe(2);
    // Times are in UTC.
    await page.getByRole('columnheader', { name: /Aika \(UTC\)/ }).waitFor();
    await page
      .getByText(/\d\d\.\d\d\.\d{4} \d\d\.\d\d UTC/)
      .first()
      .waitFor();
    expect(await badgeCount(page)).toBe(2);
    await expectAccessible(page);

    // Acknowledge the first (its dialog's comment is optional): it leaves the unacknowledged
    // list, both badges count one less.
    const label = (await ackButtons.first().getAttribute('aria-label')) ?? '';
    const name = label.replace(/^Kuittaa hälytys: /, '');
    await ackButtons.first().click();
    const ackDialog = page.getByRole('dialog', { name: 'Kuittaa hälytys' });
    await ackDialog.getByText(name, { exact: false }).waitFor();
    await ackDialog.getByRole('button', { name: 'Kuittaa' }).click();
    await page.getByText('Hälytys kuitattu').waitFor();
    await expect.poll(() => ackButtons.count()).toBe(1);
    await expect.poll(() => badgeCount(page)).toBe(1);
    // The other browser hears of it without a reload.
    await expect.poll(() => badgeCount(other), { timeout: 15_000 }).toBe(1);

    // Without the st filter the acknowledged one shows as 'Kuitattu'; un-acking asks first.
    // The URL changes in a transition: click, then wait for it.
    await page.getByLabel('Vain kuittaamattomat').click();
    await expect.poll(() => hashPath(page)).toBe('/vainu/show-alarms?ac=1');
    const acked = page.getByRole('button', { name: `Kuitattu, peruuta kuittaus: ${name}` });
    await acked.click();
    const confirm = page.getByRole('dialog', { name: 'Peruuta kuittaus' });
    await confirm.getByText('Oletko varma, että haluat peruuttaa kuittauksen?').waitFor();
    await expectAccessible(page);
    // A yes/no question (spec 001 §5) is answered Kyllä or Ei.
    await confirm.getByRole('button', { name: 'Ei', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await badgeCount(page)).toBe(1);
    await acked.click();
    await confirm.getByRole('button', { name: 'Kyllä' }).click();
    await page.getByText('Kuittaus peruttu').waitFor();
    await page.getByRole('button', { name: `Kuittaa hälytys: ${name}` }).waitFor();
    await expect.poll(() => badgeCount(other), { timeout: 15_000 }).toBe(2);

    // The timeline: who acknowledged and cancelled, and when (UTC).
    await page.getByRole('button', { name: `Hälytyksen tapahtumat: ${name}` }).click();
    const timeline = page.getByRole('dialog', { name: 'Hälytyksen tapahtumat' });
    await timeline.getByText('Hälytys alkoi – Järjestelmä').waitFor();
    await timeline.getByText('Kuitattu – Ylermi Ylänne').waitFor();
    await timeline.getByText('Kuittaus peruttu – Ylermi Ylänne').waitFor();
    expect(await timeline.getByText(/UTC$/).count()).toBe(3);
    await expectAccessible(page);
    await timeline.getByRole('button', { name: 'Sulje' }).click();

    // The badge opens the list of active, unacknowledged alarms.
    await other.getByRole('link', { name: /^Aktiiviset hälytykset: / }).click();
    await other.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    expect(hashPath(other)).toBe('/vainu/show-alarms?st=0&ac=1');
  });

  it('filters by date range from the URL', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-alarms?sd=2000-01-01&ed=2000-01-02');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    expect(await page.getByLabel('Alkupäivä').inputValue()).toBe('2000-01-01');
    await page.getByText('Tietoa ei saatavilla').waitFor();
    await page.getByRole('button', { name: 'Tyhjennä suodattimet' }).click();
    await page
      .getByRole('button', { name: /^Hälytyksen tapahtumat: / })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /^Hälytyksen tapahtumat: / }).count()).toBe(5);
  });

  it("shows '10+' above ten active alarms and '-' when they could not be loaded", async () => {
    const page = await e2e.newPage();
    // The server's own answer, with its first alarm repeated to twelve.
    await page.route('**/api/alarms/active', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const [first] = body.alarms;
      body.alarms = Array.from({ length: 12 }, (_, i) => ({ ...first, id: `${first.id}-${i}` }));
      await route.fulfill({ response, json: body });
    });
    await page.goto('/#/vainu/dashboard');
    await signIn(page, ADMIN);
    const badge = page.getByTestId('alarm-badge');
    await page.getByRole('link', { name: 'Aktiiviset hälytykset: 12' }).waitFor();
    await badge.getByText('10+', { exact: true }).waitFor();

    const failing = await e2e.newPage();
    await failing.route('**/api/alarms/active', (route) =>
      route.fulfill({
        status: 503,
        json: { error: 'Tietokantaan ei saada yhteyttä', code: 'DATABASE_UNAVAILABLE' },
      }),
    );
    await failing.goto('/#/vainu/dashboard');
    await signIn(failing, ADMIN);
    await failing.getByRole('link', { name: 'Aktiivisia hälytyksiä ei saatu haettua' }).waitFor();
    await failing.getByTestId('alarm-badge').getByText('-', { exact: true }).waitFor();
  });

  it('lists a work queue with counts per state as filters, calm ended rows, and acknowledges the selected with a comment shown in the timeline', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-alarms');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    const states = page.getByRole('group', { name: 'Hälytysten tilat' });
    const chip = (text: string) => states.getByRole('button', { name: new RegExp(text) });
    // The demo alarms: two active and one acknowledged, one ended of each kind.
    await chip('^2 Aktiiviset kuittaamatta$').waitFor();
    await chip('^1 Aktiiviset kuitatut$').waitFor();
    await chip('^1 Päättyneet kuittaamatta$').waitFor();
    await chip('^1 Päättyneet kuitatut$').waitFor();

    // The queue: active unacknowledged first, then active acknowledged, ended unacknowledged,
    // ended acknowledged; the state in words in every row.
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(5);
    const texts = await rows.allInnerTexts();
    const order = [
      /Aktiivinen, kuittaamatta/,
      /Aktiivinen, kuittaamatta/,
      /Aktiivinen, kuitattu/,
      /Päättynyt .* UTC, kuittaamatta/,
      /Päättynyt .* UTC, kuitattu/,
    ];
    texts.forEach((text, i) => {
      expect(text).toMatch(order[i] as RegExp);
    });
    // An active alarm's Kuittaa is solid red; an ended one's is outlined, on a muted row.
    const background = (row: number) =>
      rows
        .nth(row)
        .getByRole('button', { name: /^Kuittaa hälytys: / })
        .evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await background(0)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await background(3)).toBe('rgba(0, 0, 0, 0)');
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarms-queue-1366.png`, fullPage: true });

    // A count is a filter: the URL keeps it as ac and st; pressed again, every state.
    await chip('Päättyneet kuittaamatta').click();
    await expect.poll(() => hashPath(page)).toBe('/vainu/show-alarms?st=0&ac=0');
    await expect
      .poll(() => chip('Päättyneet kuittaamatta').getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => rows.count()).toBe(1);
    await chip('Päättyneet kuittaamatta').click();
    await expect.poll(() => hashPath(page)).toBe('/vainu/show-alarms');
    await expect.poll(() => rows.count()).toBe(5);

    // On a phone: the counts two by two, cards with their checkboxes, nothing sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByLabel('Valitse kaikki tällä sivulla').waitFor();
    await chip('^2 Aktiiviset kuittaamatta$').waitFor();
    // The table turns into cards once the resize has reached React: polled, not read once.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarms-queue-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // Select every unacknowledged row of the page by keyboard, then acknowledge them at once.
    // The cards turn back into a table first: a checkbox focused before that is replaced, and
    // the key would go nowhere.
    await page.getByRole('columnheader', { name: /Aika \(UTC\)/ }).waitFor();
    const all = page.getByRole('checkbox', { name: 'Valitse kaikki tällä sivulla' });
    await expect
      .poll(async () => {
        await all.focus();
        return all.evaluate((box) => box === document.activeElement);
      })
      .toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => all.isChecked()).toBe(true);
    const bulk = page.getByRole('button', { name: 'Kuittaa valitut (3)' });
    await bulk.click();
    const dialog = page.getByRole('dialog', { name: 'Kuittaa valitut hälytykset' });
    await dialog.getByText('Kuitataan 3 valittua hälytystä.').waitFor();
    await dialog.getByLabel('Kommentti').fill('Ikkunat suljettu, tarkistettu paikan päällä');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Kuittaa' }).click();
    await page.getByText('Hälytyksiä kuitattu: 3').waitFor();
    await chip('^0 Aktiiviset kuittaamatta$').waitFor();
    await chip('^3 Aktiiviset kuitatut$').waitFor();
    await chip('^0 Päättyneet kuittaamatta$').waitFor();
    await chip('^2 Päättyneet kuitatut$').waitFor();
    await expect.poll(() => badgeCount(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'Kuittaa valitut (0)' }).isDisabled()).toBe(true);

    // The comment is in each alarm's timeline with who and when (the second row: acknowledged
    // only now; the first was acknowledged and cancelled above too).
    await rows
      .nth(1)
      .getByRole('button', { name: /^Hälytyksen tapahtumat: / })
      .click();
    const timeline = page.getByRole('dialog', { name: 'Hälytyksen tapahtumat' });
    await timeline.getByText('Kuitattu – Ylermi Ylänne').waitFor();
    await timeline
      .getByText('Kommentti: Ikkunat suljettu, tarkistettu paikan päällä', { exact: true })
      .waitFor();
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarms-timeline-comment.png` });
    await timeline.getByRole('button', { name: 'Sulje' }).click();
  });

  it('turns alarm mail off in the own details, and it stays off', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/edit-user-information');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Muokkaa omia tietoja' }).waitFor();
    const mail = page.getByLabel(/^Hälytysviestit: /);
    expect(await mail.isChecked()).toBe(true);
    await mail.click();
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /tallennettu/i })
      .waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Muokkaa omia tietoja' }).waitFor();
    await expect.poll(() => page.getByLabel(/^Hälytysviestit: /).isChecked()).toBe(false);
    await expectAccessible(page);
  });

  it('sets push for high on two targets and no mail at night in Ilmoitukset; it stays after a reload', async () => {
    const page = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto('/#/vainu/notifications');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Ilmoitukset', exact: true }).waitFor();
    await page.getByText('Käytössä ovat organisaation oletusasetukset').waitFor();
    const email = page.getByRole('group', { name: 'Sähköposti' });
    const push = page.getByRole('group', { name: 'Push-ilmoitukset' });
    // No mail at night: quiet hours on the e-mail channel (22.00–07.00 by default).
    await email.getByLabel('Hiljaiset tunnit').check();
    expect(await email.getByLabel('Alkaa (TT:MM)').inputValue()).toBe('22:00');
    // Push for high alarms on two chosen targets.
    await push.getByLabel('Valitut kohteet').check();
    const chosen = push.getByRole('group', { name: 'Valitse kohteet' }).getByRole('checkbox');
    await chosen.nth(1).waitFor();
    await chosen.nth(0).check();
    await chosen.nth(1).check();
    for (const kind of ['Alaraja alittuu', 'Ei yhteyttä', 'Paristo vähissä']) {
      await push.getByLabel(kind).uncheck();
    }
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Tallenna' }).click();
    await page.getByText('Ilmoitusasetukset tallennettu').waitFor();

    await page.reload();
    await page.getByText('Käytössä ovat omat asetuksesi.').waitFor();
    expect(await email.getByLabel('Päättyy (TT:MM)').inputValue()).toBe('07:00');
    expect(await push.getByLabel('Valitut kohteet').isChecked()).toBe(true);
    expect(await chosen.nth(0).isChecked()).toBe(true);
    expect(await chosen.nth(1).isChecked()).toBe(true);
    expect(await chosen.nth(2).isChecked()).toBe(false);
    expect(await push.getByLabel('Yläraja ylittyy').isChecked()).toBe(true);
    expect(await push.getByLabel('Alaraja alittuu').isChecked()).toBe(false);

    // Phone width: My notifications, then the organization's settings (Hallinta) with a step.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(360);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-360.png`, fullPage: true });
    await page.goto('/#/admin/notification-settings');
    await page.getByRole('heading', { name: 'Ilmoitusasetukset', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Lisää porrastus' }).click();
    await page.getByRole('button', { name: 'Poista porrastus 1' }).waitFor();
    await expectAccessible(page);
    expect(await width()).toBeLessThanOrEqual(360);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/notification-settings-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectAccessible(page);
  });

  it('fits a 360 px phone', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/vainu/show-alarms');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Hälytykset', exact: true }).waitFor();
    await page
      .getByRole('button', { name: /^Hälytyksen tapahtumat: / })
      .first()
      .waitFor();
    await expectAccessible(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarms-360.png`, fullPage: true });
  });

  it('sets a device type’s offline alarm in Laitetyypit, then lists the silent device as Ei yhteyttä until it is heard again', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-sensors');
    await signIn(page, ADMIN);
    const section = page.getByRole('region', { name: 'Vahdin mittarityypit' });
    await section.getByRole('cell', { name: 'Sisäilma CO2', exact: true }).waitFor();
    await section.getByRole('button', { name: 'Muokkaa mittarityyppiä Sisäilma CO2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muokkaa mittarityyppiä: Sisäilma CO2' });
    const offline = dialog.getByLabel('Yhteyskatkon hälytysraja (min)');
    expect(await offline.inputValue()).toBe('45');
    await offline.fill('3');
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog
      .getByText('Yhteyskatkon hälytysraja on kokonaisluku 5–43200 minuuttia tai tyhjä')
      .waitFor();
    await expectAccessible(page);
    await offline.fill('30');
    await dialog.getByLabel('Hälytysviive (min)').fill('10');
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Mittarityyppi tallennettu').waitFor();
    const row = section
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Sisäilma CO2', exact: true }) });
    await row.getByRole('cell', { name: '30 min' }).waitFor();
    await row.getByRole('cell', { name: '10 min' }).waitFor();
    await expectAccessible(page);
    if (SHOTS) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${SHOTS}/device-type-alarms-360.png`, fullPage: true });
    }

    // The device's last reading two hours ago: the next sweep opens its offline alarm, and the
    // list (active only) shows it live.
    await postReading(SILENT_EUI, new Date(Date.now() - 2 * 3_600_000));
    const alarms = await e2e.newPage();
    await alarms.goto('/#/vainu/show-alarms?ac=1');
    await signIn(alarms, ADMIN);
    const offlineRow = alarms
      .getByRole('row')
      .filter({ hasText: /Ei yhteyttä: ei mittauksia \d+ minuuttiin/ });
    await offlineRow.waitFor({ timeout: 30_000 });
    await expectAccessible(alarms);
    if (SHOTS) await alarms.screenshot({ path: `${SHOTS}/alarms-offline.png` });
    // Heard again: the alarm closes and leaves the active list.
    await postReading(SILENT_EUI, new Date());
    await offlineRow.waitFor({ state: 'hidden', timeout: 15_000 });
  });
});

describe('Tiedota asukkaille (issue 29)', () => {
  it('tells the residents of an alarm in the discussions and by a survey whose answers show beside the device’s charts', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-alarms?ac=1');
    await signIn(page, ADMIN);
    await page
      .getByRole('button', { name: /^Tiedota asukkaille: / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Tiedota asukkaille' });
    // Prefilled from the alarm in the user's language; what is being done is for them to write.
    expect(await dialog.getByLabel('Mitä mitattiin').inputValue()).toMatch(/Yläraja on \d/);
    await dialog.getByLabel('Mitä tehdään').fill('Ilmanvaihto tarkistetaan huomenna.');
    expect(await dialog.getByLabel('Julkaise tiedote kohteen keskusteluihin').isChecked()).toBe(
      true,
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/alarm-notice-360.png` });
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Lähetä' }).click();

    // The alarm's timeline shows it with links to what it made.
    const timeline = page.getByRole('dialog', { name: 'Hälytyksen tapahtumat' });
    await timeline.getByText(/^Asukkaita tiedotettu – /).waitFor();
    const results = timeline.getByRole('link', { name: 'Kyselyn tulokset' });
    const queryId = new URLSearchParams((await results.getAttribute('href'))?.split('?')[1]).get(
      'queryId',
    );
    await expectAccessible(page);
    await timeline.getByRole('link', { name: 'Avaa keskustelu' }).click();
    await page.getByText('Mitä tehdään: Ilmanvaihto tarkistetaan huomenna.').waitFor();

    // A resident answers (the survey form has its own tests); the device page shows the answer.
    const login = await fetch(`${e2e.server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: ADMIN, userPassword: 'Vahti-demo-2026' }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const alarms = (await (
      await fetch(`${e2e.server.url}/api/alarms?ac=1`, { headers: auth })
    ).json()) as {
      alarms: {
        alarmDeviceId: string;
        Device: { deviceTargetId: string };
        timeline: { queryId: string | null }[];
      }[];
    };
    const alarm = alarms.alarms.find((a) => a.timeline.some((e) => e.queryId === queryId));
    if (!alarm || !queryId) throw new Error('test: the notified alarm is missing');
    const target = alarm.Device.deviceTargetId;
    const form = (await (
      await fetch(
        `${e2e.server.url}/api/tieto/query-customer-id/?queryTargetId=${target}&queryId=${queryId}`,
        {
          headers: auth,
        },
      )
    ).json()) as { questions: { id: string }[] };
    const answer = await fetch(`${e2e.server.url}/api/tieto/result/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        queryId,
        queryTargetId: target,
        answers: { [form.questions[0]?.id ?? '']: '4' },
      }),
    });
    expect(answer.status).toBe(201);
    await page.goto(`/#/vainu/show-devices/${alarm.alarmDeviceId}`);
    const answers = page.getByTestId('follow-up-answers');
    await answers.getByRole('heading', { name: /Miltä sisäilma tuntuu nyt\?/ }).waitFor();
    await answers.getByRole('cell', { name: '4,00' }).waitFor();
    await page
      .getByText(/^Asukkaita tiedotettu /)
      .first()
      .waitFor();
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectAccessible(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/device-follow-ups-360.png`, fullPage: true });
  });
});
