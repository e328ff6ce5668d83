import {
  createMeasurementBody,
  deviceProfileLinkBody,
  deviceTypeAlarmSettingsBody,
  deviceTypeParams,
  deviceTypeProfileResponse,
  deviceTypeQuery,
  deviceTypeResponse,
  deviceTypesResponse,
  measurementResponse,
  measurementsResponse,
  PLAUSIBLE_RANGES,
  updateMeasurementBody,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { MeasurementsService } from './measurements.service.js';

const READ =
  'Needs the Vainu permission (403 FORBIDDEN without). Measurements and device types are an organization’s own catalogue: the caller sees their organization’s, the top administrator every organization’s.';
const MANAGE =
  'Needs the Vainu permission and a role above Käyttäjä (403 FORBIDDEN otherwise). Created in the caller’s own organization.';
const BOUNDS = Object.entries(PLAUSIBLE_RANGES)
  .map(([quantity, { measurementValidMin: min, measurementValidMax: max }]) =>
    min === null && max === null ? `${quantity} none` : `${quantity} ${min ?? ''}…${max ?? ''}`,
  )
  .join(', ');
const FIELDS = `measurementType byte (an integer of measurementSizeInBytes bytes, 1–8) or bit (one bit, measurementBitNumber 1–8 with 1 the least significant, of a 1-byte field; consecutive bit fields of a device type share one byte). Decoding: value = raw × measurementScale + measurementOffset, raw read in measurementByteOrder (big by default), two’s complement when measurementSigned. Defaults: type byte, state Aktiivinen, signed false, scale 1, offset 0, unit "", byte order big. measurementMinDefault < measurementMaxDefault when both are set: they are the alarm limits of a device that neither it nor its target overrides. measurementValidMin/measurementValidMax are the physical bounds: ingestion rejects an uplink with a value outside them (reason invalidValue). Omitted, they take the default of measurementQuantity (${BOUNDS}); null is no bound on that side; min < max.`;

interface Options {
  measurements: MeasurementsService;
}

/** Measurements and device types, spec 001 §7 (Vainu). */
export const measurementsRoutes = signedIn<Options>('measurements', (app, { measurements }) => {
  app.get('/api/measurements', {
    schema: {
      operationId: 'listMeasurements',
      summary: 'Measurements of the organization, by name',
      description: READ,
      response: { 200: measurementsResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.measurementsOk', {
        measurements: await measurements.list(request.caller),
      }),
  });

  app.post('/api/measurements', {
    schema: {
      operationId: 'createMeasurement',
      summary: 'Add a measurement',
      description: `${MANAGE} ${FIELDS} 400 VALIDATION_FAILED with fields (bit number 1–8, size 1–8, a bit field 1 byte, min below max); 409 MEASUREMENT_NAME_TAKEN for a name the organization has.`,
      body: createMeasurementBody,
      response: { 201: measurementResponse, ...errors(403, 409) },
    },
    handler: async (request, reply) => {
      const measurement = await measurements.create(request.caller, request.body);
      return reply
        .status(201)
        .send(ok(request, 'messages.device.measurementCreated', { measurement }));
    },
  });

  app.patch('/api/measurements', {
    schema: {
      operationId: 'updateMeasurement',
      summary: 'Save a measurement',
      description: `${MANAGE.replace(' Created in the caller’s own organization.', '')} ${FIELDS} 400 also when a device type using the measurement would exceed a 242-byte payload; 404 MEASUREMENT_NOT_FOUND outside the organization; 409 MEASUREMENT_NAME_TAKEN.`,
      body: updateMeasurementBody,
      response: { 200: measurementResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) => {
      const measurement = await measurements.update(request.caller, request.body);
      return ok(request, 'messages.device.measurementUpdated', { measurement });
    },
  });

  app.get('/api/device-types', {
    schema: {
      operationId: 'listDeviceTypes',
      summary: 'Device types with their measurements in payload order',
      description: `${READ} A device type's Measurements, in order, are its payload layout; payloadBytes is its length.`,
      response: { 200: deviceTypesResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypesOk', {
        deviceTypes: await measurements.listDeviceTypes(request.caller),
      }),
  });

  app.patch('/api/device-types/:deviceTypeId/device-profile', {
    schema: {
      operationId: 'linkDeviceTypeProfile',
      summary: 'Link a device-network (ChirpStack) device profile to a device type, or unlink',
      description: `${MANAGE.replace(' Created in the caller’s own organization.', '')} deviceProfileId is the network server's profile id as GET /api/device-network/device-profiles lists it (kept as text, not checked against the network server, which may be down); null removes the link. A profile links to at most one device type per organization: 409 deviceProfileLinks.DEVICE_PROFILE_LINKED when another type has it (unlink that one first). 404 DEVICE_TYPE_NOT_FOUND for a type of another organization or unknown.`,
      params: deviceTypeParams,
      body: deviceProfileLinkBody,
      response: { 200: deviceTypeProfileResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) => {
      const deviceType = await measurements.linkDeviceProfile(
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
      description: `${MANAGE.replace(' Created in the caller’s own organization.', '')} deviceTypeOfflineAfterMinutes (whole minutes 5–43200, or null for none): an Aktiivinen device of the type with no uplink for this long gets an offline alarm (alarmBreakThrough offline, 'Ei yhteyttä'), closed by its next uplink; e.g. 3 × the uplink interval. deviceTypeAlarmDelayMinutes (1–1440, or null: at once): a limit alarm opens only when values have stayed beyond the limit this long (ADR 0024). Both fields are required. 404 DEVICE_TYPE_NOT_FOUND for a type of another organization or unknown.`,
      params: deviceTypeParams,
      body: deviceTypeAlarmSettingsBody,
      response: { 200: deviceTypeResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.device.deviceTypeAlarmSettingsSaved', {
        deviceType: await measurements.setAlarmSettings(
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
        deviceTypes: await measurements.deviceType(request.caller, request.query.deviceTypeId),
      }),
  });
});
