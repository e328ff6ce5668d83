import { REPORT_FILE_NAME, REPORT_MAX_DEVICES, reportQuery } from '@vahti/domain';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { errors, signedIn } from '../../plugins/route-groups.js';
import { RETRY_AFTER_SECONDS } from './render-pool.js';
import type { ReportsService } from './reports.service.js';

interface Options {
  reports: ReportsService;
}

/** The PDF measurement report of Vainu (issue 12), docs/adr/0021-pdf-reports.md. */
export const reportsRoutes = signedIn<Options>('reports', (app, { reports }) => {
  app.get('/api/reports/measurements.pdf', {
    schema: {
      operationId: 'getMeasurementReport',
      summary: 'The PDF measurement report of the chosen targets, measurement, devices and days',
      description: `Needs the Vainu permission (403 FORBIDDEN without). tid, mid, did, sd, ed as in GET /api/target-measurements: mid required; sd, ed days YYYY-MM-DD in Finnish time, ed inclusive (defaults: ed today, sd 7 days before); ed before sd or a range over 3 years answers 400 on ed; a target, measurement or device the caller does not see answers 404 with its not-found code. At most ${REPORT_MAX_DEVICES} devices (400 on did). oh: occupied hours of the Sisäilmastoluokitus 2018 table, "8-16" by default (Finnish time, end exclusive); od: its weekdays, "1-5" (Monday 1) by default. The answer is application/pdf, Content-Disposition attachment; filename="${REPORT_FILE_NAME}": landscape A4, in the caller's language (Accept-Language: fi, en, sv): a first page (organization and its logo, targets with their addresses, period) with a summary (the occupied-time S1/S2/S3 shares, device-hours whose mean was over the action limit — CO2 1550 ppm — or else each device's high limit, the alarms opened in the period by kind, the highest readings one a device and day); a section per target with its devices' summary table, a device without readings as one line, and a chart per device with readings (the readings for up to 31 days, else the daily mean and highest value; the value axis fitted to them, a limit drawn when near them); the period's alarms (the measurement's and the devices' own: kind, start, end, duration, who acknowledged; the newest 200); per device the share of occupied-time readings that met classes S1/S2/S3 for temperature and CO2; the indoor-air guideline values. Reports are rendered in worker threads; when too many are being made the answer is 503 reports.REPORTS_BUSY with Retry-After.`,
      querystring: reportQuery,
      response: {
        200: z.any().meta({ description: 'The report (application/pdf)' }),
        ...errors(403, 404, 503),
      },
    },
    handler: async (request, reply) => {
      const pdf = await reports
        .pdf(request.caller, request.query, request.language)
        .catch((error: unknown) => {
          // The error handler answers 503 with the Finnish text and keeps this header.
          if (error instanceof AppError && error.statusCode === 503) {
            reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          }
          throw error;
        });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${REPORT_FILE_NAME}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  });
});
