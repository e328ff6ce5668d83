import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_BYTES,
  DEVICE_IMPORT_MAX_ROWS,
  DEVICE_IMPORT_REQUIRED_COLUMNS,
  deviceImportDocument,
  deviceImportFields,
  deviceImportPreviewResponse,
  deviceImportResponse,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import type { FastifyRequest } from 'fastify';
import { AppError, storageFailure } from '../../lib/errors.js';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DeviceImportService } from './device-import.service.js';

interface Options {
  deviceImport: DeviceImportService;
}

const COLUMNS = Object.entries(DEVICE_IMPORT_COLUMNS)
  .map(
    ([field, headers]) =>
      `${field}${(DEVICE_IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(field) ? ' (required)' : ''}: ${headers.map((h) => `"${h}"`).join(', ')}`,
  )
  .join('; ');

const FILE = `multipart/form-data with one \`file\` part: a CSV (UTF-8 with or without a BOM — a file that is not UTF-8 is read as Windows-1252, as Excel's plain CSV is saved —, separated by ; as Finnish Excel writes it, or by ,) or an XLSX workbook (its first sheet), judged by its content and never by its name. The first non-blank row is the header; columns are found by their header, compared ignoring case, spaces, dashes, underscores and dots, in any order; other columns are ignored. Columns — ${COLUMNS}. Type and target are a name (ignoring case) or an id of the organization's; another organization's name or id is unknown. DevEUI is 16 hex digits (separators - : and spaces are dropped, stored upper-case); commissioning day YYYY-MM-DD or D.M.YYYY; coordinates both or neither (left out: 0, 0), a decimal comma is read; state Aktiivinen (default) or Passiivinen. A DevEUI or QR code may not repeat within the file nor match a stored device. At most ${DEVICE_IMPORT_MAX_ROWS} rows (400 fields.file beyond) and ${DEVICE_IMPORT_MAX_BYTES / 1024 / 1024} MiB (413). The top administrator names organizationId (a field; required for them); anyone else imports into their own organization (naming another: 403). Needs the Vainu permission and a role above Käyttäjä (403 FORBIDDEN, before the file is read). A file-level problem is 400 VALIDATION_FAILED with fields.file, or fields["columns.<field>"] for a missing or repeated column; 404 ORGANIZATION_NOT_FOUND; 415 when the body is not multipart.`;

/** Reads the upload: the file's bytes and the fields. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          (part as MultipartFile).file.resume();
          throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.invalidValue' });
        }
        file = await part.toBuffer();
      } else if (typeof part.value === 'string' && part.fieldname === 'organizationId') {
        fields.organizationId = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', {
        file: 'validation.deviceImport.fileTooLarge',
      });
    }
    const storage = storageFailure(err);
    if (storage) throw new AppError(storage.status, storage.code);
    throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.invalidValue' });
  }
  if (!file)
    throw new AppError(400, 'VALIDATION_FAILED', { file: 'validation.deviceImport.fileRequired' });
  const parsed = deviceImportFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(400, 'VALIDATION_FAILED', { organizationId: 'validation.invalidValue' });
  }
  return { file, organizationId: parsed.data.organizationId };
}

/** Vainu: devices imported from a file, previewed first (issue 25). */
export const deviceImportRoutes = signedIn<Options>('devices', (app, { deviceImport }) => {
  app.register(multipart, {
    limits: {
      fileSize: DEVICE_IMPORT_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 10,
      headerPairs: 50,
    },
  });

  // Nobody who may not import gets a byte of their file read (403 first).
  const mayImport = async (request: FastifyRequest) => deviceImport.assertMayImport(request.caller);

  app.post('/api/devices/import/preview', {
    onRequest: mayImport,
    // The body is read as a stream in the handler; the schema documents it.
    validatorCompiler: () => (data) => ({ value: data }),
    schema: {
      operationId: 'previewDeviceImport',
      summary: 'Check a file of devices: every row with its errors; nothing is stored',
      description: `${FILE} The answer lists every row with its line in the file (the header is row 1) and its errors, each naming the field and the reason in the caller's language; total, valid and invalid count the rows. A file whose rows all pass is one the commit (POST /api/devices/import) stores.`,
      consumes: ['multipart/form-data'],
      body: deviceImportDocument,
      response: { 200: deviceImportPreviewResponse, ...errors(403, 404, 413, 415) },
    },
    handler: async (request) => {
      const { file, organizationId } = await readUpload(request);
      const rows = await deviceImport.preview(request.caller, file, organizationId);
      const invalid = rows.filter((row) => row.errors.length > 0).length;
      return ok(request, 'messages.device.importPreviewOk', {
        total: rows.length,
        valid: rows.length - invalid,
        invalid,
        rows: rows.map(({ values: _, errors: rowErrors, ...row }) => ({
          ...row,
          errors: rowErrors.map((error) => ({
            field: error.field,
            message: translate(request.language, error.key),
          })),
        })),
      });
    },
  });

  app.post('/api/devices/import', {
    onRequest: mayImport,
    validatorCompiler: () => (data) => ({ value: data }),
    schema: {
      operationId: 'importDevices',
      summary: 'Store a file of devices: every row or none',
      description: `${FILE} Every device is stored with its first history entry ("Mittari lisätty") and the import with one audit entry (device.import: count and DevEUIs), in one transaction. Any row with an error stores nothing: 400 VALIDATION_FAILED with fields.file 'Tiedostossa on virheellisiä rivejä, joten mitään ei tallennettu' and fields["rows.<row>.<field>"] naming each bad row's first error per field. Answers the new devices' ids in row order.`,
      consumes: ['multipart/form-data'],
      body: deviceImportDocument,
      response: { 201: deviceImportResponse, ...errors(403, 404, 413, 415) },
    },
    handler: async (request, reply) => {
      const { file, organizationId } = await readUpload(request);
      const deviceIds = await deviceImport.commit(request.caller, file, organizationId);
      return reply
        .status(201)
        .send(ok(request, 'messages.device.imported', { imported: deviceIds.length, deviceIds }));
    },
  });
});
