import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postDemoReadings, signedInGet } from './support/api.js';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';
import { writeQrVideo } from './support/fake-camera.js';

// The device page, /vainu/show-devices/{id} (issue 27). The camera films the QR code of the demo
// organization's first device (db/demo/devices.ts: VAINU-<prefix><serial>), so "Näytä mittarin
// tiedot" has a device to open; the whole browser, as in vainu-qr.e2e.ts.
const CODE = 'VAINU-A001';
const e2e = useE2E({
  fullBrowser: true,
  chromiumArgs: () => [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${writeQrVideo(CODE)}`,
  ],
});
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ADMIN = 'yllapitaja@demo.vahti.fi';

interface Device {
  deviceId: string;
  deviceName: string;
  deviceEui: string;
  deviceQrCode: string;
}

/**
 * The demo device with the camera's code, given a day of readings of its first limited
 * measurement, the newest over its high limit (an open alarm).
 */
async function preparedDevice() {
  const get = await signedInGet(e2e.server, ADMIN);
  const device = ((await get('/api/devices')).devices as Device[]).find(
    (d) => d.deviceQrCode === CODE,
  );
  if (!device) throw new Error(`test: no demo device ${CODE}`);
  const limits = (await get(`/api/alarm-limits?deviceId=${device.deviceId}`)).alarmLimits as {
    measurementId: string;
    measurementName: string;
    lowLimit: number | null;
    highLimit: number | null;
  }[];
  const limit = limits.find((l) => l.lowLimit !== null && l.highLimit !== null);
  if (!limit || limit.lowLimit === null || limit.highLimit === null) {
    throw new Error('test: the demo device has no limits');
  }
  const inside = (limit.lowLimit + limit.highLimit) / 2;
  const now = Math.floor(Date.now() / 1000) * 1000;
  const readings = Array.from({ length: 12 }, (_, i) => ({
    time: new Date(now - (12 - i) * 3_600_000),
    values: { [limit.measurementId]: inside + (i % 3) },
  }));
  readings.push({ time: new Date(now), values: { [limit.measurementId]: limit.highLimit + 5 } });
  await postDemoReadings(e2e.server, device.deviceEui, readings);
  return { device, limit };
}

/** The page's sections, each as a screen reader finds it: by its heading. */
async function expectDevicePage(page: Page, device: Device, measurementName: string) {
  await page.getByRole('heading', { name: device.deviceName, level: 1 }).waitFor();
  const latest = page.getByRole('region', { name: 'Nykyiset arvot' });
  const row = latest.getByTestId('latest-value').filter({ hasText: measurementName });
  // The state in words beside the value, not colour alone.
  await row.getByText('Yli ylärajan').waitFor();
  expect(await row.innerText()).toMatch(/Rajat /);
  const charts = page.getByRole('region', { name: 'Kuvaajat' });
  await expect
    .poll(() => charts.locator('[data-chart] svg').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // In words too (the second test's readings come on top of the first's).
  await charts.getByText(/\d+ mittausta, pienin/).waitFor();
  const alarms = page.getByRole('region', { name: 'Hälytykset' });
  await alarms.getByTestId('device-alarm').filter({ hasText: 'Aktiivinen' }).first().waitFor();
  const health = page.getByRole('region', { name: 'Yhteys ja paristo' });
  await health.getByText('Viimeisin viesti').waitFor();
  await page
    .getByRole('region', { name: 'Historia' })
    .getByRole('heading', { name: 'Muutokset', exact: true })
    .waitFor();
}

describe('Device page (/vainu/show-devices/{id})', () => {
  it('opens from the device list with latest values, charts, alarms, health and history', async () => {
    const { device, limit } = await preparedDevice();
    const page = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto('/#/vainu/show-devices');
    await signIn(page, ADMIN);
    await page.getByRole('link', { name: device.deviceName }).first().click();
    await expect.poll(() => hashPath(page)).toBe(`/vainu/show-devices/${device.deviceId}`);
    await expectDevicePage(page, device, limit.measurementName);
    // A week of readings: the same chart over 7 days.
    await page.getByRole('button', { name: '7 vrk' }).click();
    await page
      .getByRole('region', { name: 'Kuvaajat' })
      .getByText(/13 mittausta/)
      .waitFor();
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vainu-device-page.png`, fullPage: true });
  });

  it('opens from the QR flow on a 360 px phone', async () => {
    const { device, limit } = await preparedDevice();
    const page = await e2e.newPage({ width: 360, height: 800 });
    await page.goto('/#/vainu/qr-code');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    await page.locator('output', { hasText: CODE }).waitFor();
    await page.getByRole('button', { name: 'Näytä mittarin tiedot' }).click();
    await expect.poll(() => hashPath(page)).toBe(`/vainu/show-devices/${device.deviceId}`);
    await expectDevicePage(page, device, limit.measurementName);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/vainu-device-page-360.png`, fullPage: true });
    }
  });

  it('shows a Käyttäjä their targets’ devices, and another organization’s device as not found', async () => {
    const own = (await (await signedInGet(e2e.server, 'kayttaja@demo.vahti.fi'))('/api/devices'))
      .devices as Device[];
    const foreign = (
      await (
        await signedInGet(e2e.server, 'yllapitaja@toinen.vahti.fi')
      )('/api/devices')
    ).devices as Device[];
    const [mine] = own;
    const [theirs] = foreign;
    if (!mine || !theirs) throw new Error('test: the demo has no devices to open');
    const page = await e2e.newPage();
    await page.goto(`/#/vainu/show-devices/${mine.deviceId}`);
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: mine.deviceName, level: 1 }).waitFor();
    await page.goto(`/#/vainu/show-devices/${theirs.deviceId}`);
    await expect.poll(() => hashPath(page)).toBe('/not-found');
  });
});
