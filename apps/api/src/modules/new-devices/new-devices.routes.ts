import {
  acceptNewDeviceBody,
  acceptNewDeviceResponse,
  dismissNewDeviceBody,
  messageResponse,
  NEW_DEVICES_LIST_MAX,
  newDevicesResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { NewDevicesService } from './new-devices.service.js';

interface Options {
  newDevices: NewDevicesService;
}

const ACCESS =
  'Needs the Vainu permission and the role Ylläpitäjä or above (403 FORBIDDEN otherwise). The caller’s organization’s; every organization’s for the top administrator.';

/** Vainu: the "Uudet laitteet" inbox of uplinks from unknown DevEUIs (issue 25). */
export const newDevicesRoutes = signedIn<Options>('new-devices', (app, { newDevices }) => {
  app.get('/api/new-devices', {
    schema: {
      operationId: 'listNewDevices',
      summary: 'Unknown DevEUIs whose uplinks are kept, the most recently heard first',
      description: `${ACCESS} An uplink whose DevEUI no device of the ingest key's organization has is kept with the rejected uplinks (unknownDevice) with its body. Listed here per organization and DevEUI (16 hex digits, upper-case): first and last arrival, how many are kept, and from the newest one the network server's device profile (ChirpStack deviceInfo.deviceProfileName; The Things Stack uplink_message.version_ids brand_id and model_id), its device name, the payload as hex, the FPort and the decoded object. A dismissed DevEUI and one that has become a device are left out. At most ${NEW_DEVICES_LIST_MAX}.`,
      response: { 200: newDevicesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.newDevicesOk', {
        newDevices: await newDevices.list(request.caller),
      }),
  });

  app.post('/api/new-devices/accept', {
    schema: {
      operationId: 'acceptNewDevice',
      summary: 'Add an unknown DevEUI as a device and store its kept uplinks as readings',
      description: `${ACCESS} The body is POST /api/device's (the add-device form's fields, alarm limits included) and is checked the same way (400, 404 TARGET_NOT_FOUND / DEVICE_TYPE_NOT_FOUND, 409 DEVICE_EUI_TAKEN / DEVICE_QR_CODE_TAKEN); deviceEui must be one the organization has kept uplinks of (404 NEW_DEVICE_NOT_FOUND). In one transaction the device is added (history and audit as POST /api/device), and its kept uplinks are replayed through the ingest oldest first, so they are stored as readings at their own measurement times (checked against the alarm limits like any uplink; one the device's type cannot decode is kept as rejected with that reason) and leave the inbox. A kept body that was cut at 8 KiB cannot be replayed: it stays with the rejected uplinks (notReplayed). Answers lastInsertedId and the counts.`,
      body: acceptNewDeviceBody,
      response: { 201: acceptNewDeviceResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { device, ...counts } = await newDevices.accept(request.caller, request.body);
      return reply.status(201).send(
        ok(request, 'messages.device.newDeviceAccepted', {
          lastInsertedId: device.deviceId,
          ...counts,
        }),
      );
    },
  });

  app.post('/api/new-devices/dismiss', {
    schema: {
      operationId: 'dismissNewDevice',
      summary: 'Hide an unknown DevEUI from the inbox',
      description: `${ACCESS} The DevEUI (separators allowed) no longer appears in the inbox, whatever it sends later; its uplinks stay listed with the rejected uplinks. The top administrator names organizationId (required for them); anyone else may leave it out (another one: 403). 404 NEW_DEVICE_NOT_FOUND when the organization has no kept uplink of the DevEUI. Dismissing again answers 200.`,
      body: dismissNewDeviceBody,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await newDevices.dismiss(request.caller, request.body);
      return ok(request, 'messages.device.newDeviceDismissed');
    },
  });
});
