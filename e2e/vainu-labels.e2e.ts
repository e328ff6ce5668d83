import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../apps/api/test/helpers/pdf-text.js';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

describe('QR labels of devices (/vainu/show-devices)', () => {
  it('prints the two chosen devices as a one-page PDF of labels', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/show-devices');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Mittarit' });
    const boxes = table.getByRole('checkbox', { name: /^Valitse QR-tarraan: / });
    await boxes.first().waitFor();
    const print = page.getByRole('button', { name: 'Tulosta QR-tarrat' });
    expect(await print.isDisabled()).toBe(true);

    const names: string[] = [];
    for (const box of [boxes.nth(0), boxes.nth(1)]) {
      const label = (await box.getAttribute('aria-label')) ?? '';
      names.push(label.replace('Valitse QR-tarraan: ', ''));
      await box.check();
    }
    await page.getByRole('status').getByText('2 mittaria valittu').waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), print.click()]);
    expect(download.suggestedFilename()).toMatch(/^vahti-qr-tarrat-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = readFileSync((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    const words = pdf.lines.join(' ');
    for (const name of names) expect(words).toContain(name);

    // Clearing the choice disables printing again.
    await page.getByRole('button', { name: 'Tyhjennä valinta' }).click();
    await page.getByRole('status').getByText('0 mittaria valittu').waitFor();
    expect(await print.isDisabled()).toBe(true);
  });
});
