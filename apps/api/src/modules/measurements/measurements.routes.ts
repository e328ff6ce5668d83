import {
  createMeasurementBody,
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
});
