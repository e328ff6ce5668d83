import { randomBytes } from 'node:crypto';
import {
  createCodecType,
  createDevice,
  createMeasurement,
  deviceBody,
  deviceTypeBody,
  deviceTypeOf,
  firstMeasurementOfType,
} from '../helpers/device-fixtures.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds, organizationIds, targetIds } from './requests.js';

/** Vainu's reads: the Vainu permission, any role (a Käyttäjä sees linked targets' devices). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;
/** manageDevices: the Vainu permission and a role above Käyttäjä (spec 001 §6). */
const MANAGE = { section: 'vainu', minRole: 'Pääkäyttäjä' } as const satisfies Access;

const measurementBody = () => ({
  measurementName: `Matriisimittaus ${randomBytes(4).toString('hex')}`,
  measurementType: 'byte',
  measurementSizeInBytes: 2,
  measurementBitNumber: 1,
  measurementState: 'Aktiivinen',
});

/** A fresh device of the organization on its linked target, or a missing id. */
const freshDevice = async (fx: Fixtures, org: FixtureOrg | null) =>
  org ? createDevice(fx.db, org.id, org.target.id) : fx.missing;

const deviceIds = (url: (id: string) => string) =>
  freshIds('DEVICE_NOT_FOUND', async (fx, org) => ({ url: url(await freshDevice(fx, org)) }));

/** Limits of a fresh device of the organization: its type's first measurement. */
async function limitsRequest(fx: Fixtures, org: FixtureOrg | null, deviceText?: string) {
  const owner = org ?? fx.orgA;
  const type = await deviceTypeOf(fx.db, owner.id);
  const measurementId = await firstMeasurementOfType(fx.db, type.id);
  return {
    url: '/api/alarm-limits',
    body: {
      deviceId: await freshDevice(fx, org),
      alarmLimits: [{ measurementId, lowLimit: 1, highLimit: 2 }],
      ...(deviceText && { deviceText }),
    },
  };
}

