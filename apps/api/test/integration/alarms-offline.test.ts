import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEvents,
  alarmLimits,
  alarmPending,
  alarms,
  devices,
  mailOutbox,
  measurementData,
  targetContactUsers,
  users,
} from '../../src/db/schema/index.js';
import { systemScope } from '../../src/lib/scope.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { openEventStream, type StreamEvent } from '../helpers/event-stream.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

// Offline alarms and the alarm delay (ADR 0024). The sweep is driven with a fixed "now"; the
// periodic timer is off in tests (ALARM_OFFLINE_SWEEP_SECONDS=0).

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let keyA: Client;

const MINUTE = 60_000;
/** Two hours ago, on a whole minute: readings up to now are accepted by the ingest. */
const T0 = new Date(Math.floor((Date.now() - 120 * MINUTE) / MINUTE) * MINUTE);
const after = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Offline' });
  keyA = as.withToken(res.json().key as string);
});
afterAll(() => ctx.close());

const settings = (
  org: 'A' | 'B',
  typeId: string,
  body: { deviceTypeOfflineAfterMinutes: unknown; deviceTypeAlarmDelayMinutes: unknown },
) => as('Ylläpitäjä', org).patch(`/api/device-types/${typeId}/alarm-settings`, body);

/** A fresh device of a fresh type of the organization, the type set to the settings given. */
async function deviceOfType(
  org: 'A' | 'B',
  offline: number | null,
  delay: number | null = null,
  targetId?: string,
) {
  const organization = org === 'A' ? fx.orgA : fx.orgB;
  const device = await createLayoutDevice(
    ctx.database.db,
    organization.id,
    targetId ?? organization.target.id,
  );
  const res = await settings(org, device.typeId, {
    deviceTypeOfflineAfterMinutes: offline,
    deviceTypeAlarmDelayMinutes: delay,
  });
  expect(res.statusCode).toBe(200);
  return device;
}

const sweep = (now: Date) => ctx.services.alarms.sweepOffline(now);
const alarmsOf = (deviceId: string) =>
  ctx.database.db.select().from(alarms).where(eq(alarms.deviceId, deviceId));
async function send(eui: string, measurementId: string, time: Date, value = 40) {
  const res = await keyA.post('/api/ingest/generic', {
    deviceEui: eui,
    time: time.toISOString(),
    values: { [measurementId]: value },
  });
  expect(res.statusCode).toBe(200);
}

