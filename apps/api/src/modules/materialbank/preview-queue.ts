import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { systemScope } from '../../lib/scope.js';
import { type FileStorage, newObjectName } from '../../lib/storage/storage.js';
import { backoffMs, createQueueWorker } from '../../lib/work-queue.js';
import type { MaterialbankRepository, QueuedPreview } from './materialbank.repository.js';
import type { PreviewRenderer } from './preview-renderer.js';

/** Every organization's queued previews, each stored beside its own file. */
const PREVIEWS = systemScope('previewQueue');

/** Longer than a render may take (its time limit) plus reading and writing the objects. */
const LEASE_MS = 2 * 60_000;
const POLL_MS = 10_000;
const BATCH = 5;
/** Attempts when the storage fails (a render that fails is final: the content is the cause). */
const MAX_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) =>
  backoffMs(attempts, { firstMs: 30_000, maxMs: 30 * 60_000 });

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const reason = (err: unknown) =>
  ((err as Error | null)?.message ?? String(err)).replace(/\s+/g, ' ').slice(0, 200);

/**
 * The material bank's preview worker of this instance (lib/work-queue.ts): claims queued
 * previews, reads each content from storage, has the renderer make its image (a worker thread
 * with a time and memory limit) and stores the image beside the file. A content that cannot be
 * rendered gets no preview, for good; a storage that fails is tried again with back-off. A crash
 * mid-way leaves the row queued, so the next lease (on this instance or another) makes it.
 */
export function createPreviewQueue({
  files,
  storage,
  renderer,
  log,
}: {
  files: Pick<MaterialbankRepository, 'claimPreviews' | 'finishPreview'>;
  storage: FileStorage;
  renderer: Pick<PreviewRenderer, 'render'>;
  log: FastifyBaseLogger;
}) {
  /** Tries again later, or gives up once the storage has failed MAX_ATTEMPTS times. */
  async function storageFailed(row: QueuedPreview, err: unknown) {
    const attempts = row.attempts + 1;
    const error = `storage: ${reason(err)}`;
    log.warn({ previewId: row.id, attempts, error }, 'material bank preview not made');
    await files.finishPreview(
      PREVIEWS,
      row.id,
      attempts >= MAX_ATTEMPTS ? { failed: error } : { retryInMs: retryDelayMs(attempts), error },
    );
  }

  async function make(row: QueuedPreview): Promise<boolean> {
    const kind = row.source.endsWith('.pdf') ? 'pdf' : 'jpg';
    let content: Uint8Array;
    try {
      // A content gone from storage (its row is going too, or was never written) has no preview.
      if (!(await storage.stat(row.source))) {
        await files.finishPreview(PREVIEWS, row.id, { failed: 'storage: no such object' });
        return false;
      }
      content = await readAll(await storage.open(row.source));
    } catch (err) {
      await storageFailed(row, err);
      return false;
    }
    let image: Buffer;
    const started = performance.now();
    try {
      image = await renderer.render(kind, content);
    } catch (err) {
      const error = `render: ${reason(err)}`;
      log.warn({ previewId: row.id, kind, error }, 'material bank preview failed, none shown');
      await files.finishPreview(PREVIEWS, row.id, { failed: error });
      return false;
    }
    const name = newObjectName('jpg');
    try {
      await storage.put(name, Readable.from([image]));
    } catch (err) {
      await storage.remove(name);
      await storageFailed(row, err);
      return false;
    }
    // The file may have been deleted meanwhile: then its image goes too.
    if (!(await files.finishPreview(PREVIEWS, row.id, { preview: name }))) {
      await storage.remove(name);
      return false;
    }
    log.info(
      { previewId: row.id, kind, bytes: image.length, ms: Math.round(performance.now() - started) },
      'material bank preview made',
    );
    return true;
  }

  return createQueueWorker({
    name: 'material bank previews',
    pollMs: POLL_MS,
    log,
    pass: async (stopped) => {
      let made = 0;
      while (!stopped()) {
        const due = await files.claimPreviews(PREVIEWS, BATCH, LEASE_MS);
        // One at a time: the renderer has one thread, and the event loop its other core.
        for (const row of due) {
          if (stopped()) break;
          if (await make(row)) made += 1;
        }
        if (due.length < BATCH) break;
      }
      return made;
    },
  });
}

export type PreviewQueue = ReturnType<typeof createPreviewQueue>;
