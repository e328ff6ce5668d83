import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
// @ts-expect-error: pdf.js ships no types for its worker module.
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import sharp from 'sharp';

// pdf.js parses in this thread (the caller's worker thread) with its worker module loaded here
// once, rather than loading it anew for every document.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

/** The longest side of a preview in pixels: sharp on a phone's full width, small on the disk. */
export const PREVIEW_SIZE = 640;
/** A JPG larger than this (in pixels) gets no preview: decoding it would take too much memory. */
const MAX_INPUT_PIXELS = 100_000_000;
const QUALITY = 80;

const require = createRequire(import.meta.url);
/** pdf.js's own fonts for the 14 standard PDF fonts a file may use without embedding them. */
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A JPG's thumbnail: turned as its EXIF says, at most PREVIEW_SIZE on its longest side. */
function jpegThumbnail(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: QUALITY })
    .toBuffer();
}

/** A PDF's first page on white, at most PREVIEW_SIZE on its longest side. */
async function pdfFirstPage(bytes: Uint8Array): Promise<Buffer> {
  const document = await pdfjs.getDocument({
    data: bytes,
    // A font's code is never compiled into a function (the way of CVE-2024-4367).
    isEvalSupported: false,
    standardFontDataUrl,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = PREVIEW_SIZE / Math.max(natural.width, natural.height);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.ceil(viewport.width)),
      Math.max(1, Math.ceil(viewport.height)),
    );
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return await canvas.encode('jpeg', QUALITY);
  } finally {
    await document.destroy();
  }
}

/** The preview image (JPEG) of a stored content; throws when the content cannot be read. */
export function renderPreview(kind: 'pdf' | 'jpg', bytes: Uint8Array): Promise<Buffer> {
  return kind === 'pdf' ? pdfFirstPage(bytes) : jpegThumbnail(bytes);
}
