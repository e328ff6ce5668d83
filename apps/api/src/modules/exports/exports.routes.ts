import { EXPORT_KINDS, measurementsExportQuery } from '@vahti/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errors, signedIn } from '../../plugins/route-groups.js';
import type { ExportFile, ExportsService } from './exports.service.js';

const ABOUT = `Needs the Vainu permission (403 FORBIDDEN without); devices are seen as in /api/target-measurements (a Käyttäjä only those on linked targets; a measurement the organization's applications do not allow is not found). Query as /api/target-measurements — tid, mid (required), did, sd, ed (Finnish days, ed inclusive, default the last 7 days; 400 on ed 'Loppupäivä ei voi olla ennen alkupäivää' or 'Aikaväli voi olla enintään 3 vuotta'; 404 MEASUREMENT_NOT_FOUND, TARGET_NOT_FOUND, DEVICE_NOT_FOUND) — plus kind: ${EXPORT_KINDS.join(' | ')} (default summary): the table's rows (one per device: latest value and time, min, max, average, count, alarm limits) or every stored reading of the range (time, target, device, location, measurement, value, unit; in time order per device). Every refusal is answered as JSON before any byte of the file. The file is streamed as it is read (a device-year of raw readings is never held in memory); a client that goes away stops the reading. Content-Disposition attachment, vahti-mittaukset-<sd>-<ed>.<csv|xlsx>. Column titles in the caller's language (Accept-Language; Finnish by default).`;

interface Options {
  exports: ExportsService;
}

/** Measurement exports (issue 12): the sensor-data table or its raw readings as CSV or XLSX. */
export const exportsRoutes = signedIn<Options>('exports', (app, { exports }) => {
  app.get('/api/exports/measurements.csv', {
    // Fastify's HEAD twin would read the whole export only to throw it away.
    exposeHeadRoute: false,
    schema: {
      operationId: 'exportMeasurementsCsv',
      summary: 'The sensor-data table or its raw readings as CSV (Finnish Excel)',
      description: `${ABOUT} CSV: UTF-8 with a byte-order mark, fields separated by ';', decimal comma, at most 3 decimals, times DD.MM.YYYY HH:mm:ss in Finnish time, CRLF; a text beginning with = + - @ is prefixed with '.`,
      querystring: measurementsExportQuery,
      response: {
        200: z.any().meta({ description: 'The CSV file (text/csv; charset=utf-8)' }),
        ...errors(403, 404),
      },
    },
    handler: async (request, reply) =>
      sendFile(reply, await exports.csv(request.caller, request.query, request.language)),
  });

  app.get('/api/exports/measurements.xlsx', {
    // Fastify's HEAD twin would read the whole export only to throw it away.
    exposeHeadRoute: false,
    schema: {
      operationId: 'exportMeasurementsXlsx',
      summary: 'The sensor-data table or its raw readings as an Excel workbook',
      description: `${ABOUT} XLSX: a sheet 'Yhteenveto' (the table) and, for kind=raw, a sheet 'Mittaukset' (the readings); header row frozen; values are numbers (format #,##0.000, shown # ##0,000 by a Finnish Excel), times are dates in Finnish time (format dd.mm.yyyy hh:mm).`,
      querystring: measurementsExportQuery,
      response: {
        200: z.any().meta({
          description:
            'The workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)',
        }),
        ...errors(403, 404),
      },
    },
    handler: async (request, reply) =>
      sendFile(reply, await exports.xlsx(request.caller, request.query, request.language)),
  });
});

/** The file as an attachment, streamed: the reply reads `body` as the client takes the bytes. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
