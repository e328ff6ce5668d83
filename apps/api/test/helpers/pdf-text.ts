import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * Reads a PDF the way a check needs it: the page count, and the text drawn with the standard
 * fonts (hex strings of WinAnsi codes in the decompressed content streams), line by line.
 */
export async function readPdf(bytes: Uint8Array | Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return { pageCount: pdf.getPageCount(), lines, text: lines.join('\n') };
}
