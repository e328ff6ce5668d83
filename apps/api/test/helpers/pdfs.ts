import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

// Small real PDFs, built with pdf-lib, that carry what the material bank refuses (ISO 32000-1:
// §12.6.4.16 JavaScript actions, §7.7.4 the JavaScript name tree, §12.6.4.5 launch actions,
// §7.11.4 embedded file streams and the EmbeddedFiles name tree). pdf-lib's save packs objects
// into compressed object streams unless told not to, so their names never show in the raw bytes.

async function onePage(text: string) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  page.drawText(text, { x: 72, y: 720, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf;
}

const bytes = async (pdf: PDFDocument, useObjectStreams = true) =>
  Buffer.from(await pdf.save({ useObjectStreams }));

/** A plain one-page PDF. */
export async function cleanPdf() {
  return bytes(await onePage('Huoltokirja'));
}

/** The document runs JavaScript when opened (/OpenAction << /S /JavaScript /JS (…) >>). */
export async function javaScriptPdf({ useObjectStreams = true } = {}) {
  const pdf = await onePage('Avaa minut');
  const action = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  return bytes(pdf, useObjectStreams);
}

/** Document-level JavaScript in the /Names << /JavaScript … >> tree. */
export async function javaScriptNamesPdf() {
  const pdf = await onePage('Nimipuu');
  const action = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(2)') });
  const tree = pdf.context.obj({
    Names: [PDFString.of('x'), pdf.context.register(action)],
  });
  pdf.catalog.set(PDFName.of('Names'), pdf.context.obj({ JavaScript: pdf.context.register(tree) }));
  return bytes(pdf);
}

/** A page that starts a program when it opens (/AA << /O << /S /Launch /F (…) >> >>). */
export async function launchPdf() {
  const pdf = await onePage('Käynnistä');
  const launch = pdf.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
  pdf.getPage(0).node.set(PDFName.of('AA'), pdf.context.obj({ O: pdf.context.register(launch) }));
  return bytes(pdf);
}

/** A file attached to the document (an /EmbeddedFile stream in the /EmbeddedFiles tree). */
export async function embeddedFilePdf() {
  const pdf = await onePage('Liite');
  await pdf.attach(Buffer.from('MZ not really a program'), 'ohjelma.exe', {
    mimeType: 'application/octet-stream',
  });
  return bytes(pdf);
}

/**
 * The JavaScript action with its names written with #xx escapes, as a file that hides from a
 * byte search would: `/S /Java#53cript` and `/J#53`. Saved without object streams, so the
 * escapes are in the bytes as written.
 */
export async function escapedJavaScriptPdf() {
  const raw = (await javaScriptPdf({ useObjectStreams: false })).toString('latin1');
  const escaped = raw.replace('/S /JavaScript', '/S /Java#53cript').replace('/JS (', '/J#53 (');
  if (escaped.includes('/JavaScript') || escaped.includes('/JS ')) throw new Error('not escaped');
  return Buffer.from(escaped, 'latin1');
}

/**
 * An object pdf-lib cannot parse (an unbalanced `]`), placed before the first object, that
 * carries a launch action: pdf-lib keeps it as raw bytes (PDFInvalidObject).
 */
export async function brokenObjectLaunchPdf() {
  const raw = (await bytes(await onePage('Rikki'), false)).toString('latin1');
  const at = raw.indexOf('1 0 obj');
  return Buffer.from(
    `${raw.slice(0, at)}99 0 obj\n<< /S /Launch /F (calc.exe) ] >>\nendobj\n${raw.slice(at)}`,
    'latin1',
  );
}

/** A PDF whose trailer names an encryption dictionary (the standard security handler). */
export async function encryptedPdf() {
  const pdf = await onePage('Salattu');
  pdf.context.trailerInfo.Encrypt = pdf.context.register(
    pdf.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      O: PDFString.of('o'),
      U: PDFString.of('u'),
      P: -4,
    }),
  );
  return bytes(pdf);
}

/**
 * A hostile PDF: one page whose Flate-compressed content stream (ISO 32000-1 §7.4.4, §7.8.2)
 * unpacks to `megabytes` MB of path operators, a few hundred kB on the disk. It passes the upload's
 * checks (nothing in it acts), but rendering it takes far more time and memory than a page should.
 */
export async function heavyPdf(megabytes = 120) {
  const line = Buffer.from('0 0 m 612 792 l S\n'.repeat(60_000));
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let written = 0; written < megabytes * 1024 * 1024; written += line.length) {
    if (!deflate.write(line)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  // The bytes are compressed already: stored as given, marked FlateDecode.
  const stream = pdf.context.stream(Buffer.concat(chunks), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return bytes(pdf);
}
