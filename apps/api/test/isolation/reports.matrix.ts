import { devices } from '../../src/db/schema/index.js';
import { deviceBody, deviceTypeOf, measurementOf } from '../helpers/device-fixtures.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds } from './requests.js';

/** Vainu reports: the Vainu permission, any role (a Käyttäjä gets linked targets' devices). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;

/** A fresh CO2 device on the organization's linked target, so a report draws one chart. */
async function co2Device(fx: Fixtures, org: FixtureOrg) {
  const type = await deviceTypeOf(fx.db, org.id, 'Sisäilma CO2');
  const body = deviceBody(org.target.id, type.id);
  const [row] = await fx.db
    .insert(devices)
    .values({
      organizationId: org.id,
      deviceTargetId: org.target.id,
      deviceTypeId: type.id,
      deviceQrCode: body.deviceQrCode,
      deviceName: body.deviceName,
      deviceEui: body.deviceEui,
      deviceSerialNumber: body.deviceSerialNumber,
      deviceComissioiningDay: '2026-05-01',
      deviceLocation: body.deviceLocation,
      deviceLatitude: 60.2,
      deviceLongitude: 24.9,
      deviceSwVersion: '1',
      deviceProductCode: 'P',
    })
    .returning({ id: devices.deviceId });
  return row?.id ?? fx.missing;
}

/**
 * The PDF report names a measurement (mid) and devices (did) of an organization. The body is a
 * compressed PDF, so the runner's search for organization B's values in it proves little; the
 * report's own tests read its text (reports.test.ts).
 */
export const reportsMatrix: Matrix = {
  'GET /api/reports/measurements.pdf': {
    access: VAINU,
    ids: freshIds('MEASUREMENT_NOT_FOUND', async (fx, org) => ({
      url: org
        ? `/api/reports/measurements.pdf?mid=${await measurementOf(fx.db, org.id, 'CO2')}&did=${await co2Device(fx, org)}`
        : `/api/reports/measurements.pdf?mid=${fx.missing}`,
    })),
  },
};
