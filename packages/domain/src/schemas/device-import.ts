import { z } from 'zod';
import { createDeviceBody } from './devices.js';
import { id, msg, optionalText } from './fields.js';

// Bulk import of devices from a CSV or XLSX file (issue 25, provisioning at scale): a preview that
// answers every row with its errors, and a commit that stores all rows or none.

/** Rows (devices) one file may hold: beyond it the whole file is refused. */
export const DEVICE_IMPORT_MAX_ROWS = 5000;
/** The upload's size limit: 5,000 rows of CSV are about 1 MB. */
export const DEVICE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The file's columns by field, each with the headers it is recognised by (compared ignoring case,
 * spaces and punctuation at the ends): the add-device form's Finnish labels, the API's field names,
 * and a few common English ones. Type and target are given by name (or id) within the organization.
 */
export const DEVICE_IMPORT_COLUMNS = {
  deviceEui: ['DevEUI', 'deviceEui', 'EUI', 'Dev EUI'],
  deviceName: ['Nimi', 'Mittarin nimi', 'deviceName', 'Name'],
  deviceQrCode: ['QR-koodi', 'QR', 'QR-code', 'deviceQrCode'],
  deviceType: ['Mittarityyppi', 'Tyyppi', 'deviceType', 'deviceTypeName', 'deviceTypeId', 'Type'],
  deviceTarget: ['Kohde', 'deviceTarget', 'targetName', 'deviceTargetId', 'Target'],
  deviceLocation: ['Sijainti', 'deviceLocation', 'Location'],
  deviceSerialNumber: ['Sarjanumero', 'deviceSerialNumber', 'Serial number', 'Serial'],
  deviceComissioiningDay: [
    'Käyttöönottopäivä',
    'Käyttöönottopvm',
    'deviceComissioiningDay',
    'deviceCommissioningDay',
    'Commissioning day',
  ],
  latitude: ['Leveysaste', 'latitude', 'lat'],
  longitude: ['Pituusaste', 'longitude', 'lon', 'lng'],
  deviceSwVersion: ['Ohjelmistoversio', 'deviceSwVersion', 'Software version'],
  deviceProductCode: ['Tuotekoodi', 'deviceProductCode', 'Product code'],
  deviceState: ['Tila', 'deviceState', 'State'],
  deviceDescription: ['Kuvaus', 'deviceDescription', 'Description'],
} as const;

export type DeviceImportColumn = keyof typeof DEVICE_IMPORT_COLUMNS;

/** Columns a file must have; the others may be left out (defaults below). */
export const DEVICE_IMPORT_REQUIRED_COLUMNS = [
  'deviceEui',
  'deviceName',
  'deviceQrCode',
  'deviceType',
  'deviceTarget',
  'deviceLocation',
  'deviceSerialNumber',
  'deviceComissioiningDay',
] as const satisfies readonly DeviceImportColumn[];

/** A header as compared: lower-case, without spaces, dashes, underscores or dots. */
export const importHeaderKey = (header: string) =>
  header
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\-_.:]/g, '');

const coordinate = (max: number) =>
  z.coerce
    .number({ error: msg('invalidValue') })
    .min(-max, { error: msg('invalidValue') })
    .max(max, { error: msg('invalidValue') })
    .optional();

/**
 * One row's own fields, checked like the add-device form's (the same rules and messages): derived
 * from POST /api/device's body. Software version, product code, state, description and the
 * coordinates may be left out: '' / '' / Aktiivinen / none / 0, 0.
 */
export const deviceImportRow = createDeviceBody
  .pick({
    deviceEui: true,
    deviceName: true,
    deviceQrCode: true,
    deviceLocation: true,
    deviceSerialNumber: true,
    deviceComissioiningDay: true,
    deviceDescription: true,
  })
  .extend({
    deviceState: createDeviceBody.shape.deviceState.default('Aktiivinen'),
    deviceSwVersion: optionalText(50),
    deviceProductCode: optionalText(100),
    latitude: coordinate(90),
    longitude: coordinate(180),
  });
export type DeviceImportRow = z.output<typeof deviceImportRow>;

/** The multipart fields besides `file`: only the top administrator names the organization. */
export const deviceImportFields = z.object({ organizationId: id().optional() });

/** The upload as documented (multipart/form-data); the route reads the parts itself. */
export const deviceImportDocument = z.object({
  file: z.string().meta({
    format: 'binary',
    description:
      'A CSV (UTF-8, with or without BOM, separated by ; or ,) or an XLSX workbook (its first sheet); judged by its content, not its name.',
  }),
  organizationId: id().optional(),
});

export const deviceImportError = z.object({
  /** The field the error concerns: a column's field name, or `row`. */
  field: z.string(),
  /** The error in the caller's language. */
  message: z.string(),
});

export const deviceImportRowResult = z.object({
  /** The row's line in the file: the header is row 1, the first device row 2. */
  row: z.number(),
  deviceEui: z.string(),
  deviceName: z.string(),
  deviceQrCode: z.string(),
  deviceTypeName: z.string(),
  targetName: z.string(),
  errors: z.array(deviceImportError),
});
export type DeviceImportRowResult = z.infer<typeof deviceImportRowResult>;

/** The preview: every row with its errors; the file may be committed when `invalid` is 0. */
export const deviceImportPreviewResponse = z.object({
  message: z.string(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  rows: z.array(deviceImportRowResult),
});
export type DeviceImportPreviewResponse = z.infer<typeof deviceImportPreviewResponse>;

export const deviceImportResponse = z.object({
  message: z.string(),
  imported: z.number(),
  deviceIds: z.array(z.string()),
});
export type DeviceImportResponse = z.infer<typeof deviceImportResponse>;