describe(`offline alarms (${DRIVER})`, () => {
  it('opens after the type’s silence since the last reading, not before, and shows it everywhere', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const contact = await fx.create.user(fx.orgA.id);
    await ctx.database.db.insert(targetContactUsers).values({ targetId: target, userId: contact });
    const device = await deviceOfType('A', 30, null, target);
    await send(device.eui, device.m.hum.id, T0);

    expect(await sweep(after(29))).not.toContainEqual(
      expect.objectContaining({ deviceId: device.deviceId }),
    );
    expect(await alarmsOf(device.deviceId)).toHaveLength(0);

    const opened = await sweep(after(31));
    expect(opened).toContainEqual(
      expect.objectContaining({ deviceId: device.deviceId, change: 'opened', targetId: target }),
    );
    const [alarm] = await alarmsOf(device.deviceId);
    expect(alarm).toMatchObject({
      alarmBreakThrough: 'offline',
      measurementId: null,
      value: 31,
      limitValue: 30,
      closedAt: null,
    });
    // It became offline when the silence passed the limit.
    expect(alarm?.createdAt.toISOString()).toBe(after(30).toISOString());
    // A later sweep adds nothing while it is open.
    await sweep(after(60));
    expect(await alarmsOf(device.deviceId)).toHaveLength(1);

    const admin = as('Ylläpitäjä', 'A');
    const list = await admin.get(`/api/alarms?tid=${target}`);
    expect(list.statusCode).toBe(200);
    const [record] = list.json().alarms;
    expect(record).toMatchObject({
      alarmBreakThrough: 'offline',
      measurementId: null,
      measurementName: '',
      alarmDescription: 'Ei yhteyttä: ei mittauksia 30 minuuttiin',
      active: true,
      alarmDeviceId: device.deviceId,
    });
    expect(record.timeline.map((e: { kind: string }) => e.kind)).toEqual(['opened', 'mailed']);
    const active = (await admin.get('/api/alarms/active')).json().alarms;
    expect(active.map((a: { id: string }) => a.id)).toContain(alarm?.id);
    const ofOrganization = (await admin.get('/api/organization-alarms')).json().alarms;
    expect(ofOrganization.map((a: { id: string }) => a.id)).toContain(alarm?.id);
    const byDevice = await admin.get(`/api/device-alarms?id=${device.deviceId}`);
    expect(byDevice.json().alarms).toHaveLength(1);

    const [user] = await ctx.database.db.select().from(users).where(eq(users.userId, contact));
    const mails = (await ctx.database.db.select().from(mailOutbox)).filter(
      (m) => m.toAddress === user?.userEmail,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('ei ole tullut mittauksia 30 minuuttiin');
  });

  it('leaves a device that never reported to its own state: no Ei yhteyttä alarm', async () => {
    const device = await deviceOfType('A', 10);
    await sweep(new Date(Date.now() + 365 * 24 * 60 * MINUTE));
    expect(await alarmsOf(device.deviceId)).toHaveLength(0);
  });

  it('keeps a device silent while its backlog of old readings arrives; a fresh reading ends it', async () => {
    const device = await deviceOfType('A', 30);
    await send(device.eui, device.m.hum.id, T0);
    await sweep(after(45));
    // A gateway comes back with what it kept: readings measured an hour and more ago arrive now.
    await send(device.eui, device.m.hum.id, after(30));
    await send(device.eui, device.m.hum.id, after(60));
    await sweep(new Date());
    const [open, ...more] = await alarmsOf(device.deviceId);
    expect(more).toHaveLength(0);
    expect(open?.closedAt).toBeNull();
    const fresh = new Date(Math.floor(Date.now() / 1000) * 1000);
    await send(device.eui, device.m.hum.id, fresh);
    expect((await alarmsOf(device.deviceId))[0]?.closedAt?.toISOString()).toBe(fresh.toISOString());
  });

  it('leaves types without the setting and devices that are not Aktiivinen alone', async () => {
    const off = await deviceOfType('A', null);
    const passive = await deviceOfType('A', 5);
    await ctx.database.db
      .update(devices)
      .set({ deviceState: 'Passiivinen' })
      .where(eq(devices.deviceId, passive.deviceId));
    await sweep(new Date(Date.now() + 365 * 24 * 60 * MINUTE));
    expect(await alarmsOf(off.deviceId)).toHaveLength(0);
    expect(await alarmsOf(passive.deviceId)).toHaveLength(0);
  });

  it('closes when the device’s next uplink is stored, with its timeline', async () => {
    const device = await deviceOfType('A', 30);
    await send(device.eui, device.m.hum.id, T0);
    await sweep(after(45));
    const [open] = await alarmsOf(device.deviceId);
    expect(open?.closedAt).toBeNull();

    // Measured within the limit of now (T0 is two hours ago): the silence is over.
    await send(device.eui, device.m.hum.id, after(100));
    const [closed] = await alarmsOf(device.deviceId);
    expect(closed?.closedAt?.toISOString()).toBe(after(100).toISOString());
    const kinds = await ctx.database.db
      .select({ kind: alarmEvents.kind })
      .from(alarmEvents)
      .where(eq(alarmEvents.alarmId, open?.id ?? ''));
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['opened', 'closed']));
    const active = (await as('Ylläpitäjä', 'A').get('/api/alarms/active')).json().alarms;
    expect(active.map((a: { id: string }) => a.id)).not.toContain(open?.id);
    // The sensor-data chart marks it on the device's measurement (the PDF report draws the same).
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const chart = await as('Ylläpitäjä', 'A').get(
      `/api/measurement-data/${device.deviceId}?mid=${device.m.hum.id}&sd=${day(new Date(T0.getTime() - 86_400_000))}&ed=${day(new Date(Date.now() + 86_400_000))}`,
    );
    expect(chart.statusCode).toBe(200);
    expect(chart.json().alarms).toEqual([
      expect.objectContaining({ alarmBreakThrough: 'offline', createdAt: after(30).toISOString() }),
    ]);
    const report = await as('Ylläpitäjä', 'A').get(
      `/api/reports/measurements.pdf?tid=${fx.orgA.target.id}&mid=${device.m.hum.id}&did=${device.deviceId}&sd=${day(new Date(T0.getTime() - 86_400_000))}&ed=${day(new Date())}`,
    );
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    // Back and silent again later: a new alarm.
    await sweep(after(131));
    expect(await alarmsOf(device.deviceId)).toHaveLength(2);
  });

  it('announces the opening and the closing on /api/events', async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(address, await as.token('Käyttäjä', 'A'));
    try {
      const device = await deviceOfType('A', 30);
      await send(device.eui, device.m.hum.id, T0);
      const nextOf = async (): Promise<StreamEvent> => {
        for (;;) {
          const event = await stream.next();
          if (event.data.deviceId === device.deviceId) return event;
        }
      };
      await sweep(after(40));
      expect(await nextOf()).toMatchObject({
        type: 'alarm.changed',
        targetId: fx.orgA.target.id,
        data: { change: 'opened' },
      });
      await send(device.eui, device.m.hum.id, after(100));
      expect(await nextOf()).toMatchObject({ type: 'alarm.changed', data: { change: 'closed' } });
    } finally {
      stream.close();
    }
  });

  it('opens one alarm when two sweeps run at once', async () => {
    const devicesOf = await Promise.all([deviceOfType('A', 15), deviceOfType('A', 15)]);
    for (const d of devicesOf) await send(d.eui, d.m.hum.id, T0);
    const [first, second] = await Promise.all([sweep(after(20)), sweep(after(20))]);
    for (const d of devicesOf) {
      expect(await alarmsOf(d.deviceId)).toHaveLength(1);
      const announced = [...(first ?? []), ...(second ?? [])].filter(
        (c) => c.deviceId === d.deviceId,
      );
      expect(announced).toHaveLength(1);
    }
  });

  it('never lets one organization’s uplinks close another’s alarm or edit its type', async () => {
    const deviceB = await deviceOfType('B', 5);
    const heardAt = new Date(Date.now() - 10 * MINUTE);
    await ctx.database.db.insert(measurementData).values({
      organizationId: fx.orgB.id,
      deviceId: deviceB.deviceId,
      createdAt: heardAt,
      receivedAt: heardAt,
      dedupKey: 'b-1',
      data: { [deviceB.m.hum.id]: 40 },
    });
    await sweep(new Date());
    const [alarmB] = await alarmsOf(deviceB.deviceId);
    expect(alarmB?.organizationId).toBe(fx.orgB.id);
    // Organization A's scope does not see B's device: its reading changes nothing.
    const changes = await ctx.services.alarms.evaluate(systemScope('seed', fx.orgA.id), [
      { deviceId: deviceB.deviceId, measuredAt: new Date(), values: { [deviceB.m.hum.id]: 1 } },
    ]);
    expect(changes).toEqual([]);
    expect((await alarmsOf(deviceB.deviceId))[0]?.closedAt).toBeNull();
    // A's ingest key does not know B's device.
    const res = await keyA.post('/api/ingest/generic', {
      deviceEui: deviceB.eui,
      time: new Date().toISOString(),
      values: {},
    });
    expect(res.statusCode).toBe(202);
    expect((await alarmsOf(deviceB.deviceId))[0]?.closedAt).toBeNull();
    const foreign = await settings('A', deviceB.typeId, {
      deviceTypeOfflineAfterMinutes: 60,
      deviceTypeAlarmDelayMinutes: null,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('DEVICE_TYPE_NOT_FOUND');
  });
});

