import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { alarmEvents, alarms, devices } from '../../src/db/schema/index.js';
import { createDevice, firstMeasurementOfType } from './device-fixtures.js';

/**
 * An open, unacknowledged 'up' alarm of a fresh device on the organization's target (or of the
 * device given), with its 'opened' timeline entry; returns the alarm's and device's ids.
 */
export async function createAlarm(
  db: Db,
  organizationId: string,
  targetId: string,
  more: Partial<typeof alarms.$inferInsert> = {},
) {
  const deviceId = more.deviceId ?? (await createDevice(db, organizationId, targetId));
  const [device] = await db
    .select({ typeId: devices.deviceTypeId })
    .from(devices)
    .where(eq(devices.deviceId, deviceId));
  if (!device) throw new Error('fixtures: device missing');
  const measurementId = more.measurementId ?? (await firstMeasurementOfType(db, device.typeId));
  const createdAt = more.createdAt ?? new Date();
  const [row] = await db
    .insert(alarms)
    .values({
      organizationId,
      deviceId,
      measurementId,
      alarmBreakThrough: 'up',
      value: 50,
      limitValue: 40,
      ...more,
      createdAt,
    })
    .returning({ id: alarms.id });
  if (!row) throw new Error('fixtures: alarm not stored');
  await db
    .insert(alarmEvents)
    .values({ organizationId, alarmId: row.id, kind: 'opened', createdAt });
  return { alarmId: row.id, deviceId, measurementId };
}
