import {
  alarmLimitsBody,
  alarmLimitsResponse,
  createDeviceBody,
  createDeviceHistoryBody,
  deviceHistoryEntryResponse,
  deviceHistoryResponse,
  deviceOverviewResponse,
  deviceParams,
  deviceQuery,
  deviceResponse,
  devicesResponse,
  measurementsResponse,
  organizationDevicesQuery,
  targetDevicesQuery,
  updateDeviceBody,
  updatedDeviceResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DevicesService } from './devices.service.js';

export const READ =
  'Needs the Vainu permission (403 FORBIDDEN without). A device is seen with its target: the top administrator every device, a Pääkäyttäjä or Ylläpitäjä those of their organization, a Käyttäjä only those on targets linked to them.';
export const MANAGE =
  'Needs the Vainu permission and a role above Käyttäjä (manageDevices; 403 FORBIDDEN otherwise).';
const DEVICE_FIELDS =
  'deviceEui is the LoRaWAN DevEUI, 16 hex digits, stored upper-case and unique across the service (409 DEVICE_EUI_TAKEN); deviceQrCode is unique within the organization (409 DEVICE_QR_CODE_TAKEN). deviceComissioiningDay is YYYY-MM-DD; deviceGeoInfo {latitude, longitude}. deviceState Aktiivinen/Passiivinen is the one stored state; the admin list shows it as Käytössä/Pois käytöstä. The target and the device type must be of the device’s organization (404 TARGET_NOT_FOUND, DEVICE_TYPE_NOT_FOUND).';

interface Options {
  devices: DevicesService;
}

