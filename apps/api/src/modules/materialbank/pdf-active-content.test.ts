import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  brokenObjectLaunchPdf,
  cleanPdf,
  embeddedFilePdf,
  encryptedPdf,
  escapedJavaScriptPdf,
  javaScriptNamesPdf,
  javaScriptPdf,
  launchPdf,
} from '../../../test/helpers/pdfs.js';
import { minimalPdf } from '../../db/demo/materialbank.js';
import { downloadName } from './materialbank.service.js';
import { pdfRefusal } from './pdf-active-content.js';

describe('pdfRefusal', () => {
  it('accepts a plain PDF, also one with trailing padding', async () => {
    expect(await pdfRefusal(await cleanPdf())).toBeNull();
    expect(await pdfRefusal(minimalPdf('Ohje'))).toBeNull();
    const padded = Buffer.concat([minimalPdf('Ohje'), Buffer.alloc(64 * 1024, 0x20)]);
    expect(await pdfRefusal(padded)).toBeNull();
  });

  it('finds each kind of active content, inside compressed object streams too', async () => {
    const compressed = await javaScriptPdf();
    // Nothing to find by searching the bytes: the action is in a compressed object stream.
    expect(compressed.toString('latin1')).not.toContain('JavaScript');
    expect(await pdfRefusal(compressed)).toBe('pdfJavaScript');
    expect(await pdfRefusal(await javaScriptPdf({ useObjectStreams: false }))).toBe(
      'pdfJavaScript',
    );
    expect(await pdfRefusal(await javaScriptNamesPdf())).toBe('pdfJavaScript');
    expect(await pdfRefusal(await launchPdf())).toBe('pdfLaunch');
    expect(await pdfRefusal(await embeddedFilePdf())).toBe('pdfEmbeddedFile');
  });

  it('reads names written with #xx escapes as the names they are', async () => {
    expect(await pdfRefusal(await escapedJavaScriptPdf())).toBe('pdfJavaScript');
  });

  it('searches an object pdf-lib cannot parse as text', async () => {
    expect(await pdfRefusal(await brokenObjectLaunchPdf())).toBe('pdfLaunch');
  });

  it('refuses what it cannot check: encrypted, no document after the header', async () => {
    expect(await pdfRefusal(await encryptedPdf())).toBe('pdfEncrypted');
    expect(await pdfRefusal(Buffer.from('%PDF-1.7\n<html><script>alert(1)</script>'))).toBe(
      'pdfUnreadable',
    );
  });
});

/**
 * What the check costs on 10 MB PDFs (docs/security.md): one of ten 1 MB image streams (a scan),
 * and one of 4,500 text pages, whose tens of thousands of small objects sit in object streams
 * (the worst case for a parser). PDF_SCAN_BENCH=1 runs it and prints the figures.
 */
describe.skipIf(!process.env.PDF_SCAN_BENCH)('pdfRefusal on 10 MB', () => {
  async function measure(name: string, bytes: Uint8Array) {
    let best = Number.POSITIVE_INFINITY;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      expect(await pdfRefusal(bytes)).toBeNull();
      best = Math.min(best, performance.now() - started);
    }
    delay.disable();
    console.log(
      `${name}: ${(bytes.length / 2 ** 20).toFixed(1)} MiB, best of 3 ${best.toFixed(0)} ms, longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms`,
    );
  }

  it('images', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 10; i++) {
      const image = pdf.context.stream(randomBytes(2 ** 20), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1024,
        Height: 1024,
        BitsPerComponent: 8,
        ColorSpace: 'DeviceGray',
      });
      const page = pdf.addPage();
      page.node.setXObject(PDFName.of(`Im${i}`), pdf.context.register(image));
    }
    await measure('10 image pages', await pdf.save());
  }, 120_000);

  it('text pages', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 4500; i++) {
      const page = pdf.addPage();
      for (let line = 0; line < 40; line++) {
        page.drawText(`Rivi ${line} ${randomBytes(20).toString('hex')}`, {
          x: 20,
          y: 20 + line * 15,
          size: 10,
          font,
        });
      }
    }
    await measure('4,500 text pages', await pdf.save());
  }, 300_000);
});

describe('downloadName', () => {
  it('ends the name with the stored type, keeping the base name', () => {
    expect(downloadName('polypdf.html', 'pdf')).toBe('polypdf.pdf');
    expect(downloadName('raportti', 'pdf')).toBe('raportti.pdf');
    expect(downloadName('raportti.2026.pdf', 'pdf')).toBe('raportti.2026.pdf');
    expect(downloadName('RAPORTTI.PDF', 'pdf')).toBe('RAPORTTI.PDF');
    expect(downloadName('kuva.jpeg', 'jpg')).toBe('kuva.jpeg');
    expect(downloadName('kuva.pdf', 'jpg')).toBe('kuva.jpg');
    expect(downloadName('versio 1.2', 'pdf')).toBe('versio 1.2.pdf');
    expect(downloadName('.htaccess', 'pdf')).toBe('.htaccess.pdf');
    expect(downloadName('ohje.pdf.exe', 'pdf')).toBe('ohje.pdf.pdf');
  });
});