/** Measurements, device types, devices, alarm limits and device history (Vainu). */
export const devicesMatrix: Matrix = {
  'GET /api/measurements': { access: VAINU },
  'POST /api/measurements': {
    access: MANAGE,
    request: () => ({ url: '/api/measurements', body: measurementBody() }),
  },
  'PATCH /api/measurements': {
    access: MANAGE,
    ids: freshIds('MEASUREMENT_NOT_FOUND', async (fx, org) => ({
      url: '/api/measurements',
      body: {
        ...measurementBody(),
        measurementId: org ? await createMeasurement(fx.db, org.id) : fx.missing,
      },
    })),
  },
  'GET /api/device-types': { access: VAINU },
  'POST /api/device-types': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: async (fx, org) => ({
        url: '/api/device-types',
        body: deviceTypeBody(await createMeasurement(fx.db, org.id), { organizationId: org.id }),
      }),
      missing: async (fx) => ({
        url: '/api/device-types',
        body: deviceTypeBody(await createMeasurement(fx.db, fx.orgA.id), {
          organizationId: fx.missing,
        }),
      }),
    },
  },
  'POST /api/device-types/codec-test': {
    access: MANAGE,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: async (fx, org) => ({
        url: '/api/device-types/codec-test',
        body: {
          ...deviceTypeBody(await createMeasurement(fx.db, org.id), { organizationId: org.id }),
          payload: '',
          decoded: { co2: 500 },
        },
      }),
      missing: async (fx) => ({
        url: '/api/device-types/codec-test',
        body: {
          ...deviceTypeBody(await createMeasurement(fx.db, fx.orgA.id), {
            organizationId: fx.missing,
          }),
          payload: '',
        },
      }),
    },
  },
  'PUT /api/device-types/:deviceTypeId': {
    access: MANAGE,
    ids: {
      notFound: 'DEVICE_TYPE_NOT_FOUND',
      of: async (fx, org) => {
        const { typeId, measurementId } = await createCodecType(fx.db, org.id);
        return { url: `/api/device-types/${typeId}`, body: deviceTypeBody(measurementId) };
      },
      missing: async (fx) => ({
        url: `/api/device-types/${fx.missing}`,
        body: deviceTypeBody(await createMeasurement(fx.db, fx.orgA.id)),
      }),
    },
  },
  'GET /api/device-types/:deviceTypeId/samples': {
    access: MANAGE,
    ids: {
      notFound: 'DEVICE_TYPE_NOT_FOUND',
      of: async (fx, org) => ({
        url: `/api/device-types/${(await createCodecType(fx.db, org.id)).typeId}/samples`,
      }),
      missing: (fx) => ({ url: `/api/device-types/${fx.missing}/samples` }),
    },
  },
  'POST /api/device-types/:deviceTypeId/copy': {
    access: MANAGE,
    ids: {
      notFound: 'DEVICE_TYPE_NOT_FOUND',
      of: async (fx, org) => ({
        url: `/api/device-types/${(await createCodecType(fx.db, org.id)).typeId}/copy`,
        body: { deviceTypeName: `Kopio ${randomBytes(4).toString('hex')}` },
      }),
      missing: (fx) => ({
        url: `/api/device-types/${fx.missing}/copy`,
        body: { deviceTypeName: 'Kopio' },
      }),
    },
  },
  'GET /api/measurements-by-deviceId': {
    access: VAINU,
    ids: {
      notFound: 'DEVICE_TYPE_NOT_FOUND',
      of: async (fx, org) => ({
        url: `/api/measurements-by-deviceId?deviceTypeId=${(await deviceTypeOf(fx.db, org.id)).id}`,
      }),
      missing: (fx) => ({ url: `/api/measurements-by-deviceId?deviceTypeId=${fx.missing}` }),
    },
  },
  'GET /api/devices': { access: VAINU },
  'GET /api/devices-admin': { access: MANAGE },
  'GET /api/devices/:deviceId': {
    access: VAINU,
    ids: deviceIds((id) => `/api/devices/${id}`),
  },
  'GET /api/organization-devices': {
    access: VAINU,
    ids: organizationIds((id) => `/api/organization-devices?deviceOrganizationId=${id}`),
  },
  'GET /api/target-devices': {
    access: VAINU,
    ids: targetIds((id) => `/api/target-devices?deviceTargetId=${id}`),
  },
  'POST /api/device': {
    access: MANAGE,
    // The target and type are checked in the caller's organization before the organization.
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      of: async (fx, org) => ({
        url: '/api/device',
        body: deviceBody(org.target.id, (await deviceTypeOf(fx.db, org.id)).id, {
          deviceOrganizationId: org.id,
        }),
      }),
      missing: async (fx) => ({
        url: '/api/device',
        body: deviceBody(fx.missing, (await deviceTypeOf(fx.db, fx.orgA.id)).id, {
          deviceOrganizationId: fx.orgA.id,
        }),
      }),
    },
  },
  'PATCH /api/devices': {
    access: MANAGE,
    ids: freshIds('DEVICE_NOT_FOUND', async (fx, org) => {
      const owner = org ?? fx.orgA;
      return {
        url: '/api/devices',
        body: {
          ...deviceBody(owner.target.id, (await deviceTypeOf(fx.db, owner.id)).id),
          deviceId: await freshDevice(fx, org),
          deviceText: 'Matriisimuutos',
        },
      };
    }),
  },
  'GET /api/device-measurements': {
    access: VAINU,
    ids: deviceIds((id) => `/api/device-measurements?deviceId=${id}`),
  },
  'GET /api/alarm-limits': {
    access: VAINU,
    ids: deviceIds((id) => `/api/alarm-limits?deviceId=${id}`),
  },
  'POST /api/alarm-limits': {
    access: MANAGE,
    ids: freshIds('DEVICE_NOT_FOUND', (fx, org) => limitsRequest(fx, org)),
  },
  'PATCH /api/alarm-limits': {
    access: MANAGE,
    ids: freshIds('DEVICE_NOT_FOUND', (fx, org) => limitsRequest(fx, org, 'Matriisiraja')),
  },
  'GET /api/device-history': {
    access: VAINU,
    ids: deviceIds((id) => `/api/device-history?deviceId=${id}`),
  },
  'GET /api/device-history-limits': {
    access: VAINU,
    ids: deviceIds((id) => `/api/device-history-limits?deviceId=${id}`),
  },
  'POST /api/device-history': {
    access: MANAGE,
    ids: freshIds('DEVICE_NOT_FOUND', async (fx, org) => ({
      url: '/api/device-history',
      body: { deviceId: await freshDevice(fx, org), deviceText: 'Matriisimerkintä' },
    })),
  },
};