describe(`device type alarm settings (${DRIVER})`, () => {
  it('saves whole minutes and null, shows them in the device types, and audits', async () => {
    const device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
    const res = await settings('A', device.typeId, {
      deviceTypeOfflineAfterMinutes: 45,
      deviceTypeAlarmDelayMinutes: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Mittarityypin hälytysasetukset tallennettu',
      deviceType: { deviceTypeOfflineAfterMinutes: 45, deviceTypeAlarmDelayMinutes: 10 },
    });
    const types = (await as('Käyttäjä', 'A').get('/api/device-types')).json().deviceTypes;
    expect(
      types.find((t: { deviceTypeId: string }) => t.deviceTypeId === device.typeId),
    ).toMatchObject({
      deviceTypeOfflineAfterMinutes: 45,
      deviceTypeAlarmDelayMinutes: 10,
    });
    const cleared = await settings('A', device.typeId, {
      deviceTypeOfflineAfterMinutes: null,
      deviceTypeAlarmDelayMinutes: null,
    });
    expect(cleared.json().deviceType).toMatchObject({
      deviceTypeOfflineAfterMinutes: null,
      deviceTypeAlarmDelayMinutes: null,
    });
    // Users may read but not change them.
    const user = await as('Käyttäjä', 'A').patch(
      `/api/device-types/${device.typeId}/alarm-settings`,
      {
        deviceTypeOfflineAfterMinutes: 30,
        deviceTypeAlarmDelayMinutes: null,
      },
    );
    expect(user.statusCode).toBe(403);
  });

  it.each([
    [
      { deviceTypeOfflineAfterMinutes: 4, deviceTypeAlarmDelayMinutes: null },
      'deviceTypeOfflineAfterMinutes',
      'Yhteyskatkon hälytysraja on kokonaisluku 5–43200 minuuttia tai tyhjä',
    ],
    [
      { deviceTypeOfflineAfterMinutes: 30.5, deviceTypeAlarmDelayMinutes: null },
      'deviceTypeOfflineAfterMinutes',
      'Yhteyskatkon hälytysraja on kokonaisluku 5–43200 minuuttia tai tyhjä',
    ],
    [
      { deviceTypeOfflineAfterMinutes: '30', deviceTypeAlarmDelayMinutes: null },
      'deviceTypeOfflineAfterMinutes',
      'Yhteyskatkon hälytysraja on kokonaisluku 5–43200 minuuttia tai tyhjä',
    ],
    [
      { deviceTypeOfflineAfterMinutes: 43_201, deviceTypeAlarmDelayMinutes: null },
      'deviceTypeOfflineAfterMinutes',
      'Yhteyskatkon hälytysraja on kokonaisluku 5–43200 minuuttia tai tyhjä',
    ],
    [
      { deviceTypeOfflineAfterMinutes: null, deviceTypeAlarmDelayMinutes: 0 },
      'deviceTypeAlarmDelayMinutes',
      'Hälytysviive on kokonaisluku 1–1440 minuuttia tai tyhjä',
    ],
    [
      { deviceTypeOfflineAfterMinutes: null, deviceTypeAlarmDelayMinutes: 1441 },
      'deviceTypeAlarmDelayMinutes',
      'Hälytysviive on kokonaisluku 1–1440 minuuttia tai tyhjä',
    ],
    [{ deviceTypeOfflineAfterMinutes: null }, 'deviceTypeAlarmDelayMinutes', 'Pakollinen kenttä'],
  ])('answers 400 naming the field for %j', async (body, field, text) => {
    const device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
    const res = await as('Ylläpitäjä', 'A').patch(
      `/api/device-types/${device.typeId}/alarm-settings`,
      body,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: text });
  });
});