/** Devices, alarm limits and device history, spec 001 §7 (Vainu). */
export const devicesRoutes = signedIn<Options>('devices', (app, { devices }) => {
  app.get('/api/devices', {
    schema: {
      operationId: 'listDevices',
      summary: 'Devices the caller sees, by target and name',
      description: READ,
      response: { 200: devicesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.devicesOk', { devices: await devices.list(request.caller) }),
  });

  app.get('/api/devices/:deviceId', {
    schema: {
      operationId: 'getDevice',
      summary: 'One device for its page: the device, its health and its latest values',
      description: `${READ} latest holds each measurement of the device's type the caller is shown (a Käyttäjä's device links choose them, as GET /api/device-measurements) with its newest value of the last 31 days (value and measuredAt null without one), the effective limits (device → target → measurement default), limitState under/within/over (null without a value or limits) and indoorClass S1/S2/S3/outside for CO2 and temperature (Sisäilmastoluokitus 2018; else null). Another organization's device, or one on a target a Käyttäjä is not linked to, is 404 DEVICE_NOT_FOUND.`,
      params: deviceParams,
      response: { 200: deviceOverviewResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.device.deviceOk',
        await devices.overview(request.caller, request.params.deviceId),
      ),
  });

  app.get('/api/devices-admin', {
    schema: {
      operationId: 'listDevicesAdmin',
      summary: 'Every device of the organization, for the device admin list',
      description: MANAGE,
      response: { 200: devicesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.devicesOk', {
        devices: await devices.listAdmin(request.caller),
      }),
  });

  app.get('/api/organization-devices', {
    schema: {
      operationId: 'listOrganizationDevices',
      summary: 'Devices of an organization',
      description: `${READ} 404 ORGANIZATION_NOT_FOUND for another organization than the own or an unknown one.`,
      querystring: organizationDevicesQuery,
      response: { 200: devicesResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.devicesOk', {
        devices: await devices.listOfOrganization(
          request.caller,
          request.query.deviceOrganizationId,
        ),
      }),
  });

  app.get('/api/target-devices', {
    schema: {
      operationId: 'listTargetDevices',
      summary: 'Devices of a target',
      description: `${READ} 404 TARGET_NOT_FOUND for a target the caller does not see.`,
      querystring: targetDevicesQuery,
      response: { 200: devicesResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.devicesOk', {
        devices: await devices.listOfTarget(request.caller, request.query.deviceTargetId),
      }),
  });

  app.post('/api/device', {
    schema: {
      operationId: 'createDevice',
      summary: 'Add a device with its alarm limits',
      description: `${MANAGE} ${DEVICE_FIELDS} deviceOrganizationId: only the top administrator names it (required for them); anyone else gets their own (naming another: 403). alarmLimits: min and max per measurement of the type (lowLimit < highLimit), stored with the device in one transaction; a measurement not of the type is 400. The first history entries carry deviceText (default "Mittari lisätty"). Answers lastInsertedId.`,
      body: createDeviceBody,
      response: { 201: deviceResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const device = await devices.create(request.caller, request.body);
      return reply.status(201).send(
        ok(request, 'messages.device.deviceCreated', {
          lastInsertedId: device.deviceId,
          device,
        }),
      );
    },
  });

  app.patch('/api/devices', {
    schema: {
      operationId: 'updateDevice',
      summary: 'Save a device; writes a history entry with the action note',
      description: `${MANAGE} ${DEVICE_FIELDS} The device named by deviceId (404 DEVICE_NOT_FOUND outside the scope). deviceText (the action note) is required and goes into the history with who, when and what changed. The organization does not change.`,
      body: updateDeviceBody,
      response: { 200: updatedDeviceResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) => {
      const device = await devices.update(request.caller, request.body);
      return ok(request, 'messages.device.deviceUpdated', { device });
    },
  });

  app.get('/api/device-measurements', {
    schema: {
      operationId: 'listDeviceMeasurements',
      summary: "The measurements of a device's type, in payload order",
      description: `${READ} 404 DEVICE_NOT_FOUND.`,
      querystring: deviceQuery,
      response: { 200: measurementsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.measurementsOk', {
        measurements: await devices.measurementsOf(request.caller, request.query.deviceId),
      }),
  });

  app.get('/api/alarm-limits', {
    schema: {
      operationId: 'listAlarmLimits',
      summary: "A device's effective alarm limits and where each comes from",
      description: `${READ} One row per measurement of the device's type: the device's own limit (source device), else its target's (target), else the measurement's defaults (type); source null and limits null when none is set. 404 DEVICE_NOT_FOUND.`,
      querystring: deviceQuery,
      response: { 200: alarmLimitsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.alarmLimitsOk', {
        alarmLimits: await devices.alarmLimits(request.caller, request.query.deviceId),
      }),
  });

  const LIMITS = `${MANAGE} Exactly one of deviceId and targetId (400 fields.deviceId). lowLimit < highLimit per row (400 'Alarajan pitää olla pienempi kuin yläraja'); a device's limits must be measurements of its type (400), a target's measurements of its organization (404 MEASUREMENT_NOT_FOUND). Each device concerned gets a history entry with the note deviceText. 404 DEVICE_NOT_FOUND / TARGET_NOT_FOUND outside the scope. A device's answer is its effective limits; a target's has an empty list.`;

  app.post('/api/alarm-limits', {
    schema: {
      operationId: 'addAlarmLimits',
      summary: 'Add alarm limits to a device or a target',
      description: `${LIMITS} 409 ALARM_LIMIT_EXISTS when one of them is already set (nothing is written).`,
      body: alarmLimitsBody,
      response: { 201: alarmLimitsResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const alarmLimits = (await devices.addLimits(request.caller, request.body)) ?? [];
      return reply
        .status(201)
        .send(ok(request, 'messages.device.alarmLimitsSaved', { alarmLimits }));
    },
  });

  app.patch('/api/alarm-limits', {
    schema: {
      operationId: 'saveAlarmLimits',
      summary: 'Set alarm limits of a device or a target (add or replace)',
      description: `${LIMITS} deviceText is required for a device's limits.`,
      body: alarmLimitsBody,
      response: { 200: alarmLimitsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const alarmLimits = (await devices.saveLimits(request.caller, request.body)) ?? [];
      return ok(request, 'messages.device.alarmLimitsSaved', { alarmLimits });
    },
  });

  app.get('/api/device-history', {
    schema: {
      operationId: 'listDeviceHistory',
      summary: "A device's edit history, newest first (at most 200)",
      description: `${READ} 404 DEVICE_NOT_FOUND.`,
      querystring: deviceQuery,
      response: { 200: deviceHistoryResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.historyOk', {
        deviceHistory: await devices.history(request.caller, request.query.deviceId, 'device'),
      }),
  });

  app.get('/api/device-history-limits', {
    schema: {
      operationId: 'listDeviceLimitHistory',
      summary: "A device's alarm-limit history, newest first (at most 200)",
      description: `${READ} 404 DEVICE_NOT_FOUND.`,
      querystring: deviceQuery,
      response: { 200: deviceHistoryResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.historyOk', {
        deviceHistory: await devices.history(request.caller, request.query.deviceId, 'limits'),
      }),
  });

  app.post('/api/device-history', {
    schema: {
      operationId: 'addDeviceHistory',
      summary: "Add a note to a device's history",
      description: `${MANAGE} The entry is the caller's: a userId other than the caller's is 400. 404 DEVICE_NOT_FOUND.`,
      body: createDeviceHistoryBody,
      response: { 201: deviceHistoryEntryResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const entry = await devices.addHistory(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.device.historyAdded', { entry }));
    },
  });
});
