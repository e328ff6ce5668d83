import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmLimits,
  alarms,
  devices,
  measurementData,
  organizations,
} from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { createAlarm } from '../helpers/alarm-fixtures.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice, firstMeasurementOfType } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

/** The threshold this file's server runs with (the default is 120). */
const OFFLINE_MINUTES = 30;
const MINUTE = 60_000;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest({
    env: { DEVICE_OFFLINE_AFTER_MINUTES: String(OFFLINE_MINUTES) },
  }));
});
afterAll(() => ctx.close());

interface Counts {
  devices: number;
  inAlarm: number;
}
interface Dashboard {
  message: string;
  organization: {
    organizationId: string;
    organizationName: string;
    organizationAddress: string;
    organizationZipCode: string;
    organizationPostalDistrict: string;
    counts: Counts;
  };
  targets: { targetId: string; targetName: string; targetAddress: string; counts: Counts }[];
  devices: {
    deviceId: string;
    deviceName: string;
    targetId: string;
    deviceState: string;
    inAlarm: boolean;
    lastSeenAt: string | null;
    lastReceivedAt: string | null;
    offline: boolean;
  }[];
  offlineAfterMinutes: number;
}

const dashboardOf = (client: Client, organizationId?: string) =>
  client.get(`/api/vainu/dashboard${organizationId ? `?organizationId=${organizationId}` : ''}`);

