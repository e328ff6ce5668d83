import { userDevices } from '../../src/db/schema/index.js';
import { createDevice } from '../helpers/device-fixtures.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds } from './requests.js';

/** Vainu's reads: the Vainu permission, any role (a Käyttäjä sees linked targets' devices). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;
/** manageDevices: the Vainu permission and a role above Käyttäjä (spec 001 §6). */
const MANAGE = { section: 'vainu', minRole: 'Pääkäyttäjä' } as const satisfies Access;

/** A fresh link of the organization (a new Käyttäjä following a new device), or a missing id. */
async function linkId(fx: Fixtures, org: FixtureOrg | null) {
  if (!org) return fx.missing;
  const [link] = await fx.db
    .insert(userDevices)
    .values({
      organizationId: org.id,
      deviceUserId: await fx.create.user(org.id),
      targetId: org.target.id,
      deviceId: await createDevice(fx.db, org.id, org.target.id),
      deviceMeasurements: [],
      measurementsState: 'Aktiivinen',
    })
    .returning({ id: userDevices.id });
  return link?.id ?? fx.missing;
}

export const userDevicesMatrix: Matrix = {
  'GET /api/user-devices': { access: VAINU },
  'GET /api/all-user-devices-admin': { access: MANAGE },
  'GET /api/all-organization-user-devices': {
    access: MANAGE,
    ids: organizationIds((id) => `/api/all-organization-user-devices?organizationId=${id}`),
  },
  'POST /api/user-device': {
    access: MANAGE,
    // The user, target and device are checked in the caller's organization first.
    ids: {
      notFound: 'USER_NOT_FOUND',
      of: async (fx, org) => ({
        url: '/api/user-device',
        body: {
          organizationId: org.id,
          deviceUserId: await fx.create.user(org.id),
          targetId: org.target.id,
          deviceId: await createDevice(fx.db, org.id, org.target.id),
          deviceMeasurements: [],
          measurementsState: 'Aktiivinen',
        },
      }),
      missing: async (fx) => ({
        url: '/api/user-device',
        body: {
          organizationId: fx.orgA.id,
          deviceUserId: fx.missing,
          targetId: fx.orgA.target.id,
          deviceId: await createDevice(fx.db, fx.orgA.id, fx.orgA.target.id),
          deviceMeasurements: [],
          measurementsState: 'Aktiivinen',
        },
      }),
    },
  },
  'PATCH /api/user-device': {
    access: MANAGE,
    ids: freshIds('USER_DEVICE_NOT_FOUND', async (fx, org) => ({
      url: '/api/user-device',
      body: { id: await linkId(fx, org), deviceMeasurements: [], measurementsState: 'Passiivinen' },
    })),
  },
  'DELETE /api/user-device': {
    access: MANAGE,
    ids: freshIds('USER_DEVICE_NOT_FOUND', async (fx, org) => ({
      url: '/api/user-device',
      body: { id: await linkId(fx, org) },
    })),
  },
};
