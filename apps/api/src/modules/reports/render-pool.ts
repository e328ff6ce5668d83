import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from '../../lib/errors.js';
import { workerEntry } from '../../lib/package-files.js';
import type { ReportModel } from './report-model.js';

export interface ReportRendererOptions {
  /**
   * Worker threads that render. 0 renders on the event loop itself (a report then blocks every
   * other request for its whole render: for comparison in the bench only).
   */
  threads: number;
  /** Reports that may wait for a thread; one more is answered 503 REPORTS_BUSY. */
  queue: number;
}

export const defaultRendererOptions = (): ReportRendererOptions => ({
  // Leave a core to the event loop and the database: on 2 cores one render thread.
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queue: 4,
});

/** A report rendered while at the limit: 503, the Finnish "too many reports" text, retry soon. */
export const rendererBusy = () => new AppError(503, 'reports.REPORTS_BUSY');
export const RETRY_AFTER_SECONDS = 10;

/**
 * Renders reports off the event loop (ADR 0021): a small pool of worker threads (piscina),
 * started on the first report and ended when idle, and a cap on the reports in flight — beyond
 * threads + queue a report is refused at once rather than piling up memory and latency.
 */
export function createReportRenderer({ threads, queue }: ReportRendererOptions) {
  let pool: Piscina | undefined;
  let inFlight = 0;
  const limit = Math.max(1, threads) + queue;

  function workers() {
    pool ??= new Piscina({
      // The source through the same loader as the server, or the built worker (ADR 0002).
      ...workerEntry('src/modules/reports/render-worker.ts'),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
    return pool;
  }

  async function renderInline(model: ReportModel) {
    const { renderReportPdf } = await import('./render-report.js');
    return renderReportPdf(model);
  }

  return {
    /**
     * The PDF of the report `gather` collects. Throws REPORTS_BUSY (503) at once, before any
     * reading, when `threads + queue` reports are already being gathered or rendered.
     */
    async render(gather: () => Promise<ReportModel>): Promise<Uint8Array> {
      if (inFlight >= limit) throw rendererBusy();
      inFlight += 1;
      try {
        const model = await gather();
        if (threads === 0) return await renderInline(model);
        return (await workers().run(model)) as Uint8Array;
      } finally {
        inFlight -= 1;
      }
    },
    get inFlight() {
      return inFlight;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

export type ReportRenderer = ReturnType<typeof createReportRenderer>;
