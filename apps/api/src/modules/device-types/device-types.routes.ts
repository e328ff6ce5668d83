import {
  codecTestBody,
  codecTestResponse,
  copyDeviceTypeBody,
  createDeviceTypeBody,
  deviceProfileLinkBody,
  deviceTypeAlarmSettingsBody,
  deviceTypeParams,
  deviceTypeProfileResponse,
  deviceTypeQuery,
  deviceTypeResponse,
  deviceTypeSamplesResponse,
  deviceTypesResponse,
  fromProfileBody,
  updateDeviceTypeBody,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DeviceTypesService } from './device-types.service.js';

const READ =
  'Needs the Vainu permission (403 FORBIDDEN without). Device types are an organization’s own catalogue: the caller sees their organization’s, the top administrator every organization’s.';
const MANAGE = 'Needs the Vainu permission and a role above Käyttäjä (403 FORBIDDEN otherwise).';
const CODEC = `deviceTypeCodec says where values come from (ADR 0036): {source: networkServer} reads the network server's decoded object (ChirpStack object, The Things Stack decoded_payload; a path starting "normalized" reads its normalized_payload) at each measurement's decodedPath (required: keys joined by dots, [n] for an array index); {source: layout, frames} reads the payload bytes: the first frame whose fPort, tag (first byte) and match (big-endian integers at byte offsets) fit is read — kind fixed: fields at byte offsets; kind tlv: tag → entry (tagBytes 2 = channel/type pairs), an unknown tag rejects the uplink (unknownFrame); a field is offset, length 1–8, signed, byteOrder, optional bitPosition+bitWidth, value = raw × scale + valueOffset; {source: javascript, script} runs decodeUplink({bytes, fPort, recvTime}) in a sandbox (time and memory limited) and reads its data at each decodedPath. No fallback: a decoded object nothing maps is unmappedPayload, a frame nothing matches unknownFrame. decimals (0–6) rounds a measurement's values; without, a layout keeps the scale's decimals and float noise is dropped. Every frame field names a measurement of the type. Changing a type never rewrites stored readings. 400 VALIDATION_FAILED names the field (e.g. deviceTypeCodec.frames.0.fields.1.offset, measurements.2.decodedPath); 409 DEVICE_TYPE_NAME_TAKEN.`;

interface Options {
  deviceTypes: DeviceTypesService;
}

