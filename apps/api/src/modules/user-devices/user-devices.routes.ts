import {
  createUserDeviceBody,
  messageResponse,
  organizationUserDevicesQuery,
  removeUserDeviceBody,
  updateUserDeviceBody,
  userDeviceResponse,
  userDevicesResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import { MANAGE, READ } from '../devices/devices.routes.js';
import type { UserDevicesService } from './user-devices.service.js';

interface Options {
  userDevices: UserDevicesService;
}

/** Device-to-user links, spec 001 §3 (Vainu); documented with the devices. */
export const userDevicesRoutes = signedIn<Options>('devices', (app, { userDevices }) => {
  app.get('/api/user-devices', {
    schema: {
      operationId: 'listOwnUserDevices',
      summary: 'The devices the caller follows (their device-to-user links)',
      description: `${READ} deviceMeasurements: single-key objects, measurement id → shown.`,
      response: { 200: userDevicesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.userDevicesOk', {
        devices: await userDevices.listOwn(request.caller),
      }),
  });

  app.get('/api/all-user-devices-admin', {
    schema: {
      operationId: 'listUserDevicesAdmin',
      summary: 'Every device-to-user link of the organization (every one: top administrator)',
      description: MANAGE,
      response: { 200: userDevicesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.userDevicesOk', {
        devices: await userDevices.listAdmin(request.caller),
      }),
  });

  app.get('/api/all-organization-user-devices', {
    schema: {
      operationId: 'listOrganizationUserDevices',
      summary: 'The device-to-user links of an organization',
      description: `${MANAGE} 404 ORGANIZATION_NOT_FOUND for another organization than the own or an unknown one.`,
      querystring: organizationUserDevicesQuery,
      response: { 200: userDevicesResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.userDevicesOk', {
        devices: await userDevices.listOfOrganization(request.caller, request.query.organizationId),
      }),
  });

  app.post('/api/user-device', {
    schema: {
      operationId: 'createUserDevice',
      summary: 'Link a device and some of its measurements to a user',
      description: `${MANAGE} organizationId: only the top administrator names it (required for them). The user, the target and the device (on that target) must be of the organization: 404 USER_NOT_FOUND, TARGET_NOT_FOUND, DEVICE_NOT_FOUND. deviceMeasurements: [{"<measurementId>": true|false}], each a measurement of the device's type (400). 409 USER_DEVICE_EXISTS when the user already has the device.`,
      body: createUserDeviceBody,
      response: { 201: userDeviceResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const userDevice = await userDevices.create(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.device.userDeviceCreated', { userDevice }));
    },
  });

  app.patch('/api/user-device', {
    schema: {
      operationId: 'updateUserDevice',
      summary: "Changes which of the device's measurements the user sees, and the link's state",
      description: `${MANAGE} 404 USER_DEVICE_NOT_FOUND for an unknown link or one of another organization. deviceMeasurements as in POST /api/user-device (400 for a measurement not of the device's type).`,
      body: updateUserDeviceBody,
      response: { 200: userDeviceResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.userDeviceUpdated', {
        userDevice: await userDevices.update(request.caller, request.body),
      }),
  });

  app.delete('/api/user-device', {
    schema: {
      operationId: 'removeUserDevice',
      summary: 'Unlinks a device from a user, by the link id',
      description: `${MANAGE} 404 USER_DEVICE_NOT_FOUND for an unknown link or one of another organization.`,
      body: removeUserDeviceBody,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await userDevices.remove(request.caller, request.body.id);
      return ok(request, 'messages.device.userDeviceRemoved');
    },
  });
});
