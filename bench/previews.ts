/**
 * What a material bank preview costs (issue 29, ADR 0051): ms and MB per preview of a PDF's
 * first page and of a JPG, beside the upload's own check of the same file in the same run (the
 * baseline every upload already pays: pdf-active-content.ts for a PDF, file-type for a JPG).
 * Files: a text page (pdf-lib, 60 lines of Helvetica), a scanned page (a 2480×3508 JPEG, A4 at
 * 300 dpi, on a page) and a 4000×3000 photo. Times are of the render thread as the preview
 * worker uses it (warm), median of ROUNDS; MB is the process's resident memory above its level
 * before the case, peak while rendering in this thread (sampled every 2 ms).
 * Run: npm run bench -- previews   (ROUNDS=10 by default)
 */
import { performance } from 'node:perf_hooks';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { pdfRefusal } from '../apps/api/src/modules/materialbank/pdf-active-content.js';
import { createPreviewRenderer } from '../apps/api/src/modules/materialbank/preview-renderer.js';
import { renderPreview } from '../apps/api/src/modules/materialbank/render-preview.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 10);

async function textPage() {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let line = 0; line < 60; line++) {
    page.drawText(`Rivi ${line + 1}: taloyhtiön järjestyssäännöt, huoltokirja ja kunnossapito.`, {
      x: 50,
      y: 800 - line * 12,
      size: 9,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}

/** A noisy image (a photo or a scan compresses like this, not like one flat colour). */
const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#c8c0b0',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function scannedPage() {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const scan = await pdf.embedJpg(await noisy(2480, 3508));
  page.drawImage(scan, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return Buffer.from(await pdf.save());
}

const cases = [
  { name: 'PDF, a text page', kind: 'pdf' as const, bytes: await textPage() },
  {
    name: 'PDF, a scanned A4 page (300 dpi JPEG)',
    kind: 'pdf' as const,
    bytes: await scannedPage(),
  },
  { name: 'JPG, a 4000×3000 photo', kind: 'jpg' as const, bytes: await noisy(4000, 3000) },
];

const check = (kind: 'pdf' | 'jpg', bytes: Buffer) =>
  kind === 'pdf' ? pdfRefusal(bytes) : fileTypeFromBuffer(bytes);

async function median(task: () => Promise<unknown>) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

/** Peak resident memory above the level before, while `task` runs in this thread. */
async function peakMb(task: () => Promise<unknown>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  await task();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - before) / 1024 / 1024;
}

const renderer = createPreviewRenderer({ timeoutMs: 60_000, maxHeapMb: 256 });
const coldStarted = performance.now();
await renderer.render('pdf', new Uint8Array(cases[0]?.bytes ?? []));
console.log(
  `render thread's start (loads pdf.js and sharp), once: ${(performance.now() - coldStarted).toFixed(0)} ms`,
);
console.log(
  '| file | size | preview (thread, warm) | upload check (baseline) | ratio | MB (in this thread) | preview bytes |',
);
console.log('|---|---|---|---|---|---|---|');
for (const { name, kind, bytes } of cases) {
  const baseline = await median(() => check(kind, bytes));
  let image: Buffer = Buffer.alloc(0);
  const render = await median(async () => {
    image = await renderer.render(kind, new Uint8Array(bytes));
  });
  // Once in this thread (renderPreview itself) for the memory: the worker's is not sampled here.
  await renderPreview(kind, new Uint8Array(bytes));
  const mb = await peakMb(() => renderPreview(kind, new Uint8Array(bytes)));
  console.log(
    `| ${name} | ${(bytes.length / 1024).toFixed(0)} kB | ${render.toFixed(0)} ms | ${baseline.toFixed(1)} ms | ${(render / baseline).toFixed(0)}× | ${mb.toFixed(0)} MB | ${(image.length / 1024).toFixed(0)} kB |`,
  );
}
await renderer.close();
