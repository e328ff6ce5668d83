import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  alarmEvents,
  alarms,
  devices,
  deviceTypeMeasurements,
  measurements,
  targets,
} from '../schema/index.js';

export interface DemoAlarmInput {
  organizationId: string;
  /** Who acknowledged the acknowledged demo alarms. */
  ackBy: { id: string; fullName: string };
}

const HOUR = 3_600_000;

type Plan = {
  hoursAgo: number;
  direction: 'up' | 'down';
  /** Hours after opening when it closed; none: still open. */
  closedAfter?: number;
  /** Acknowledgement changes, hours after opening: ack, unack, ack … */
  acks?: number[];
};

/** Per organization, on its first devices (by target and name): open and closed alarms. */
const PLANS: Plan[] = [
  { hoursAgo: 2, direction: 'up' },
  { hoursAgo: 26, direction: 'down', acks: [1] },
  { hoursAgo: 72, direction: 'up', closedAfter: 5, acks: [1, 2, 3] },
  { hoursAgo: 6, direction: 'down' },
  { hoursAgo: 240, direction: 'up', closedAfter: 1 },
];

/** Loads a few open and closed alarms with acknowledgement timelines (the seed's transaction). */
export async function seedDemoAlarms(tx: Db, input: DemoAlarmInput[]) {
  const now = Date.now();
  for (const org of input) {
    const rows = await tx
      .select({
        deviceId: devices.deviceId,
        measurementId: measurements.measurementId,
        low: measurements.measurementMinDefault,
        high: measurements.measurementMaxDefault,
      })
      .from(devices)
      .innerJoin(targets, eq(targets.targetId, devices.deviceTargetId))
      .innerJoin(
        deviceTypeMeasurements,
        and(
          eq(deviceTypeMeasurements.deviceTypeId, devices.deviceTypeId),
          eq(deviceTypeMeasurements.position, 0),
        ),
      )
      .innerJoin(measurements, eq(measurements.measurementId, deviceTypeMeasurements.measurementId))
      .where(eq(devices.organizationId, org.organizationId))
      .orderBy(asc(targets.targetName), asc(devices.deviceName));
    for (const [index, plan] of PLANS.entries()) {
      const device = rows[index % Math.max(rows.length, 1)];
      if (!device) break;
      const limitValue = plan.direction === 'up' ? (device.high ?? 100) : (device.low ?? 0);
      const opened = new Date(now - plan.hoursAgo * HOUR);
      const closedAt =
        plan.closedAfter === undefined
          ? null
          : new Date(opened.getTime() + plan.closedAfter * HOUR);
      const [alarm] = await tx
        .insert(alarms)
        .values({
          organizationId: org.organizationId,
          deviceId: device.deviceId,
          measurementId: device.measurementId,
          alarmBreakThrough: plan.direction,
          value: plan.direction === 'up' ? limitValue + 3 : limitValue - 3,
          limitValue,
          state: (plan.acks?.length ?? 0) % 2,
          createdAt: opened,
          closedAt,
        })
        .returning({ id: alarms.id });
      if (!alarm) throw new Error('demo alarm not stored');
      const base = { organizationId: org.organizationId, alarmId: alarm.id };
      const timeline: (typeof alarmEvents.$inferInsert)[] = [
        { ...base, kind: 'opened', createdAt: opened },
        ...(plan.acks ?? []).map((hours, i) => ({
          ...base,
          kind: i % 2 === 0 ? ('acknowledged' as const) : ('unacknowledged' as const),
          actorId: org.ackBy.id,
          fullName: org.ackBy.fullName,
          createdAt: new Date(opened.getTime() + hours * HOUR),
        })),
        ...(closedAt ? [{ ...base, kind: 'closed' as const, createdAt: closedAt }] : []),
      ];
      timeline.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
      for (const entry of timeline) await tx.insert(alarmEvents).values(entry);
    }
  }
}
