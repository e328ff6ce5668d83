import { measurementOf } from '../helpers/device-fixtures.js';
import type { Access, Matrix } from './matrix.js';
import { freshIds } from './requests.js';

/** Vainu's reads: the Vainu permission, any role (a Käyttäjä sees linked targets' devices). */
const VAINU = { section: 'vainu', minRole: 'Käyttäjä' } as const satisfies Access;

/**
 * Measurement exports (issue 12): the raw kind, which reads the summary and the rows. Another
 * organization's measurement is not found; its devices are covered in
 * test/integration/exports.test.ts (the foreign-device 404 needs the caller's own measurement).
 */
const exportOf = (format: 'csv' | 'xlsx') =>
  freshIds('MEASUREMENT_NOT_FOUND', async (fx, org) => ({
    url: `/api/exports/measurements.${format}?kind=raw&mid=${org ? await measurementOf(fx.db, org.id, 'Lämpötila') : fx.missing}&sd=2026-01-01&ed=2026-01-31`,
  }));

export const exportsMatrix: Matrix = {
  'GET /api/exports/measurements.csv': { access: VAINU, ids: exportOf('csv') },
  'GET /api/exports/measurements.xlsx': { access: VAINU, ids: exportOf('xlsx') },
};
