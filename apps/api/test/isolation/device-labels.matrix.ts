import { randomUUID } from 'node:crypto';
import { createDevice, deviceTypeOf } from '../helpers/device-fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds } from './requests.js';

/** manageDevices: the Vainu permission and a role above Käyttäjä (spec 001 §6). */
const MANAGE = { section: 'vainu', minRole: 'Pääkäyttäjä' } as const satisfies Access;

/** Printable QR labels, device-profile links and device-type alarm settings of the Vainu registry. */
export const deviceLabelsMatrix: Matrix = {
  'POST /api/device-labels': {
    access: MANAGE,
    ids: freshIds('DEVICE_NOT_FOUND', async (fx, org) => ({
      url: '/api/device-labels',
      body: { deviceIds: [org ? await createDevice(fx.db, org.id, org.target.id) : fx.missing] },
    })),
  },
  'PATCH /api/device-types/:deviceTypeId/device-profile': {
    access: MANAGE,
    ids: {
      notFound: 'DEVICE_TYPE_NOT_FOUND',
      of: async (fx, org) => ({
        url: `/api/device-types/${(await deviceTypeOf(fx.db, org.id)).id}/device-profile`,
        body: { deviceProfileId: randomUUID() },
      }),
      missing: (fx) => ({
        url: `/api/device-types/${fx.missing}/device-profile`,
        body: { deviceProfileId: randomUUID() },
      }),
    },
  },
  'PATCH /api/device-types/:deviceTypeId/alarm-settings': {
    access: MANAGE,
    ids: {
      notFound: 'DEVICE_TYPE_NOT_FOUND',
      of: async (fx, org) => ({
        url: `/api/device-types/${(await deviceTypeOf(fx.db, org.id)).id}/alarm-settings`,
        body: { deviceTypeOfflineAfterMinutes: 30, deviceTypeAlarmDelayMinutes: null },
      }),
      missing: (fx) => ({
        url: `/api/device-types/${fx.missing}/alarm-settings`,
        body: { deviceTypeOfflineAfterMinutes: 30, deviceTypeAlarmDelayMinutes: null },
      }),
    },
  },
};
