import { move } from 'piscina';
import { renderPreview } from './render-preview.js';

/**
 * A preview worker's task (preview-renderer.ts): the content in, the image's bytes moved back.
 * `null` is the warm-up: this module and its libraries are loaded by then.
 */
export default async function previewInWorker(
  task: { kind: 'pdf' | 'jpg'; bytes: Uint8Array } | null,
) {
  if (task === null) return null;
  const image = await renderPreview(task.kind, task.bytes);
  return move(new Uint8Array(image.buffer, image.byteOffset, image.byteLength));
}
