import { rejectedUplinks } from '../../src/db/schema/index.js';
import { deviceBody, deviceTypeOf, freshEui } from '../helpers/device-fixtures.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Access, Matrix } from './matrix.js';

/** The inbox: the Vainu permission and Ylläpitäjä or above (onboardDevices). */
const ONBOARD = { section: 'vainu', minRole: 'Ylläpitäjä' } as const satisfies Access;

/** A DevEUI the organization has a kept uplink of (unknownDevice), as the ingest keeps one. */
async function keptEui(fx: Fixtures, org: FixtureOrg) {
  const eui = freshEui();
  const body = JSON.stringify({ deviceEui: eui, time: '2026-01-01T00:00:00Z', values: {} });
  await fx.db.insert(rejectedUplinks).values({
    organizationId: org.id,
    source: 'generic',
    reason: 'unknownDevice',
    deviceEui: eui,
    body,
    bodyBytes: Buffer.byteLength(body),
  });
  return eui;
}

/** Accepting: the add-device body of `org`'s target and type for `eui`. */
async function acceptBody(fx: Fixtures, org: FixtureOrg, eui: string) {
  const type = await deviceTypeOf(fx.db, org.id);
  return {
    url: '/api/new-devices/accept',
    body: {
      ...deviceBody(org.target.id, type.id, { deviceEui: eui }),
      deviceOrganizationId: org.id,
    },
  };
}

/** The "Uudet laitteet" inbox of uplinks from unknown DevEUIs (issue 25). */
export const newDevicesMatrix: Matrix = {
  'GET /api/new-devices': { access: ONBOARD },
  'POST /api/new-devices/accept': {
    access: ONBOARD,
    ids: {
      notFound: 'NEW_DEVICE_NOT_FOUND',
      of: async (fx, org) => acceptBody(fx, org, await keptEui(fx, org)),
      missing: (fx) => acceptBody(fx, fx.orgA, freshEui()),
    },
  },
  'POST /api/new-devices/dismiss': {
    access: ONBOARD,
    ids: {
      notFound: 'NEW_DEVICE_NOT_FOUND',
      setsOrganization: true,
      of: async (fx, org) => ({
        url: '/api/new-devices/dismiss',
        body: { deviceEui: await keptEui(fx, org), organizationId: org.id },
      }),
      missing: (fx) => ({
        url: '/api/new-devices/dismiss',
        body: { deviceEui: freshEui(), organizationId: fx.missing },
      }),
    },
  },
};
