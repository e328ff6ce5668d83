import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import { reportDocument } from './report-document.js';
import type { ReportModel } from './report-model.js';

// Roboto from the pdfmake package itself (Finnish letters, °, µ, ³, …): no download, no system
// font. The report reads no other file and fetches no URL.
const require = createRequire(import.meta.url);
const fonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
const fontFiles = new Set(Object.values(fonts.Roboto ?? {}));
pdfmake.setFonts(fonts);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path));

/**
 * The PDF of a report (CPU-bound: runs in a render worker, see render-pool.ts). A logo whose
 * signature passed the upload's check but whose image cannot be read leaves the report without
 * a logo rather than without a report.
 */
export async function renderReportPdf(model: ReportModel): Promise<Uint8Array> {
  const render = (m: ReportModel) => pdfmake.createPdf(reportDocument(m)).getBuffer();
  const buffer = await render(model).catch((error: unknown) => {
    if (model.logo === null) throw error;
    return render({ ...model, logo: null });
  });
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
