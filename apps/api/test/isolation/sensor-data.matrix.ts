import {
  createDevice,
  deviceTypeOf,
  firstMeasurementOfType,
  measurementOf,
} from '../helpers/device-fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, targetIds } from './requests.js';

/** Vainu's reads: the Vainu permission, any role (a Käyttäjä sees linked targets' devices). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;

/** Sensor data (issue 12): the measurement picker, the summary table and the chart series. */
export const sensorDataMatrix: Matrix = {
  'GET /api/measurements-by-target': {
    access: VAINU,
    ids: targetIds((id) => `/api/measurements-by-target?tid=${id}`),
  },
  'GET /api/target-measurements': {
    access: VAINU,
    ids: freshIds('MEASUREMENT_NOT_FOUND', async (fx, org) => ({
      url: `/api/target-measurements?mid=${org ? await measurementOf(fx.db, org.id, 'Lämpötila') : fx.missing}&sd=2026-01-01&ed=2026-01-31`,
    })),
  },
  'GET /api/measurement-data/:deviceId': {
    access: VAINU,
    ids: freshIds('DEVICE_NOT_FOUND', async (fx, org) => {
      const owner = org ?? fx.orgA;
      const mid = await firstMeasurementOfType(fx.db, (await deviceTypeOf(fx.db, owner.id)).id);
      const deviceId = org ? await createDevice(fx.db, org.id, org.target.id) : fx.missing;
      return { url: `/api/measurement-data/${deviceId}?mid=${mid}&sd=2026-01-01&ed=2026-01-07` };
    }),
  },
};