async function read(client: Client, organizationId?: string): Promise<Dashboard> {
  const res = await dashboardOf(client, organizationId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What the database says: the organization's devices and those with an open alarm. */
async function stored(organizationId: string) {
  const db = ctx.database.db;
  const deviceRows = await db
    .select({ id: devices.deviceId, targetId: devices.deviceTargetId })
    .from(devices)
    .where(eq(devices.organizationId, organizationId));
  const open = await db
    .selectDistinct({ id: alarms.deviceId })
    .from(alarms)
    .where(and(eq(alarms.organizationId, organizationId), isNull(alarms.closedAt)));
  return { devices: deviceRows, inAlarm: new Set(open.map((row) => row.id)) };
}

const targetOf = (dashboard: Dashboard, targetId: string) =>
  dashboard.targets.find((target) => target.targetId === targetId);
const deviceOf = (dashboard: Dashboard, deviceId: string) =>
  dashboard.devices.find((device) => device.deviceId === deviceId);

describe(`GET /api/vainu/dashboard (${DRIVER})`, () => {
  it('counts the seeded devices and those in the organization alarm list, per target too', async () => {
    const dashboard = await read(as('Ylläpitäjä', 'A'));
    const db = await stored(fx.orgA.id);
    const [organization] = await ctx.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.organizationId, fx.orgA.id));

    expect(dashboard.message).toBe('Mittareiden yhteenveto haettu');
    expect(dashboard.organization).toEqual({
      organizationId: fx.orgA.id,
      organizationName: fx.orgA.name,
      organizationAddress: organization?.organizationAddress,
      organizationZipCode: organization?.organizationZipCode,
      organizationPostalDistrict: organization?.organizationPostalDistrict,
      counts: { devices: db.devices.length, inAlarm: db.inAlarm.size },
    });
    // The demo has devices and open alarms: the figures are not vacuous.
    expect(db.devices.length).toBeGreaterThan(5);
    expect(db.inAlarm.size).toBeGreaterThan(0);
    expect(db.inAlarm.size).toBeLessThan(db.devices.length);

    // In alarm = in GET /api/organization-alarms.
    const listed = (await as('Ylläpitäjä', 'A').get('/api/organization-alarms')).json().alarms as {
      alarmDeviceId: string;
    }[];
    expect(new Set(listed.map((alarm) => alarm.alarmDeviceId))).toEqual(
      new Set(dashboard.devices.filter((d) => d.inAlarm).map((d) => d.deviceId)),
    );

    // One card per target that has devices, the counts adding up to the organization's.
    const withDevices = new Set(db.devices.map((device) => device.targetId));
    expect(new Set(dashboard.targets.map((target) => target.targetId))).toEqual(withDevices);
    for (const target of dashboard.targets) {
      const own = db.devices.filter((device) => device.targetId === target.targetId);
      expect(target.counts).toEqual({
        devices: own.length,
        inAlarm: own.filter((device) => db.inAlarm.has(device.id)).length,
      });
    }
    expect(dashboard.devices).toHaveLength(db.devices.length);
    for (const ofB of [fx.orgB.name, fx.orgB.id])
      expect(JSON.stringify(dashboard)).not.toContain(ofB);
  });

  it('counts a device once however many alarms it has open; closed alarms and empty targets do not count', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const empty = await fx.create.target(fx.orgA.id);
    const twice = await createDevice(fx.db, fx.orgA.id, target);
    const closed = await createDevice(fx.db, fx.orgA.id, target);
    await createDevice(fx.db, fx.orgA.id, target);
    const before = await read(as('Ylläpitäjä', 'A'));

    await createAlarm(fx.db, fx.orgA.id, target, { deviceId: twice });
    await createAlarm(fx.db, fx.orgA.id, target, { deviceId: twice, alarmBreakThrough: 'down' });
    await createAlarm(fx.db, fx.orgA.id, target, { deviceId: closed, closedAt: new Date() });

    const after = await read(as('Ylläpitäjä', 'A'));
    expect(targetOf(after, target)).toMatchObject({
      targetAddress: 'Testikatu 1',
      counts: { devices: 3, inAlarm: 1 },
    });
    expect(targetOf(after, empty)).toBeUndefined();
    expect(after.organization.counts).toEqual({
      devices: before.organization.counts.devices,
      inAlarm: before.organization.counts.inAlarm + 1,
    });
    expect(deviceOf(after, twice)?.inAlarm).toBe(true);
    expect(deviceOf(after, closed)?.inAlarm).toBe(false);
  });

  it('tells when each device was last heard of and lists the silent ones as offline; an uplink over the limit opens an alarm', async () => {
    const db = ctx.database.db;
    const target = await fx.create.target(fx.orgA.id);
    const heard = await createDevice(fx.db, fx.orgA.id, target);
    const late = await createDevice(fx.db, fx.orgA.id, target);
    const never = await createDevice(fx.db, fx.orgA.id, target);
    const retired = await createDevice(fx.db, fx.orgA.id, target);
    await db
      .update(devices)
      .set({ deviceState: 'Passiivinen' })
      .where(eq(devices.deviceId, retired));
    const [device] = await db
      .select({ eui: devices.deviceEui, typeId: devices.deviceTypeId })
      .from(devices)
      .where(eq(devices.deviceId, heard));
    if (!device?.eui) throw new Error('test: the device has no DevEUI');
    const measurementId = await firstMeasurementOfType(db, device.typeId);
    await db.insert(alarmLimits).values({
      organizationId: fx.orgA.id,
      deviceId: heard,
      measurementId,
      lowLimit: 0,
      highLimit: 40,
    });

    // `late` sent its last uplink 45 minutes ago (over the 30-minute threshold).
    const longAgo = new Date(Date.now() - 45 * MINUTE);
    await db.insert(measurementData).values({
      organizationId: fx.orgA.id,
      deviceId: late,
      createdAt: longAgo,
      receivedAt: longAgo,
      dedupKey: 'late-1',
      data: { [measurementId]: 21 },
    });

    // `heard` reports through the real webhook: an older reading, then a newer one over the limit.
    const key = (await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Kojelauta' })).json()
      .key as string;
    const newest = new Date(Date.now() - 2 * MINUTE);
    const older = new Date(newest.getTime() - 10 * MINUTE);
    const sent = await as.withToken(key).post('/api/ingest/generic', [
      { deviceEui: device.eui, time: older.toISOString(), values: { [measurementId]: 21 } },
      { deviceEui: device.eui, time: newest.toISOString(), values: { [measurementId]: 55 } },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().stored).toBe(2);

    const dashboard = await read(as('Ylläpitäjä', 'A'));
    expect(dashboard.offlineAfterMinutes).toBe(OFFLINE_MINUTES);
    expect(deviceOf(dashboard, heard)).toMatchObject({
      lastSeenAt: newest.toISOString(),
      offline: false,
      inAlarm: true,
    });
    expect(Date.parse(deviceOf(dashboard, heard)?.lastReceivedAt ?? '')).toBeGreaterThan(
      Date.now() - 5 * MINUTE,
    );
    expect(deviceOf(dashboard, late)).toMatchObject({
      lastSeenAt: longAgo.toISOString(),
      lastReceivedAt: longAgo.toISOString(),
      offline: true,
      inAlarm: false,
    });
    expect(deviceOf(dashboard, never)).toMatchObject({
      lastSeenAt: null,
      lastReceivedAt: null,
      offline: true,
    });
    // Out of use: not reported as offline.
    expect(deviceOf(dashboard, retired)).toMatchObject({
      deviceState: 'Passiivinen',
      lastSeenAt: null,
      offline: false,
    });
    expect(targetOf(dashboard, target)?.counts).toEqual({ devices: 4, inAlarm: 1 });
    // The most recently heard of first, never heard of last.
    const order = dashboard.devices.map((d) => d.deviceId);
    expect(order.indexOf(heard)).toBeLessThan(order.indexOf(late));
    const lastHeard = dashboard.devices.findLastIndex((d) => d.lastSeenAt !== null);
    expect(dashboard.devices.slice(0, lastHeard + 1).every((d) => d.lastSeenAt !== null)).toBe(
      true,
    );
    expect(order.indexOf(never)).toBeGreaterThan(lastHeard);

    // A device type's own offline limit (ADR 0024) decides instead of the server's: `late`, 45
    // minutes silent, is not offline under a 60-minute limit and is under a 40-minute one.
    const [lateType] = await db
      .select({ typeId: devices.deviceTypeId })
      .from(devices)
      .where(eq(devices.deviceId, late));
    if (!lateType) throw new Error('test: no device type');
    const typeLimit = async (minutes: number | null) => {
      const saved = await as('Ylläpitäjä', 'A').patch(
        `/api/device-types/${lateType.typeId}/alarm-settings`,
        { deviceTypeOfflineAfterMinutes: minutes, deviceTypeAlarmDelayMinutes: null },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      return read(as('Ylläpitäjä', 'A'));
    };
    const lenient = await typeLimit(60);
    expect(lenient.offlineAfterMinutes).toBe(OFFLINE_MINUTES);
    expect(deviceOf(lenient, late)?.offline).toBe(false);
    expect(deviceOf(lenient, never)?.offline).toBe(true);
    expect(deviceOf(await typeLimit(40), late)?.offline).toBe(true);
    expect(deviceOf(await typeLimit(null), late)?.offline).toBe(true);

    // Back inside the limit: the alarm closes and the device is ok again.
    const back = await as.withToken(key).post('/api/ingest/generic', {
      deviceEui: device.eui,
      time: new Date(newest.getTime() + MINUTE).toISOString(),
      values: { [measurementId]: 20 },
    });
    expect(back.statusCode, back.body).toBe(200);
    const closed = await read(as('Ylläpitäjä', 'A'));
    expect(targetOf(closed, target)?.counts).toEqual({ devices: 4, inAlarm: 0 });
    expect(deviceOf(closed, heard)?.inAlarm).toBe(false);
  });

  it('shows a Käyttäjä only the devices of linked targets', async () => {
    const linked = fx.orgA.target.id;
    const unlinked = await fx.create.target(fx.orgA.id);
    await createDevice(fx.db, fx.orgA.id, unlinked);
    const hidden = await createAlarm(fx.db, fx.orgA.id, unlinked);
    const seen = await createAlarm(fx.db, fx.orgA.id, linked);

    const admin = await read(as('Ylläpitäjä', 'A'));
    const user = await read(as('Käyttäjä', 'A'));
    expect(user.targets.map((target) => target.targetId)).toEqual([linked]);
    expect(targetOf(user, linked)).toEqual(targetOf(admin, linked));
    expect(user.organization.counts).toEqual(targetOf(admin, linked)?.counts);
    expect(user.devices.every((device) => device.targetId === linked)).toBe(true);
    expect(deviceOf(user, seen.deviceId)?.inAlarm).toBe(true);
    expect(deviceOf(user, hidden.deviceId)).toBeUndefined();
    expect(deviceOf(admin, hidden.deviceId)?.inAlarm).toBe(true);
  });

  it('lets the top administrator pick the organization; B’s figures are B’s own', async () => {
    const top = await read(as('Pääylläpitäjä', 'A'), fx.orgB.id);
    const own = await read(as('Ylläpitäjä', 'B'));
    const db = await stored(fx.orgB.id);
    expect(top).toEqual({ ...own, devices: expect.any(Array) });
    expect(top.organization).toMatchObject({
      organizationId: fx.orgB.id,
      organizationName: fx.orgB.name,
      counts: { devices: db.devices.length, inAlarm: db.inAlarm.size },
    });
    const ids = new Set(db.devices.map((device) => device.id));
    expect(top.devices.every((device) => ids.has(device.deviceId))).toBe(true);
    expect(JSON.stringify(top)).not.toContain(fx.orgA.name);
    // Without the parameter: the own organization.
    expect((await read(as('Pääylläpitäjä', 'A'))).organization.organizationId).toBe(fx.orgA.id);
  });

  it('answers 404 for another organization or none, 403 without Vainu, 400 for a bad id', async () => {
    for (const organizationId of [fx.orgB.id, randomUUID()]) {
      for (const role of ['Käyttäjä', 'Ylläpitäjä'] as const) {
        const res = await dashboardOf(as(role, 'A'), organizationId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: 'Organisaatiota ei löytynyt',
          code: 'ORGANIZATION_NOT_FOUND',
        });
      }
    }
    expect((await dashboardOf(as('Pääylläpitäjä', 'A'), randomUUID())).statusCode).toBe(404);
    const tietoOnly = await fx.create.account(fx.orgA.id, 'Ylläpitäjä');
    const forbidden = await dashboardOf(as.withToken(await as.signIn(tietoOnly.email)));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const bad = await dashboardOf(as('Ylläpitäjä', 'A'), 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'Tarkasta annetut tiedot',
      fields: { organizationId: 'Virheellinen arvo' },
    });
    expect((await dashboardOf(as.anonymous)).statusCode).toBe(401);
  });
});
