import {
  measurementDataParams,
  measurementDataQuery,
  measurementDataResponse,
  measurementsByTargetQuery,
  measurementsByTargetResponse,
  sensorDataQuery,
  targetMeasurementsResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { SensorDataService } from './sensor-data.service.js';

const READ =
  'Needs the Vainu permission (403 FORBIDDEN without). Devices are seen with their target: the top administrator every device, a Pääkäyttäjä or Ylläpitäjä those of their organization, a Käyttäjä only those on targets linked to them. A measurement whose quantity the organization’s applications do not allow (energy and power need power guard 1, the rest indoor air 2) is not found.';
const QUERY =
  'tid: target ids (repeated or comma-joined); mid: one measurement id; did: device ids (repeated or comma-joined; none = every device of the targets whose type carries the measurement); sd, ed: days YYYY-MM-DD in Finnish time (Europe/Helsinki), ed inclusive, defaults ed today and sd 7 days before it. 400 on ed: ‘Loppupäivä ei voi olla ennen alkupäivää’ (ed before sd), ‘Aikaväli voi olla enintään 3 vuotta’ (longer than 3 years). 404 MEASUREMENT_NOT_FOUND, TARGET_NOT_FOUND, DEVICE_NOT_FOUND for an id the caller does not see (or a device not on the targets given).';

interface Options {
  sensorData: SensorDataService;
}

/** Vainu sensor data (issue 12): the measurement picker, the summary table and the chart series. */
export const sensorDataRoutes = signedIn<Options>('sensor-data', (app, { sensorData }) => {
  app.get('/api/measurements-by-target', {
    schema: {
      operationId: 'listMeasurementsByTarget',
      summary: 'The measurements devices of the targets carry (the sensor-data picker)',
      description: `${READ} tid: target ids (repeated or comma-joined; none = every target the caller sees); 404 TARGET_NOT_FOUND for one the caller does not see. By name.`,
      querystring: measurementsByTargetQuery,
      response: { 200: measurementsByTargetResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.sensorData.measurementsOk', {
        measurements: await sensorData.measurementsByTarget(request.caller, request.query),
      }),
  });

  app.get('/api/target-measurements', {
    schema: {
      operationId: 'listTargetMeasurements',
      summary: 'Per device: latest value, min, max and average of a measurement over the days',
      description: `${READ} ${QUERY} One row per device (by target name, device name) with the latest value in the range and its time, min, max and average rounded to 3 decimals and the count (null and 0 when the range has no data), and the device’s effective alarm limits.`,
      querystring: sensorDataQuery,
      response: { 200: targetMeasurementsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.sensorData.summaryOk', {
        rows: await sensorData.summary(request.caller, request.query),
      }),
  });

  app.get('/api/measurement-data/:deviceId', {
    schema: {
      operationId: 'getMeasurementData',
      summary: 'A device’s series of one measurement for a chart, at the range’s resolution',
      description: `${READ} mid, sd, ed as in /api/target-measurements (tid and did are not used); width: the chart’s width in pixels, 100–4000, default 1200. The resolution follows the range (resolution): up to 8 days the readings themselves (raw), or, when there are more than 2 × width of them, their means per bucket of whole minutes (minutes, bucketMinutes); up to 100 days the hourly means (hour); beyond, the means per Finnish day (day). For every resolution but raw, measurementData holds each bucket’s mean (3 decimals) at the bucket’s start and band its lowest and highest value (downsampled true). With the effective alarm limits and the alarms of the device and measurement open in the range. 404 DEVICE_NOT_FOUND for a device the caller does not see, MEASUREMENT_NOT_FOUND when its type does not carry the measurement.`,
      params: measurementDataParams,
      querystring: measurementDataQuery,
      response: { 200: measurementDataResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.sensorData.seriesOk',
        await sensorData.series(request.caller, request.params.deviceId, request.query),
      ),
  });
});
