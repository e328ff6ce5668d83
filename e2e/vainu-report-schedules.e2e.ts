import { describe, expect, it } from 'vitest';
import { postDemoReadings } from './support/api.js';
import { chooseOption, expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
/** The demo organization's 'Sisäilma CO2' device on its first target. */
const CO2_EUI = '70B3D57EDA000002';
const ROW = 'Kaikki kohteet: CO2';

describe('Vainu scheduled reports in the browser', () => {
  it('adds a monthly schedule, sends it now and follows its state to sent; fits a phone', async () => {
    // Readings in the month before this one: what "Lähetä nyt" reports on.
    const now = new Date();
    const lastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 9);
    await postDemoReadings(e2e.server, CO2_EUI, [
      { time: new Date(lastMonth), values: { CO2: 650 } },
      { time: new Date(lastMonth + 3_600_000), values: { CO2: 900 } },
    ]);

    const page = await e2e.newPage();
    await page.goto('/#/vainu/report-schedules');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Ajastetut raportit', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Lisää ajastettu raportti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Uusi ajastettu raportti' });
    // Nothing chosen yet: the fields say what is missing.
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.getByText('Valitse vähintään yksi vastaanottaja').waitFor();
    await chooseOption(page, dialog, 'Mittaus', /^CO2$/);
    await chooseOption(page, dialog, 'Kuukauden päivä', 'Kuun viimeinen päivä');
    await dialog.getByRole('combobox', { name: 'Vastaanottajat' }).click();
    await page.getByRole('option', { name: /\(yllapitaja@demo\.vahti\.fi\)/ }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Tallenna' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Ajastettu raportti lisätty').waitFor();
    const row = page.getByRole('row', { name: new RegExp(ROW) });
    await row.getByText('kuun viimeinen päivä klo 7.00').waitFor();
    await row.getByText('Ei vielä lähetetty').waitFor();
    await expectAccessible(page);

    // Sent by the server's worker, not the request: the list follows it until it is sent.
    await row.getByRole('button', { name: `Lähetä nyt: ${ROW}` }).click();
    await page.getByText('Raportti lähtee hetken kuluttua').waitFor();
    await row.getByText(/^Lähetetty \d/).waitFor({ timeout: 30_000 });
    await row.getByText(/^Jakso \d+\.\d+\.\d{4}–\d+\.\d+\.\d{4}$/).waitFor();

    await page.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-schedules-360.png`, fullPage: true });
  });
});
