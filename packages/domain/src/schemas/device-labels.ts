import { z } from 'zod';
import { id } from './fields.js';

// Printable QR labels of devices (issue "Vainu registry"): a PDF of label sheets.

/** At most this many devices per PDF: nine A4 sheets of 24 labels. */
export const DEVICE_LABELS_MAX = 200;

/**
 * The label sheet: A4 portrait, 3 columns × 8 rows of 70 × 37 mm labels with no gaps (the common
 * "24 labels per sheet" layout, e.g. Avery 3474 / L7159-type sheets). 8 × 37 mm = 296 mm: the
 * remaining millimetre is split above and below.
 */
export const LABEL_SHEET = {
  columns: 3,
  rows: 8,
  labelWidthMm: 70,
  labelHeightMm: 37,
} as const;
export const LABELS_PER_PAGE = LABEL_SHEET.columns * LABEL_SHEET.rows;

const labelsMsg = (key: 'noDevices' | 'tooManyDevices') => `validation.deviceLabels.${key}`;

/** POST /api/device-labels: the devices to print, in print order (a repeated id prints once). */
export const deviceLabelsBody = z.object({
  deviceIds: z
    .array(id(), { error: labelsMsg('noDevices') })
    .min(1, { error: labelsMsg('noDevices') })
    .max(DEVICE_LABELS_MAX, { error: labelsMsg('tooManyDevices') }),
});
export type DeviceLabelsBody = z.infer<typeof deviceLabelsBody>;