/** Device types of Vainu (spec 001 §7; issue 25: created, edited, copied, retired, tried). */
export const deviceTypesRoutes = signedIn<Options>('device-types', (app, { deviceTypes }) => {
  app.get('/api/device-types', {
    schema: {
      operationId: 'listDeviceTypes',
      summary: 'Device types with their measurements in payload order',
      description: `${READ} A device type's Measurements, in order, are its payload layout; payloadBytes is its length.`,
      response: { 200: deviceTypesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypesOk', {
        deviceTypes: await deviceTypes.list(request.caller),
      }),
  });

  app.patch('/api/device-types/:deviceTypeId/device-profile', {
    schema: {
      operationId: 'linkDeviceTypeProfile',
      summary: 'Link a device-network (ChirpStack) device profile to a device type, or unlink',
      description: `${MANAGE} deviceProfileId is the network server's profile id as GET /api/device-network/device-profiles lists it (kept as text, not checked against the network server, which may be down); null removes the link. A profile links to at most one device type per organization: 409 deviceProfileLinks.DEVICE_PROFILE_LINKED when another type has it (unlink that one first). 404 DEVICE_TYPE_NOT_FOUND for a type of another organization or unknown.`,
      params: deviceTypeParams,
      body: deviceProfileLinkBody,
      response: { 200: deviceTypeProfileResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) => {
      const deviceType = await deviceTypes.linkDeviceProfile(
        request.caller,
        request.params.deviceTypeId,
        request.body.deviceProfileId,
      );
      return ok(
        request,
        deviceType.deviceProfileId
          ? 'messages.deviceProfileLinks.linked'
          : 'messages.deviceProfileLinks.unlinked',
        { deviceType },
      );
    },
  });

  app.patch('/api/device-types/:deviceTypeId/alarm-settings', {
    schema: {
      operationId: 'setDeviceTypeAlarmSettings',
      summary: 'Set a device type’s offline alarm and limit-alarm delay',
      description: `${MANAGE} deviceTypeOfflineAfterMinutes (whole minutes 5–43200, or null for none): an Aktiivinen device of the type with no uplink for this long gets an offline alarm (alarmBreakThrough offline, 'Ei yhteyttä'), closed by its next uplink; e.g. 3 × the uplink interval. deviceTypeAlarmDelayMinutes (1–1440, or null: at once): a limit alarm opens only when values have stayed beyond the limit this long (ADR 0024). Both fields are required. 404 DEVICE_TYPE_NOT_FOUND for a type of another organization or unknown.`,
      params: deviceTypeParams,
      body: deviceTypeAlarmSettingsBody,
      response: { 200: deviceTypeResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypeAlarmSettingsSaved', {
        deviceType: await deviceTypes.setAlarmSettings(
          request.caller,
          request.params.deviceTypeId,
          request.body,
        ),
      }),
  });

  app.get('/api/measurements-by-deviceId', {
    schema: {
      operationId: 'getDeviceTypeMeasurements',
      summary: 'One device type with its measurements (deviceTypes[0].Measurements)',
      description: `${READ} 404 DEVICE_TYPE_NOT_FOUND for a type of another organization or unknown.`,
      querystring: deviceTypeQuery,
      response: { 200: deviceTypesResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypesOk', {
        deviceTypes: await deviceTypes.one(request.caller, request.query.deviceTypeId),
      }),
  });

  app.post('/api/device-types', {
    schema: {
      operationId: 'createDeviceType',
      summary: 'Add a device type with its measurements and codec',
      description: `${MANAGE} Created in the caller’s organization; the top administrator may name another (organizationId). ${CODEC}`,
      body: createDeviceTypeBody,
      response: { 201: deviceTypeResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const deviceType = await deviceTypes.create(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.device.deviceTypeCreated', { deviceType }));
    },
  });

  app.put('/api/device-types/:deviceTypeId', {
    schema: {
      operationId: 'updateDeviceType',
      summary:
        'Save a device type: name, state (Passiivinen retires it), measurements, codec, alarms',
      description: `${MANAGE} Every field as on create. A retired (Passiivinen) type is offered for no new device; its devices still decode. ${CODEC} 404 DEVICE_TYPE_NOT_FOUND outside the organization.`,
      params: deviceTypeParams,
      body: updateDeviceTypeBody,
      response: { 200: deviceTypeResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypeSaved', {
        deviceType: await deviceTypes.update(
          request.caller,
          request.params.deviceTypeId,
          request.body,
        ),
      }),
  });

  app.post('/api/device-types/:deviceTypeId/copy', {
    schema: {
      operationId: 'copyDeviceType',
      summary: 'Copy a device type under a new name',
      description: `${MANAGE} The copy has the same measurements and codec (a type from before codecs gets its measurement layout written out as a layout codec), state Aktiivinen and no profile link. 404 DEVICE_TYPE_NOT_FOUND; 409 DEVICE_TYPE_NAME_TAKEN.`,
      params: deviceTypeParams,
      body: copyDeviceTypeBody,
      response: { 201: deviceTypeResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const deviceType = await deviceTypes.copy(
        request.caller,
        request.params.deviceTypeId,
        request.body.deviceTypeName,
      );
      return reply
        .status(201)
        .send(ok(request, 'messages.device.deviceTypeCopied', { deviceType }));
    },
  });

  app.post('/api/device-types/from-profile', {
    schema: {
      operationId: 'createDeviceTypeFromProfile',
      summary: 'Create a device type from a ChirpStack device profile, linked to it',
      description: `${MANAGE} Made in the caller’s organization from the network server’s profile (GET /api/device-profiles/{id} of ChirpStack v4): its measurements but text (STRING) ones become the type’s, each the organization’s measurement of that name or a new one (quantity other), read at ChirpStack’s measurement key (nested objects are joined with _ by ChirpStack: edit the path to a dotted one if so); a profile with a JavaScript codec (payloadCodecRuntime JS) brings its script, run in Vahti’s sandbox; else the network server’s decoded object is read. The type is named as the profile and linked to it. 404 deviceProfileLinks.DEVICE_PROFILE_NOT_FOUND (also when no network server is configured); 502 deviceProfileLinks.DEVICE_NETWORK_UNAVAILABLE when the network server cannot be read; 409 DEVICE_TYPE_NAME_TAKEN or deviceProfileLinks.DEVICE_PROFILE_LINKED.`,
      body: fromProfileBody,
      response: { 201: deviceTypeResponse, ...errors(403, 404, 409, 502) },
    },
    handler: async (request, reply) => {
      const deviceType = await deviceTypes.fromProfile(
        request.caller,
        request.body.deviceProfileId,
      );
      return reply
        .status(201)
        .send(ok(request, 'messages.device.deviceTypeCreated', { deviceType }));
    },
  });

  app.get('/api/device-types/:deviceTypeId/samples', {
    schema: {
      operationId: 'listDeviceTypeSamples',
      summary: 'Real payloads of the type’s devices, to replay through an edited codec',
      description: `${MANAGE} Newest first: each device’s newest stored uplink (its FRMPayload as hex and FPort, kept with the device’s health) and, up to ten, the type’s devices’ uplinks rejected for what their payload held (undecodable, payloadTooShort, invalidValue, unknownFrame, codecFailed, unmappedPayload) with the reason. Try one with POST /api/device-types/codec-test. 404 DEVICE_TYPE_NOT_FOUND.`,
      params: deviceTypeParams,
      response: { 200: deviceTypeSamplesResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypeSamplesOk', {
        samples: await deviceTypes.samples(request.caller, request.params.deviceTypeId),
      }),
  });

  app.post('/api/device-types/codec-test', {
    schema: {
      operationId: 'testDeviceTypeCodec',
      summary: 'Try a codec on one payload before saving it',
      description: `${MANAGE} payload: hex (spaces, 0x and colons allowed) or base64; fPort; decoded: a network server's decoded object for a networkServer codec. Answers the values it would store, named, or the reason (and field, detail) it would reject the uplink — the same decoding as ingestion, bounds and decimals included. Stores nothing. ${CODEC}`,
      body: codecTestBody,
      response: { 200: codecTestResponse, ...errors(403) },
    },
    handler: async (request) => {
      const { message: _, ...result } = await deviceTypes.testCodec(request.caller, request.body);
      return ok(request, 'messages.device.codecTested', result);
    },
  });
});
