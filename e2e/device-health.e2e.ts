import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ADMIN = 'yllapitaja@demo.vahti.fi';

interface Device {
  deviceId: string;
  deviceName: string;
  deviceEui: string;
  deviceQrCode: string;
}

let device: Device;

/** Posts a ChirpStack v4 event (JSON marshaler) with the demo ingest key. */
async function chirpstack(event: 'up' | 'status', body: Record<string, unknown>) {
  const key = readFileSync(path.join(e2e.server.dataDir, 'demo-ingest-key.txt'), 'utf8').trim();
  return fetch(`${e2e.server.url}/api/ingest/chirpstack?event=${event}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  const login = await fetch(`${e2e.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: ADMIN, userPassword: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${e2e.server.url}/api/devices-admin`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { devices } = (await res.json()) as { devices: Device[] };
  const first = devices.sort((a, b) => a.deviceName.localeCompare(b.deviceName, 'fi'))[0];
  if (!first) throw new Error('the demo organization has no devices');
  device = first;
  const deviceInfo = { devEui: device.deviceEui.toLowerCase(), deviceName: device.deviceName };
  // An uplink two gateways heard (the payload itself may not decode: health is kept either way).
  const up = await chirpstack('up', {
    deduplicationId: crypto.randomUUID(),
    time: new Date(Date.now() - 120_000).toISOString(),
    deviceInfo,
    fCnt: 4711,
    fPort: 2,
    data: 'AQ==',
    rxInfo: [
      { gatewayId: '0016c001f153a14c', rssi: -118, snr: -9.5 },
      { gatewayId: '0016c001f1500a2b', rssi: -121, snr: -12 },
    ],
    txInfo: { frequency: 868_300_000, modulation: { lora: { spreadingFactor: 12 } } },
  });
  expect(up.status).toBeLessThan(300);
  const status = await chirpstack('status', {
    deduplicationId: crypto.randomUUID(),
    time: new Date(Date.now() - 60_000).toISOString(),
    deviceInfo,
    margin: 4,
    batteryLevel: 12,
  });
  expect(status.status).toBe(204);
});

describe('device health in the browser (Ylläpitäjä)', () => {
  it('shows the signal and battery in the list and every figure in the connection dialog', async () => {
    const page = await e2e.newPage();
    await page.goto(`/#/vainu/show-devices?qrCode=${device.deviceQrCode}`);
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Mittarit', exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(device.deviceName) });
    // In words, not colour alone.
    await row.getByRole('cell', { name: 'Heikko, -118 dBm / -9.5 dB' }).waitFor();
    await row.getByRole('cell', { name: '12 % · Vähissä' }).waitFor();
    await expectAccessible(page);

    await row.getByRole('button', { name: `Yhteys ja paristo: ${device.deviceName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Yhteys ja paristo: ${device.deviceName}` });
    await dialog.waitFor();
    for (const text of ['2', '0016c001f153a14c', 'SF12', '868.3 MHz', '4711', '4 dB']) {
      await dialog.getByRole('definition').filter({ hasText: text }).first().waitFor();
    }
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The low battery opened an alarm, named in the alarm list.
    await page.goto('/#/vainu/show-alarms');
    await page.getByRole('cell', { name: 'Paristo vähissä: 12 % (raja 20 %)' }).first().waitFor();
  });

  it('fits a phone: the figures on the device’s card and in the dialog', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto(`/#/vainu/show-devices?qrCode=${device.deviceQrCode}`);
    await signIn(page, ADMIN);
    await page.getByText('Heikko, -118 dBm / -9.5 dB').first().waitFor();
    await page.getByText('12 % · Vähissä').first().waitFor();
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/device-health-list-360.png`, fullPage: true });
    await page.getByRole('button', { name: `Yhteys ja paristo: ${device.deviceName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Yhteys ja paristo: ${device.deviceName}` });
    await dialog.getByText('SF12').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/device-health-dialog-360.png` });
  });
});
