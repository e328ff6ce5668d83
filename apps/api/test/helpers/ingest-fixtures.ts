import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { createMeasurementPartitions } from '../../src/db/partitions.js';
import { deviceTypeMeasurements, deviceTypes, measurements } from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { createMetrics } from '../../src/lib/metrics.js';
import { createIngestRepository } from '../../src/modules/ingest/ingest.repository.js';
import { createIngestService, type OnReadings } from '../../src/modules/ingest/ingest.service.js';
import { createIngestKeysRepository } from '../../src/modules/ingest/ingest-keys.repository.js';
import { storeDevice } from './device-fixtures.js';
import { silentLog } from './silent-log.js';

/**
 * An ingest service of its own on the test database (a group writer of its own), with the
 * onReadings seam given: it runs inside the write transaction, so throwing rolls the group back.
 */
export function ingestServiceWith(db: Db, onReadings: OnReadings) {
  const handle = withTransactions(db);
  return createIngestService({
    db: handle,
    keys: createIngestKeysRepository(handle),
    ingest: createIngestRepository(handle),
    rateLimits: { consume: async () => {} },
    partitions: createMeasurementPartitions(handle),
    onReadings,
    log: silentLog(),
    metrics: createMetrics().ingest,
  });
}

/**
 * A device with a known layout, for decoding tests: temp (2 bytes, signed, big-endian, ×0.01),
 * hum (1 byte, unsigned), door (bit 1) and leak (bit 2) sharing the fourth byte, and pressure
 * (2 bytes, little-endian, ×0.1 + 900). Payload length 6. With `alarming`, hum has the default
 * limits 20–80, so a reading above 80 opens an 'up' alarm.
 */
export async function createLayoutDevice(
  db: Db,
  organizationId: string,
  targetId: string,
  { alarming = false } = {},
) {
  const tag = randomBytes(4).toString('hex');
  const m = async (name: string, values: Partial<typeof measurements.$inferInsert>) => {
    const [row] = await db
      .insert(measurements)
      .values({
        organizationId,
        measurementName: `${name} ${tag}`,
        measurementSizeInBytes: 1,
        measurementBitNumber: 1,
        ...values,
      })
      .returning({ id: measurements.measurementId, name: measurements.measurementName });
    if (!row) throw new Error('fixtures: measurement not stored');
    return row;
  };
  const temp = await m('temp', {
    measurementSizeInBytes: 2,
    measurementSigned: true,
    measurementScale: 0.01,
  });
  const hum = await m(
    'hum',
    alarming ? { measurementMinDefault: 20, measurementMaxDefault: 80 } : {},
  );
  const door = await m('door', { measurementType: 'bit', measurementBitNumber: 1 });
  const leak = await m('leak', { measurementType: 'bit', measurementBitNumber: 2 });
  const pressure = await m('pressure', {
    measurementSizeInBytes: 2,
    measurementByteOrder: 'little',
    measurementScale: 0.1,
    measurementOffset: 900,
  });
  const [type] = await db
    .insert(deviceTypes)
    .values({ organizationId, deviceTypeName: `Layout ${tag}` })
    .returning({ id: deviceTypes.deviceTypeId });
  if (!type) throw new Error('fixtures: type not stored');
  await db.insert(deviceTypeMeasurements).values(
    [temp, hum, door, leak, pressure].map((row, position) => ({
      deviceTypeId: type.id,
      position,
      measurementId: row.id,
    })),
  );
  const device = await storeDevice(db, {
    organizationId,
    targetId,
    typeId: type.id,
    name: `Layout ${tag}`,
    location: 'Kellari',
  });
  return {
    deviceId: device.id,
    eui: device.eui,
    typeId: type.id,
    m: { temp, hum, door, leak, pressure },
  };
}

/** The example payload: temp -2.00, hum 55, door 1, leak 0, pressure 1013.0. */
export const EXAMPLE_PAYLOAD = Buffer.from([0xff, 0x38, 55, 0b01, 0x6a, 0x04]).toString('base64');