describe(`alarm delay (${DRIVER})`, () => {
  /** A device whose type waits `delay` minutes, with limits 0–30 on its hum measurement. */
  async function delayedDevice(delay: number) {
    const device = await deviceOfType('A', null, delay);
    await ctx.database.db.insert(alarmLimits).values({
      organizationId: fx.orgA.id,
      deviceId: device.deviceId,
      measurementId: device.m.hum.id,
      lowLimit: 0,
      highLimit: 30,
    });
    const reading = (minute: number, value: number) => ({
      deviceId: device.deviceId,
      measuredAt: after(minute),
      values: { [device.m.hum.id]: value },
    });
    const evaluate = (readings: ReturnType<typeof reading>[]) =>
      ctx.services.alarms.evaluate(systemScope('seed', fx.orgA.id), readings);
    return { ...device, reading, evaluate };
  }

  it('opens at the first reading the delay after the first one beyond, across batches', async () => {
    const d = await delayedDevice(10);
    expect(await d.evaluate([d.reading(0, 31)])).toEqual([]);
    expect(await d.evaluate([d.reading(5, 35)])).toEqual([]);
    expect(await alarmsOf(d.deviceId)).toHaveLength(0);
    const changes = await d.evaluate([d.reading(10, 33)]);
    expect(changes).toEqual([expect.objectContaining({ change: 'opened' })]);
    const [alarm] = await alarmsOf(d.deviceId);
    expect(alarm).toMatchObject({ alarmBreakThrough: 'up', value: 33, limitValue: 30 });
    expect(alarm?.createdAt.toISOString()).toBe(after(10).toISOString());
    const waiting = await ctx.database.db
      .select()
      .from(alarmPending)
      .where(eq(alarmPending.deviceId, d.deviceId));
    expect(waiting).toHaveLength(0);
  });

  it('opens nothing for a spike that returns inside before the delay, in one batch or many', async () => {
    const d = await delayedDevice(10);
    await d.evaluate([d.reading(0, 31)]);
    await d.evaluate([d.reading(5, 20)]);
    await d.evaluate([d.reading(12, 31)]);
    expect(await alarmsOf(d.deviceId)).toHaveLength(0);
    // The count restarted at minute 12.
    await d.evaluate([d.reading(21, 31)]);
    expect(await alarmsOf(d.deviceId)).toHaveLength(0);
    await d.evaluate([d.reading(22, 31)]);
    expect(await alarmsOf(d.deviceId)).toHaveLength(1);

    const batch = await delayedDevice(10);
    await batch.evaluate([batch.reading(0, 31), batch.reading(5, 20), batch.reading(10, 31)]);
    expect(await alarmsOf(batch.deviceId)).toHaveLength(0);
  });

  it('applies a group’s readings in time order whatever order they arrive in', async () => {
    const d = await delayedDevice(10);
    await d.evaluate([d.reading(10, 33), d.reading(0, 31), d.reading(5, 32)]);
    const [alarm] = await alarmsOf(d.deviceId);
    expect(alarm?.createdAt.toISOString()).toBe(after(10).toISOString());
    // Out of order with a return inside between: nothing.
    const spike = await delayedDevice(10);
    await spike.evaluate([spike.reading(10, 33), spike.reading(5, 10), spike.reading(0, 31)]);
    expect(await alarmsOf(spike.deviceId)).toHaveLength(0);
  });

  it('waits for a low value too, and a changed delay restarts the counts', async () => {
    const d = await delayedDevice(10);
    await d.evaluate([d.reading(0, -1)]);
    expect(
      await ctx.database.db
        .select()
        .from(alarmPending)
        .where(
          and(eq(alarmPending.deviceId, d.deviceId), eq(alarmPending.alarmBreakThrough, 'down')),
        ),
    ).toHaveLength(1);
    await settings('A', d.typeId, {
      deviceTypeOfflineAfterMinutes: null,
      deviceTypeAlarmDelayMinutes: 20,
    });
    await d.evaluate([d.reading(10, -2)]);
    expect(await alarmsOf(d.deviceId)).toHaveLength(0);
    await d.evaluate([d.reading(30, -2)]);
    expect(await alarmsOf(d.deviceId)).toEqual([
      expect.objectContaining({ alarmBreakThrough: 'down' }),
    ]);
  });
});
