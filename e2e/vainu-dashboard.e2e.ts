import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postDemoReadings, signedInGet } from './support/api.js';
import { expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const ADMIN = 'yllapitaja@demo.vahti.fi';
const USER = 'kayttaja@demo.vahti.fi';
const TOP = 'paayllapitaja@demo.vahti.fi';

interface Device {
  deviceId: string;
  deviceName: string;
  deviceEui: string;
  deviceState: string;
  deviceTargetId: string;
  Target: { targetName: string };
}

/** The organization's devices and the ids of those with an open alarm. */
async function register(email: string) {
  const client = { get: await signedInGet(e2e.server, email) };
  const devices = (await client.get('/api/devices')).devices as Device[];
  const alarms = (await client.get('/api/organization-alarms')).alarms as {
    alarmDeviceId: string;
  }[];
  return { client, devices, inAlarm: new Set(alarms.map((alarm) => alarm.alarmDeviceId)) };
}

/** The numbers a card lists beside its doughnut (its legend), by the card's heading. */
async function cardCounts(page: Page, name: string) {
  const list = page.getByRole('list', { name: `Mittarien tila: ${name}` });
  const text = (await list.innerText()).replace(/\s+/g, ' ');
  const number = (label: string) => Number(new RegExp(`${label}: (\\d+)`).exec(text)?.[1]);
  return {
    ok: number('Kunnossa'),
    alarms: number('Hälytykset'),
    never: number('Ei koskaan raportoinut'),
    devices: number('Mittareita'),
  };
}

/**
 * The counts a card should show: no device has reported here (no simulator), so every device in
 * use without an alarm is 'Ei koskaan raportoinut', and only those out of use are 'Kunnossa'.
 */
function expectedCounts(devices: readonly Device[], inAlarm: ReadonlySet<string>) {
  const alarms = devices.filter((device) => inAlarm.has(device.deviceId)).length;
  const never = devices.filter(
    (device) => !inAlarm.has(device.deviceId) && device.deviceState === 'Aktiivinen',
  ).length;
  return { ok: devices.length - alarms - never, alarms, never, devices: devices.length };
}

/** One reading of the device, measured `time` (now unless said). */
const postReading = (deviceEui: string, values: Record<string, number>, time = new Date()) =>
  postDemoReadings(e2e.server, deviceEui, [{ time, values }]);

describe('Vainu device dashboard in the browser', () => {
  it('shows the doughnuts and cards with the demo organization’s counts, and follows an alarm live', async () => {
    const { client, devices, inAlarm } = await register(ADMIN);
    const organization = (await client.get('/api/organizations')).organizations[0] as {
      organizationName: string;
      organizationAddress: string;
    };
    // The demo has devices in alarm and devices ok: the check below means something.
    expect(devices.length).toBeGreaterThan(inAlarm.size);
    expect(inAlarm.size).toBeGreaterThan(0);
    const targets = new Map<string, Device[]>();
    for (const device of devices) {
      targets.set(device.Target.targetName, [
        ...(targets.get(device.Target.targetName) ?? []),
        device,
      ]);
    }

    const page = await e2e.newPage({ width: 1366, height: 900 });
    await page.goto('/#/vainu/dashboard');
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: organization.organizationName, level: 2 }).waitFor();
    await page.getByText(organization.organizationAddress, { exact: false }).first().waitFor();
    const counts = expectedCounts(devices, inAlarm);
    // A device that never reported is not 'Kunnossa' (issue 27): the demo here has such devices.
    expect(counts.never).toBeGreaterThan(0);
    expect(await cardCounts(page, organization.organizationName)).toEqual(counts);
    // One card per target that has devices, each with its own doughnut.
    expect(await page.getByTestId('device-status-card').count()).toBe(targets.size + 1);
    for (const [name, own] of targets) {
      await page.getByRole('heading', { name, level: 3 }).waitFor();
      expect(await cardCounts(page, name), name).toEqual(expectedCounts(own, inAlarm));
    }
    const charts = page.locator('[data-chart="vainu-devices"]');
    await expect
      .poll(() => charts.locator('svg').count(), { timeout: 15_000 })
      .toBe(targets.size + 1);
    // The centre of the organization's doughnut: the device count.
    await expect
      .poll(() => charts.first().locator('text').allTextContents(), { timeout: 15_000 })
      .toContain(`${devices.length} mittaria`);
    // Green for the devices ok, red for those in alarm (MUI's success and error).
    expect(await charts.first().locator('[fill="#2e7d32"]').count()).toBe(1);
    expect(await charts.first().locator('[fill="#d32f2f"]').count()).toBe(1);
    // Without uplinks (no simulator here) no device has lost its connection: none ever had one.
    await page.getByRole('heading', { name: 'Ei yhteyttä (0)' }).waitFor();
    await page.getByRole('heading', { name: 'Viimeksi nähty' }).waitFor();
    await page.getByRole('heading', { name: 'Nykyiset arvot', level: 2 }).waitFor();
    expect(await page.getByTestId('current-values-card').count()).toBe(devices.length);

    // A reading over a device's high limit, posted as a network server would: the alarm count
    // goes up without a reload, and the device is heard from again.
    const calm = devices.find(
      (device) => !inAlarm.has(device.deviceId) && device.deviceState === 'Aktiivinen',
    );
    if (!calm) throw new Error('test: no device without an alarm');
    const { alarmLimits } = (await client.get(`/api/alarm-limits?deviceId=${calm.deviceId}`)) as {
      alarmLimits: {
        measurementId: string;
        lowLimit: number | null;
        highLimit: number | null;
        source: string | null;
      }[];
    };
    const limit = alarmLimits.find((entry) => entry.source === 'device');
    if (!limit || limit.highLimit === null || limit.lowLimit === null) {
      throw new Error('test: the demo device has no limits of its own');
    }
    await postReading(calm.deviceEui, { [limit.measurementId]: limit.highLimit + 10 });

    // It reported (no longer 'Ei koskaan raportoinut') and is in alarm.
    await expect
      .poll(() => cardCounts(page, organization.organizationName), { timeout: 15_000 })
      .toEqual({ ...counts, alarms: counts.alarms + 1, never: counts.never - 1 });
    const own = targets.get(calm.Target.targetName) ?? [];
    const alarmedBefore = own.filter((device) => inAlarm.has(device.deviceId)).length;
    expect((await cardCounts(page, calm.Target.targetName)).alarms).toBe(alarmedBefore + 1);
    // Its current value on its card, judged in words (not colour alone), linking to its page.
    const card = page.getByTestId('current-values-card').filter({ hasText: calm.deviceName });
    await expect
      .poll(() => card.first().innerText(), { timeout: 15_000 })
      .toContain('Yli ylärajan');
    expect(await card.first().innerText()).toContain('Hälytys');

    // Another device's last reading was measured two hours ago: it is listed as silent
    // ('Ei yhteyttä'), by the measurement time, though the reading arrives now.
    const quiet = devices.find(
      (device) =>
        device.deviceId !== calm.deviceId &&
        !inAlarm.has(device.deviceId) &&
        device.deviceState === 'Aktiivinen',
    );
    if (!quiet) throw new Error('test: no second device without an alarm');
    const quietLimit = (
      (await client.get(`/api/alarm-limits?deviceId=${quiet.deviceId}`)).alarmLimits as {
        measurementId: string;
        lowLimit: number | null;
        highLimit: number | null;
      }[]
    ).find((entry) => entry.lowLimit !== null && entry.highLimit !== null);
    if (!quietLimit) throw new Error('test: the device has no limits');
    // Inside its limits: silent by its measurement time, but no limit alarm.
    const middle = ((quietLimit.lowLimit ?? 0) + (quietLimit.highLimit ?? 0)) / 2;
    await postReading(
      quiet.deviceEui,
      { [quietLimit.measurementId]: middle },
      new Date(Date.now() - 2 * 3_600_000),
    );
    // A reading has no event of its own: the page refetches it every 60 s, or on a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Ei yhteyttä (1)' }).waitFor();
    await expect
      .poll(() => page.getByRole('table', { name: 'Ei yhteyttä' }).innerText())
      .toContain(quiet.deviceName);
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vainu-dashboard.png`, fullPage: true });
    // The device leads the "last seen" list now, marked as in alarm.
    const lastSeen = page.getByRole('table', { name: 'Viimeksi nähty' });
    const firstRow = lastSeen.getByRole('row').nth(1);
    await expect.poll(() => firstRow.innerText(), { timeout: 15_000 }).toContain(calm.deviceName);
    expect(await firstRow.innerText()).toContain('Hälytys');

    // Back inside the limits: the alarm closes and the count goes down again, live.
    const inside = (limit.lowLimit + limit.highLimit) / 2;
    await postReading(calm.deviceEui, { [limit.measurementId]: inside });
    await expect
      .poll(() => cardCounts(page, organization.organizationName), { timeout: 15_000 })
      // Both devices have reported now; `quiet` would be in alarm once the offline sweep ran
      // (off in these tests: the API's tests hold the sweep and the lists equal).
      .toEqual({ ...counts, ok: counts.ok + 2, never: counts.never - 2 });

    // The device's link opens its page.
    await lastSeen.getByRole('link', { name: calm.deviceName }).first().click();
    await expect.poll(() => hashPath(page)).toBe(`/vainu/show-devices/${calm.deviceId}`);
  });

  it('shows the user counts by role on a second tab to the Hallinta staff, and lets the top administrator switch organization', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/dashboard');
    await signIn(page, TOP);
    await page.getByRole('tab', { name: 'Mittarit' }).waitFor();
    await page.getByRole('tab', { name: 'Käyttäjät' }).click();
    await expect.poll(() => hashPath(page)).toBe('/vainu/dashboard?view=users');
    await page.getByRole('heading', { name: /^Käyttäjät rooleittain: / }).waitFor();
    await page.getByRole('heading', { name: 'Käyttäjät kohteittain' }).waitFor();
    await expectAccessible(page);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/vainu-dashboard-users.png`, fullPage: true });

    // Another organization: its name on the cards, its own devices.
    const other = await register('yllapitaja@toinen.vahti.fi');
    const otherName = (await other.client.get('/api/organizations')).organizations[0]
      .organizationName as string;
    await page.getByRole('tab', { name: 'Mittarit' }).click();
    await page.getByRole('combobox', { name: 'Organisaatio' }).click();
    // Chosen at once after the tab: the choice starts from the URL the tab made, not the one before.
    await page.getByRole('option', { name: otherName }).click();
    const otherCard = page.getByRole('heading', { name: otherName, exact: true, level: 2 });
    await otherCard.waitFor();
    await expect
      .poll(() => cardCounts(page, otherName), { timeout: 15_000 })
      .toEqual(expectedCounts(other.devices, other.inAlarm));
    // The choice is in the URL: a reload shows the same organization (issue 27: it was lost).
    expect(hashPath(page)).toMatch(/[?&]org=[\w-]+/);
    await page.reload();
    await otherCard.waitFor();
    // … and the other tab keeps it.
    await page.getByRole('tab', { name: 'Käyttäjät' }).click();
    await page.getByRole('heading', { name: `Käyttäjät rooleittain: ${otherName}` }).waitFor();
    expect(hashPath(page)).toMatch(/[?&]org=[\w-]+/);
  });

  it('shows a Käyttäjä the linked targets only, without the users tab; the phone layout', async () => {
    const { devices, inAlarm } = await register(USER);
    const targetNames = new Set(devices.map((device) => device.Target.targetName));
    const page = await e2e.newPage({ width: 360, height: 800 });
    await page.goto('/#/vainu/dashboard');
    await signIn(page, USER);
    await page.getByRole('heading', { name: 'Kohteet', exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('device-status-card').count(), { timeout: 15_000 })
      .toBe(targetNames.size + 1);
    expect(await page.getByRole('tab').count()).toBe(0);
    const organizationCard = page.getByTestId('device-status-card').first();
    const name = (await organizationCard.getByRole('heading').innerText()).trim();
    expect(await cardCounts(page, name)).toEqual(expectedCounts(devices, inAlarm));
    expect(await page.getByTestId('current-values-card').count()).toBe(devices.length);
    await expect
      .poll(() => page.locator('[data-chart="vainu-devices"] svg').count(), { timeout: 15_000 })
      .toBe(targetNames.size + 1);
    await expectAccessible(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/vainu-dashboard-360.png`, fullPage: true });
    }
  });
});
