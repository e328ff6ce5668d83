import { Piscina } from 'piscina';
import { workerEntry } from '../../lib/package-files.js';

export interface PreviewRendererOptions {
  /** A render taking longer is ended and the file gets no preview. */
  timeoutMs: number;
  /** The worker's JavaScript heap; a file that needs more ends the worker and gets no preview. */
  maxHeapMb: number;
}

export const defaultPreviewLimits: PreviewRendererOptions = { timeoutMs: 60_000, maxHeapMb: 256 };

/** Starting a worker loads pdf.js through the TypeScript loader: seconds on a busy machine. */
const WARM_UP_MS = 120_000;

/**
 * Renders previews in one worker thread (piscina, as the PDF reports: ADR 0021, 0051), never on
 * the event loop: a hostile or broken file can take the worker's time or memory but not the
 * server's. Past the time limit the worker is terminated; past its heap limit it dies by itself;
 * either way the task fails and the next one gets a new worker. The thread starts with the first
 * preview and ends when idle (loading pdf.js takes seconds, so idle means minutes). Each render
 * follows a warm-up task, a no-op once the thread runs, so that the time limit is the render's
 * own and never spent on a new thread's start.
 */
export function createPreviewRenderer({ timeoutMs, maxHeapMb }: PreviewRendererOptions) {
  let pool: Piscina | undefined;

  async function close() {
    const closing = pool;
    pool = undefined;
    await closing?.destroy();
  }

  function workers() {
    if (pool) return pool;
    pool = new Piscina({
      // The source through the same loader as the server, or the built worker (ADR 0002).
      ...workerEntry('src/modules/materialbank/preview-worker.ts'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 5 * 60_000,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    // A worker that dies (its heap limit) fails its task, which says why; the pool's own 'error'
    // event would otherwise end the server.
    pool.on('error', () => {});
    return pool;
  }

  return {
    /** The preview (JPEG) of a PDF or a JPG; rejects when it cannot be made within the limits. */
    async render(kind: 'pdf' | 'jpg', bytes: Uint8Array): Promise<Buffer> {
      try {
        await workers().run(null, { signal: AbortSignal.timeout(WARM_UP_MS) });
        const image = (await workers().run(
          { kind, bytes },
          { signal: AbortSignal.timeout(timeoutMs), transferList: [bytes.buffer as ArrayBuffer] },
        )) as Uint8Array;
        return Buffer.from(image.buffer, image.byteOffset, image.byteLength);
      } catch (err) {
        // After a terminated or dead worker the next render starts from a new pool (piscina
        // starts no more workers once one has died while starting).
        await close();
        throw err;
      }
    },
    close,
  };
}

export type PreviewRenderer = ReturnType<typeof createPreviewRenderer>;
