import { describe, expect, it } from 'vitest';
import { expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();
const NAME = 'E2E-verkkopalvelin';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

/** Posts a ChirpStack uplink to the real HTTP port, as a network server would. */
async function postUplink(key: string, devEui: string) {
  const res = await fetch(`${e2e.server.url}/api/ingest/chirpstack?event=up`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      deduplicationId: crypto.randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { devEui },
      fCnt: 1,
      data: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

describe('ingest keys in Hallinta (Ylläpitäjä)', () => {
  it('creates a key shown once, takes an uplink with it, lists the rejected one, and revokes it', async () => {
    const page = await e2e.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/#/admin/ingest-keys');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Syöttöavaimet', level: 1 }).waitFor();
    expect(await page.getByLabel('Syöttöavain', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Luo avain' }).click();
    await page.getByText('Pakollinen kenttä').first().waitFor();
    await page.getByLabel('Nimi').fill(NAME);
    await page.getByRole('button', { name: 'Luo avain' }).click();
    await page.getByText(/Syöttöavain luotu/).waitFor();
    const keyField = page.getByLabel('Syöttöavain', { exact: true });
    const key = await keyField.inputValue();
    expect(key).toMatch(/^vahti_ik_/);
    expect(await keyField.isEditable()).toBe(false);
    await page.getByRole('button', { name: 'Kopioi' }).click();
    await page.getByText('Avain kopioitu leikepöydälle').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The list shows the key by its prefix only.
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText(`${key.slice(0, 17)}…`).waitFor();
    expect(await page.getByRole('table').textContent()).not.toContain(key.slice(17));
    await expectAccessible(page);

    // A network server posts with the key: a demo device's uplink is stored, an unknown one kept.
    expect(await postUplink(key, '70B3D57EDA000001')).toEqual({
      status: 200,
      body: { stored: 1, duplicates: 0 },
    });
    const unknown = await postUplink(key, '00E2E00000000001');
    expect(unknown).toEqual({
      status: 202,
      body: { stored: 0, duplicates: 0, rejected: ['unknownDevice'] },
    });
    await page.goto('/#/admin/rejected-uplinks');
    await page.getByRole('heading', { name: 'Hylätyt viestit' }).waitFor();
    const rejected = page.getByRole('row', { name: /00E2E00000000001/ });
    await rejected.getByText('Tuntematon mittari').waitFor();
    await expectAccessible(page);

    // Revoked: the key no longer works.
    await page.goto('/#/admin/ingest-keys');
    await page.getByRole('button', { name: new RegExp(`Peru avain ${NAME}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Peru syöttöavain' });
    await dialog.getByRole('button', { name: 'Peru avain', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Syöttöavain peruttu').waitFor();
    await page
      .getByRole('row', { name: new RegExp(NAME) })
      .getByText(/Peruttu/)
      .waitFor();
    expect((await postUplink(key, '70B3D57EDA000001')).status).toBe(401);
  });

  it('works on a 360 px wide phone screen', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/#/admin/ingest-keys');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Syöttöavaimet', level: 1 }).waitFor();
    await page.getByText('Demo-verkkopalvelin').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ingest-keys-360.png`, fullPage: true });
  });
});
