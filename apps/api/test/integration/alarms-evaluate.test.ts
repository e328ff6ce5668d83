import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEvents,
  alarmLimits,
  alarms,
  devices,
  mailOutbox,
  measurements,
  notificationSettings,
  targetContactUsers,
  users,
} from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { createMetrics } from '../../src/lib/metrics.js';
import { systemScope } from '../../src/lib/scope.js';
import { type AlarmChange, createAlarmsService } from '../../src/modules/alarms/alarms.service.js';
import { type BusEvent, createInProcessEventBus } from '../../src/modules/events/event-bus.js';
import { startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice, firstMeasurementOfType } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { silentLog } from '../helpers/silent-log.js';

let ctx: TestContext;
let fx: Fixtures;

beforeAll(async () => {
  ({ ctx, fx } = await startApiTest());
});
afterAll(() => ctx.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

/** A fresh device of the organization with its first measurement and the limits given. */
async function deviceWith(
  organizationId: string,
  targetId: string,
  limits: { device?: [number, number]; target?: [number, number] } = {},
) {
  const db = ctx.database.db;
  const deviceId = await createDevice(db, organizationId, targetId);
  const [device] = await db.select().from(devices).where(eq(devices.deviceId, deviceId));
  if (!device) throw new Error('device missing');
  const measurementId = await firstMeasurementOfType(db, device.deviceTypeId);
  if (limits.device) {
    await db.insert(alarmLimits).values({
      organizationId,
      deviceId,
      measurementId,
      lowLimit: limits.device[0],
      highLimit: limits.device[1],
    });
  }
  if (limits.target) {
    await db.insert(alarmLimits).values({
      organizationId,
      targetId,
      measurementId,
      lowLimit: limits.target[0],
      highLimit: limits.target[1],
    });
  }
  return { deviceId, measurementId };
}

const alarmsOf = (deviceId: string) =>
  ctx.database.db.select().from(alarms).where(eq(alarms.deviceId, deviceId));

function evaluate(
  organizationId: string,
  readings: Parameters<typeof ctx.services.alarms.evaluate>[1],
) {
  return ctx.services.alarms.evaluate(systemScope('seed', organizationId), readings);
}

describe(`alarm evaluation (${DRIVER})`, () => {
  it('opens an up alarm above the high limit and a down alarm below the low limit', async () => {
    const { deviceId, measurementId } = await deviceWith(fx.orgA.id, fx.orgA.target.id, {
      device: [10, 30],
    });
    const changes = await evaluate(fx.orgA.id, [
      { deviceId, measuredAt: at(1), values: { [measurementId]: 31 } },
    ]);
    expect(changes).toEqual([
      expect.objectContaining({ change: 'opened', deviceId, organizationId: fx.orgA.id }),
    ]);
    const [up] = await alarmsOf(deviceId);
    expect(up).toMatchObject({
      alarmBreakThrough: 'up',
      value: 31,
      limitValue: 30,
      state: 0,
      closedAt: null,
    });
    expect(up?.createdAt.toISOString()).toBe(at(1).toISOString());

    // Straight from above to below: the up alarm closes, a down alarm opens.
    const next = await evaluate(fx.orgA.id, [
      { deviceId, measuredAt: at(2), values: { [measurementId]: 9.5 } },
    ]);
    expect(next.map((c) => c.change).sort()).toEqual(['closed', 'opened']);
    const rows = await alarmsOf(deviceId);
    expect(rows.find((r) => r.alarmBreakThrough === 'down')).toMatchObject({
      value: 9.5,
      limitValue: 10,
      closedAt: null,
    });
    expect(rows.find((r) => r.alarmBreakThrough === 'up')?.closedAt?.toISOString()).toBe(
      at(2).toISOString(),
    );
  });

  it('keeps one open alarm while the value stays out, then closes only past the hysteresis', async () => {
    // Span 20, hysteresis 2 % of it: back below 30 − 0.4 = 29.6 closes.
    const { deviceId, measurementId } = await deviceWith(fx.orgA.id, fx.orgA.target.id, {
      device: [10, 30],
    });
    const value = (v: number, minute: number) => ({
      deviceId,
      measuredAt: at(minute),
      values: { [measurementId]: v },
    });
    await evaluate(fx.orgA.id, [value(35, 1), value(40, 2)]);
    expect(await evaluate(fx.orgA.id, [value(33, 3)])).toEqual([]);
    expect(await alarmsOf(deviceId)).toHaveLength(1);

    // Inside the limit but within the hysteresis band: still open.
    expect(await evaluate(fx.orgA.id, [value(29.8, 4)])).toEqual([]);
    expect((await alarmsOf(deviceId))[0]?.closedAt).toBeNull();

    const closed = await evaluate(fx.orgA.id, [value(29.5, 5)]);
    expect(closed).toEqual([expect.objectContaining({ change: 'closed' })]);
    const [row] = await alarmsOf(deviceId);
    expect(row?.closedAt?.toISOString()).toBe(at(5).toISOString());

    // Out again: a new alarm, and the timeline of the first says opened then closed.
    await evaluate(fx.orgA.id, [value(31, 6)]);
    const rows = await alarmsOf(deviceId);
    expect(rows).toHaveLength(2);
    const timeline = await ctx.database.db
      .select({ kind: alarmEvents.kind })
      .from(alarmEvents)
      .where(eq(alarmEvents.alarmId, row?.id ?? ''))
      .orderBy(alarmEvents.serial);
    // (The target's contact users were mailed too: that entry is tested below.)
    expect(timeline.map((e) => e.kind).filter((k) => k !== 'mailed')).toEqual(['opened', 'closed']);
  });

  it('uses the device limit before the target limit before the measurement default', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const own = await deviceWith(fx.orgA.id, target, { device: [0, 50], target: [0, 20] });
    const onTarget = await deviceWith(fx.orgA.id, target);
    const changes = await evaluate(fx.orgA.id, [
      { deviceId: own.deviceId, measuredAt: at(1), values: { [own.measurementId]: 30 } },
      { deviceId: onTarget.deviceId, measuredAt: at(1), values: { [onTarget.measurementId]: 30 } },
    ]);
    // 30 is inside the device's own 0–50 but above the target's 20.
    expect(changes.map((c) => c.deviceId)).toEqual([onTarget.deviceId]);
    expect((await alarmsOf(onTarget.deviceId))[0]?.limitValue).toBe(20);
    expect(await alarmsOf(own.deviceId)).toHaveLength(0);

    // No device or target limit: the measurement's default range applies.
    const plain = await deviceWith(fx.orgA.id, await fx.create.target(fx.orgA.id));
    const [limit] = await ctx.database.db
      .select()
      .from(alarmLimits)
      .where(and(eq(alarmLimits.deviceId, plain.deviceId)));
    expect(limit).toBeUndefined();
    await ctx.database.db
      .update(measurements)
      .set({ measurementMinDefault: 0, measurementMaxDefault: 100 })
      .where(eq(measurements.measurementId, plain.measurementId));
    const defaults = await ctx.services.alarms.evaluate(systemScope('seed', fx.orgA.id), [
      { deviceId: plain.deviceId, measuredAt: at(1), values: { [plain.measurementId]: 1e9 } },
    ]);
    expect(defaults).toHaveLength(1);
    expect((await alarmsOf(plain.deviceId))[0]).toMatchObject({
      alarmBreakThrough: 'up',
      limitValue: 100,
    });
  });

  it('never touches another organization’s device', async () => {
    const other = await deviceWith(fx.orgB.id, fx.orgB.target.id, { device: [0, 1] });
    const changes = await evaluate(fx.orgA.id, [
      { deviceId: other.deviceId, measuredAt: at(1), values: { [other.measurementId]: 100 } },
    ]);
    expect(changes).toEqual([]);
    expect(await alarmsOf(other.deviceId)).toHaveLength(0);
    // Its own organization's evaluation does open it.
    expect(
      await evaluate(fx.orgB.id, [
        { deviceId: other.deviceId, measuredAt: at(1), values: { [other.measurementId]: 100 } },
      ]),
    ).toHaveLength(1);
  });

  it('mails the target’s contact users who want alarm mail, at most once an hour per measurement', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const wants = await fx.create.user(fx.orgA.id);
    const optedOut = await fx.create.user(fx.orgA.id);
    await ctx.database.db.insert(notificationSettings).values({
      organizationId: fx.orgA.id,
      userId: optedOut,
      channel: 'email',
      enabled: false,
      allTargets: true,
      kinds: ['up'],
      events: ['opened'],
      digest: false,
      digestHour: 7,
      escalations: true,
    });
    await ctx.database.db.insert(targetContactUsers).values([
      { targetId: target, userId: wants },
      { targetId: target, userId: optedOut },
    ]);
    const emailOf = async (id: string) =>
      (await ctx.database.db.select().from(users).where(eq(users.userId, id)))[0]?.userEmail ?? '';
    const mailsTo = async (id: string) => {
      const to = await emailOf(id);
      return (await ctx.database.db.select().from(mailOutbox)).filter((m) => m.toAddress === to);
    };
    const { deviceId, measurementId } = await deviceWith(fx.orgA.id, target, { device: [0, 10] });
    const value = (v: number, minute: number) => ({
      deviceId,
      measuredAt: at(minute),
      values: { [measurementId]: v },
    });
    await evaluate(fx.orgA.id, [value(12, 1)]);
    const sent = await mailsTo(wants);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('Vahti: hälytys kohteessa');
    expect(sent[0]?.textBody).toContain('ylitti ylärajan: arvo 12');
    expect(sent[0]?.textBody).toContain('UTC');
    expect(await mailsTo(optedOut)).toHaveLength(0);
    const [alarm] = await alarmsOf(deviceId);
    const kinds = await ctx.database.db
      .select({ kind: alarmEvents.kind })
      .from(alarmEvents)
      .where(eq(alarmEvents.alarmId, alarm?.id ?? ''));
    expect(kinds.map((k) => k.kind)).toContain('mailed');

    // Closed and opened again within the hour: a new alarm, no second mail.
    await evaluate(fx.orgA.id, [value(5, 2), value(13, 3)]);
    expect(await alarmsOf(deviceId)).toHaveLength(2);
    expect(await mailsTo(wants)).toHaveLength(1);
  });

  it('runs in the caller’s transaction and is announced only when told, after commit', async () => {
    const { deviceId, measurementId } = await deviceWith(fx.orgA.id, fx.orgA.target.id, {
      device: [0, 10],
    });
    const heard: BusEvent[] = [];
    const db = withTransactions(ctx.database.db);
    await expect(
      db.transaction(async () => {
        await evaluate(fx.orgA.id, [
          { deviceId, measuredAt: at(1), values: { [measurementId]: 11 } },
        ]);
        throw new Error('ingest failed');
      }),
    ).rejects.toThrow('ingest failed');
    expect(await alarmsOf(deviceId)).toHaveLength(0);

    let changes: AlarmChange[] = [];
    await db.transaction(async () => {
      changes = await evaluate(fx.orgA.id, [
        { deviceId, measuredAt: at(2), values: { [measurementId]: 11 } },
      ]);
    });
    expect(await alarmsOf(deviceId)).toHaveLength(1);
    // announce() publishes one alarm.changed per change to the event bus.
    const bus = createInProcessEventBus();
    bus.subscribe((e) => heard.push(e));
    const announcer = createAlarmsService({
      db,
      alarms: {} as never,
      devices: {} as never,
      organizations: {} as never,
      events: bus,
      notifications: { route: async () => {}, kick: () => {} },
      webhooks: { enqueueAlarmChanges: async () => {}, kick: () => {} },
      hysteresisPercent: 2,
      log: silentLog(),
      metrics: createMetrics().alarms,
    });
    announcer.announce(changes);
    expect(heard).toEqual([
      {
        organizationId: fx.orgA.id,
        targetId: fx.orgA.target.id,
        type: 'alarm.changed',
        data: { alarmId: changes[0]?.alarmId, deviceId, change: 'opened' },
      },
    ]);
  });
});
