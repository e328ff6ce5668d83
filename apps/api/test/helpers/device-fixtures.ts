import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import {
  devices,
  deviceTypeMeasurements,
  deviceTypes,
  measurements,
} from '../../src/db/schema/index.js';

/** A DevEUI no other test uses. */
export const freshEui = () => randomBytes(8).toString('hex').toUpperCase();

/** The organization's first demo device type (by name) and its measurement ids in order. */
export async function deviceTypeOf(db: Db, organizationId: string, name?: string) {
  const [type] = await db
    .select({ id: deviceTypes.deviceTypeId, name: deviceTypes.deviceTypeName })
    .from(deviceTypes)
    .where(
      and(
        eq(deviceTypes.organizationId, organizationId),
        name ? eq(deviceTypes.deviceTypeName, name) : undefined,
      ),
    )
    .orderBy(asc(deviceTypes.deviceTypeName))
    .limit(1);
  if (!type) throw new Error('fixtures: no device type');
  return type;
}

export async function measurementOf(db: Db, organizationId: string, name = 'Lämpötila') {
  const [row] = await db
    .select({ id: measurements.measurementId })
    .from(measurements)
    .where(
      and(eq(measurements.organizationId, organizationId), eq(measurements.measurementName, name)),
    );
  if (!row) throw new Error(`fixtures: no measurement ${name}`);
  return row.id;
}

/** A valid POST /api/device body for the organization's target and type. */
export function deviceBody(targetId: string, deviceTypeId: string, more: object = {}) {
  const tag = randomBytes(4).toString('hex');
  return {
    deviceQrCode: `QR-${tag}`,
    deviceName: `Testimittari ${tag}`,
    deviceTypeId,
    deviceEui: freshEui(),
    deviceSerialNumber: `SN-${tag}`,
    deviceComissioiningDay: '2026-05-01',
    deviceLocation: '2. kerros',
    deviceGeoInfo: { latitude: 60.2, longitude: 24.9 },
    deviceSwVersion: '1.0.0',
    deviceProductCode: 'VA-TEST',
    deviceTargetId: targetId,
    deviceState: 'Aktiivinen',
    deviceDescription: 'Testi',
    ...more,
  };
}

/**
 * A device of the type stored directly (no API call) on the organization's target, with a fresh
 * DevEUI; `name` and `location` default to distinct test values. Its id and DevEUI.
 */
export async function storeDevice(
  db: Db,
  {
    organizationId,
    targetId,
    typeId,
    name,
    location = '2. kerros',
  }: { organizationId: string; targetId: string; typeId: string; name?: string; location?: string },
) {
  const body = deviceBody(targetId, typeId);
  const [row] = await db
    .insert(devices)
    .values({
      organizationId,
      deviceTargetId: targetId,
      deviceTypeId: typeId,
      deviceQrCode: body.deviceQrCode,
      deviceName: name ?? body.deviceName,
      deviceEui: body.deviceEui,
      deviceSerialNumber: body.deviceSerialNumber,
      deviceComissioiningDay: body.deviceComissioiningDay,
      deviceLocation: location,
      deviceLatitude: 60.2,
      deviceLongitude: 24.9,
      deviceSwVersion: body.deviceSwVersion,
      deviceProductCode: body.deviceProductCode,
    })
    .returning({ id: devices.deviceId });
  if (!row) throw new Error('fixtures: device not stored');
  return { id: row.id, eui: body.deviceEui };
}

/** A device of the organization's first demo type stored directly on its target; returns its id. */
export async function createDevice(db: Db, organizationId: string, targetId: string) {
  const type = await deviceTypeOf(db, organizationId);
  return (await storeDevice(db, { organizationId, targetId, typeId: type.id })).id;
}

/** The first measurement of a device type's layout. */
export async function firstMeasurementOfType(db: Db, deviceTypeId: string) {
  const [row] = await db
    .select({ id: deviceTypeMeasurements.measurementId })
    .from(deviceTypeMeasurements)
    .where(eq(deviceTypeMeasurements.deviceTypeId, deviceTypeId))
    .orderBy(asc(deviceTypeMeasurements.position))
    .limit(1);
  if (!row) throw new Error('fixtures: a device type without measurements');
  return row.id;
}

/** A measurement of the organization with a fresh name; returns its id. */
export async function createMeasurement(db: Db, organizationId: string) {
  const [row] = await db
    .insert(measurements)
    .values({
      organizationId,
      measurementName: `Testimittaus ${randomBytes(4).toString('hex')}`,
      measurementSizeInBytes: 1,
      measurementBitNumber: 1,
    })
    .returning({ id: measurements.measurementId });
  if (!row) throw new Error('fixtures: measurement not stored');
  return row.id;
}

/** A device type with a codec (issue 25) and one measurement of its own, stored directly. */
export async function createCodecType(db: Db, organizationId: string) {
  const measurementId = await createMeasurement(db, organizationId);
  const [type] = await db
    .insert(deviceTypes)
    .values({
      organizationId,
      deviceTypeName: `Koodekkityyppi ${randomBytes(4).toString('hex')}`,
      deviceTypeCodec: { source: 'networkServer' },
    })
    .returning({ id: deviceTypes.deviceTypeId });
  if (!type) throw new Error('fixtures: device type not stored');
  await db
    .insert(deviceTypeMeasurements)
    .values({ deviceTypeId: type.id, position: 0, measurementId, decodedPath: 'co2' });
  return { typeId: type.id, measurementId };
}

/** A valid device-type body (a networkServer codec) over one measurement. */
export const deviceTypeBody = (measurementId: string, more: object = {}) => ({
  deviceTypeName: `Matriisityyppi ${randomBytes(4).toString('hex')}`,
  deviceTypeCodec: { source: 'networkServer' },
  measurements: [{ measurementId, decodedPath: 'co2' }],
  ...more,
});
