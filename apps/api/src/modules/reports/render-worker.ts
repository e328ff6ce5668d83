import { move } from 'piscina';
import { renderReportPdf } from './render-report.js';
import type { ReportModel } from './report-model.js';

/** A render worker's task (render-pool.ts): the model in, the PDF's bytes moved back, not copied. */
export default async function renderInWorker(model: ReportModel) {
  return move(await renderReportPdf(model));
}
