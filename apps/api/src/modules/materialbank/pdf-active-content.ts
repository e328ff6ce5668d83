import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  type PDFObject,
  PDFStream,
} from 'pdf-lib';

/**
 * Why a PDF is refused from the material bank: it can run code, start a program or carry other
 * files inside it (issue 26, finding 7), or it cannot be checked at all.
 */
export type PdfRefusal =
  | 'pdfJavaScript'
  | 'pdfLaunch'
  | 'pdfEmbeddedFile'
  | 'pdfEncrypted'
  | 'pdfUnreadable';

/** PDF names that make a document active, by what they do (ISO 32000-1 §12.6.4, §7.11.4). */
const ACTIVE_NAMES: ReadonlyMap<string, PdfRefusal> = new Map([
  ['JS', 'pdfJavaScript'],
  ['JavaScript', 'pdfJavaScript'],
  ['Launch', 'pdfLaunch'],
  ['EmbeddedFile', 'pdfEmbeddedFile'],
  ['EmbeddedFiles', 'pdfEmbeddedFile'],
]);

/** A name in raw bytes (an object pdf-lib could not parse): `/` and regular characters. */
const RAW_NAME = /\/([^\s()<>[\]{}/%]+)/g;

/** A name as written, with its #xx escapes decoded (`/Java#53cript` is `/JavaScript`). */
const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/**
 * Reads the PDF with pdf-lib, which parses every indirect object — those packed in compressed
 * object streams included — and decodes `#xx` escapes in names, and looks at every name, as a
 * dictionary key or a value, in every object and stream dictionary. What it finds first decides.
 * Content streams (page drawings) are not objects and are not searched: a name there draws, it
 * does not act. An encrypted PDF is refused, since its object streams cannot be read without the
 * password; so is one pdf-lib cannot read or that has no page. An object pdf-lib could not parse
 * is searched as text for the same names.
 */
export async function pdfRefusal(bytes: Uint8Array): Promise<PdfRefusal | null> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return 'pdfUnreadable';
  }
  if (pdf.isEncrypted) return 'pdfEncrypted';
  // `%PDF-` and then no document (no catalog, no page) is no PDF a viewer shows: nothing to check.
  if (!(pdf.context.lookup(pdf.context.trailerInfo.Root) instanceof PDFDict))
    return 'pdfUnreadable';
  try {
    if (pdf.getPageCount() === 0) return 'pdfUnreadable';
  } catch {
    return 'pdfUnreadable';
  }
  // Direct objects cannot form a cycle (only references can, and they are not followed: every
  // indirect object is visited once, below), so no visited set is needed.
  const refusalOf = (object: PDFObject | undefined): PdfRefusal | null => {
    // pdf-lib decodes #xx escapes when it reads a name and keeps it in one normal spelling.
    if (object instanceof PDFName) return ACTIVE_NAMES.get(object.asString().slice(1)) ?? null;
    if (object instanceof PDFStream) return refusalOf(object.dict);
    if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const found = refusalOf(key) ?? refusalOf(value);
        if (found) return found;
      }
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) {
        const found = refusalOf(value);
        if (found) return found;
      }
    } else if (object instanceof PDFInvalidObject) {
      const raw = new Uint8Array(object.sizeInBytes());
      object.copyBytesInto(raw, 0);
      for (const [, name] of Buffer.from(raw).toString('latin1').matchAll(RAW_NAME)) {
        const found = ACTIVE_NAMES.get(decodeName(name ?? ''));
        if (found) return found;
      }
    }
    return null;
  };
  try {
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      const found = refusalOf(object);
      if (found) return found;
    }
  } catch {
    // A structure pdf-lib built but cannot hand over cleanly: not a file to vouch for.
    return 'pdfUnreadable';
  }
  return null;
}
