import { z } from 'zod';
import { msg } from './fields.js';
import { checkSensorDataRange, sensorDataFields, withDefaultDays } from './sensor-data.js';

// Measurement exports (issue 12): the sensor-data query and what to export.

/** `summary`: one row per device (the table on the screen); `raw`: every stored reading. */
export const EXPORT_KINDS = ['summary', 'raw'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** GET /api/exports/measurements.csv and .xlsx: tid, mid, did, sd, ed as the table, and kind. */
export const measurementsExportQuery = z
  .object({
    ...sensorDataFields,
    kind: z.enum(EXPORT_KINDS, { error: msg('invalidValue') }).default('summary'),
  })
  .superRefine(checkSensorDataRange)
  .transform(withDefaultDays);
export type MeasurementsExportQueryInput = z.input<typeof measurementsExportQuery>;
export type MeasurementsExportQuery = z.output<typeof measurementsExportQuery>;

/** The file's name: vahti-mittaukset-<sd>-<ed>.csv / .xlsx. */
export const measurementsExportFileName = (
  query: { sd: string; ed: string },
  format: 'csv' | 'xlsx',
) => `vahti-mittaukset-${query.sd}-${query.ed}.${format}`;
