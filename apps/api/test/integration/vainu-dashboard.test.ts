import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, devices, measurementData, organizations } from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { createAlarm } from '../helpers/alarm-fixtures.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

const MINUTE = 60_000;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

interface Counts {
  devices: number;
  inAlarm: number;
  neverReported: number;
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
    connection: 'reporting' | 'silent' | 'neverReported' | 'passive';
    latest: { measurementId: string; value: number | null; limitState: string | null }[];
  }[];
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
    .select({ id: devices.deviceId, targetId: devices.deviceTargetId, state: devices.deviceState })
    .from(devices)
    .where(eq(devices.organizationId, organizationId));
  const open = await db
    .selectDistinct({ id: alarms.deviceId })
    .from(alarms)
    .where(and(eq(alarms.organizationId, organizationId), isNull(alarms.closedAt)));
  const heard = await db
    .selectDistinct({ id: measurementData.deviceId })
    .from(measurementData)
    .where(eq(measurementData.organizationId, organizationId));
  const inAlarm = new Set(open.map((row) => row.id));
  const heardOf = new Set(heard.map((row) => row.id));
  const never = new Set(
    deviceRows
      .filter((d) => d.state === 'Aktiivinen' && !heardOf.has(d.id) && !inAlarm.has(d.id))
      .map((d) => d.id),
  );
  return { devices: deviceRows, inAlarm, never };
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
      counts: {
        devices: db.devices.length,
        inAlarm: db.inAlarm.size,
        neverReported: db.never.size,
      },
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
        neverReported: own.filter((device) => db.never.has(device.id)).length,
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
      // `twice` never reported: now it is in alarm instead.
      neverReported: before.organization.counts.neverReported - 1,
    });
    expect(deviceOf(after, twice)?.inAlarm).toBe(true);
    expect(deviceOf(after, closed)?.inAlarm).toBe(false);
  });

  it('holds the sweep, the lists and the doughnut to one definition of silent, backlog and never-reported included', async () => {
    const db = ctx.database.db;
    const admin = as('Ylläpitäjä', 'A');
    const target = await fx.create.target(fx.orgA.id);
    const key = (await admin.post('/api/ingest-keys', { name: 'Kojelauta' })).json().key as string;
    const make = async (offline: number | null) => {
      const device = await createLayoutDevice(db, fx.orgA.id, target, { alarming: true });
      const res = await admin.patch(`/api/device-types/${device.typeId}/alarm-settings`, {
        deviceTypeOfflineAfterMinutes: offline,
        deviceTypeAlarmDelayMinutes: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      return device;
    };
    const send = async (eui: string, measurementId: string, at: Date, value = 50) => {
      const res = await as.withToken(key).post('/api/ingest/generic', {
        deviceEui: eui,
        time: at.toISOString(),
        values: { [measurementId]: value },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const ago = (minutes: number) =>
      new Date(Math.floor((Date.now() - minutes * MINUTE) / 1000) * 1000);

    const reporting = await make(30);
    const silent = await make(30);
    const backlog = await make(30);
    const never = await make(30);
    const unjudged = await make(null);
    await send(reporting.eui, reporting.m.hum.id, ago(2), 90);
    await send(silent.eui, silent.m.hum.id, ago(180));
    await send(backlog.eui, backlog.m.hum.id, ago(180));
    await send(unjudged.eui, unjudged.m.hum.id, ago(600));
    await ctx.services.alarms.sweepOffline(new Date());
    // The gateway returns with its backlog: readings measured two hours and an hour ago arrive now.
    await send(backlog.eui, backlog.m.hum.id, ago(120));
    // Its time, taken once: the assertion below must not land in the next second.
    const backlogLast = ago(60);
    await send(backlog.eui, backlog.m.hum.id, backlogLast);
    await ctx.services.alarms.sweepOffline(new Date());

    const dashboard = await read(admin);
    const offlineOpen = new Set(
      (
        await db
          .select({ id: alarms.deviceId })
          .from(alarms)
          .where(and(eq(alarms.alarmBreakThrough, 'offline'), isNull(alarms.closedAt)))
      ).map((row) => row.id),
    );
    const mine = [reporting, silent, backlog, never, unjudged].map((d) => d.deviceId);
    const shown = dashboard.devices.filter((d) => mine.includes(d.deviceId));
    // Silent in the list ⇔ an open 'Ei yhteyttä' alarm ⇔ counted in the doughnut's alarms.
    const silentListed = shown.filter((d) => d.connection === 'silent').map((d) => d.deviceId);
    expect(new Set(silentListed)).toEqual(new Set([silent.deviceId, backlog.deviceId]));
    expect(new Set(mine.filter((id) => offlineOpen.has(id)))).toEqual(new Set(silentListed));
    for (const id of silentListed) expect(deviceOf(dashboard, id)?.inAlarm).toBe(true);
    expect(deviceOf(dashboard, backlog.deviceId)?.lastSeenAt).toBe(backlogLast.toISOString());
    expect(deviceOf(dashboard, never.deviceId)).toMatchObject({
      connection: 'neverReported',
      inAlarm: false,
      lastSeenAt: null,
    });
    // A type without an offline limit is never judged silent, and never alarmed.
    expect(deviceOf(dashboard, unjudged.deviceId)?.connection).toBe('reporting');
    expect(offlineOpen.has(unjudged.deviceId)).toBe(false);
    expect(deviceOf(dashboard, reporting.deviceId)).toMatchObject({
      connection: 'reporting',
      inAlarm: true,
    });
    // The doughnut: 2 silent + the reporting one over its limit in alarm, the never-reported
    // device in its own slice, 'Kunnossa' the one left.
    expect(targetOf(dashboard, target)?.counts).toEqual({
      devices: 5,
      inAlarm: 3,
      neverReported: 1,
    });
    // Current values: the newest value per measurement, judged against the limits (20–80).
    expect(
      deviceOf(dashboard, reporting.deviceId)?.latest.find(
        (v) => v.measurementId === reporting.m.hum.id,
      ),
    ).toMatchObject({ value: 90, limitState: 'over' });

    // A reading measured now ends the backlog device's silence and closes its alarm.
    await send(backlog.eui, backlog.m.hum.id, ago(0));
    const back = await read(admin);
    expect(deviceOf(back, backlog.deviceId)).toMatchObject({
      connection: 'reporting',
      inAlarm: false,
    });
    expect(targetOf(back, target)?.counts.inAlarm).toBe(2);
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
      counts: {
        devices: db.devices.length,
        inAlarm: db.inAlarm.size,
        neverReported: db.never.size,
      },
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
