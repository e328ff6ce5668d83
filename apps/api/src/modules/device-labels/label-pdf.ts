import { LABEL_SHEET } from '@vahti/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

/** What one label shows. */
export interface Label {
  /** The text the QR code holds. */
  qrValue: string;
  deviceName: string;
  targetName: string;
}

const POINTS_PER_MM = 72 / 25.4;
const mm = (value: number) => value * POINTS_PER_MM;

/** A4 portrait in points. */
const PAGE_WIDTH = mm(210);
const PAGE_HEIGHT = mm(297);
const LABEL_WIDTH = mm(LABEL_SHEET.labelWidthMm);
const LABEL_HEIGHT = mm(LABEL_SHEET.labelHeightMm);
/** The sheet's spare height, split above and below the labels. */
const TOP_MARGIN = (PAGE_HEIGHT - LABEL_SHEET.rows * LABEL_HEIGHT) / 2;
const LEFT_MARGIN = (PAGE_WIDTH - LABEL_SHEET.columns * LABEL_WIDTH) / 2;

/**
 * Inside a label: a 4 mm edge (printer and cutting drift; the code's quiet zone), the 26 mm QR
 * square centred on the height, then the text.
 */
const PADDING = mm(4);
const QR_SIZE = mm(26);
const QR_TOP = (LABEL_HEIGHT - QR_SIZE) / 2;
const TEXT_X = PADDING + QR_SIZE + mm(3);
const TEXT_WIDTH = LABEL_WIDTH - TEXT_X - PADDING;

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.3, 0.3, 0.3);

/**
 * The QR code as one SVG path of unit squares (one per dark module, runs of a row merged):
 * drawn as vectors, sharp at any printer resolution.
 */
function qrPath(value: string): { path: string; size: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return { path: parts.join(''), size: modules.size };
}

/**
 * The standard fonts encode WinAnsi (Windows-1252): Finnish and Swedish letters (ä, ö, å, Ä, Ö,
 * Å) and the other Western European ones are there. Anything else (another script, emoji) is
 * printed as '?' rather than failing the whole sheet.
 */
function printable(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(value.normalize('NFC').replace(/\s+/g, ' ').trim())
    .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** Greedy word wrap within `width`, at most `maxLines`; a cut-off end gets an ellipsis. */
function wrap(font: PDFFont, size: number, value: string, width: number, maxLines: number) {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let current = '';
  const words = value.split(' ').filter(Boolean);
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    // A word longer than the line is split by character.
    current = '';
    for (const char of word) {
      if (fits(current + char)) current += char;
      else {
        lines.push(current);
        current = char;
      }
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

function drawLabel(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  label: Label,
  left: number,
  top: number,
) {
  const qr = qrPath(label.qrValue);
  page.drawSvgPath(qr.path, {
    x: left + PADDING,
    y: top - QR_TOP,
    scale: QR_SIZE / qr.size,
    color: BLACK,
    borderWidth: 0,
  });

  let y = top - PADDING - 9;
  const write = (
    value: string,
    font: PDFFont,
    size: number,
    maxLines: number,
    color = BLACK,
  ): void => {
    for (const line of wrap(font, size, printable(font, value), TEXT_WIDTH, maxLines)) {
      page.drawText(line, { x: left + TEXT_X, y, size, font, color });
      y -= size * 1.2;
    }
  };
  write(label.deviceName, fonts.bold, 9, 3);
  y -= 2;
  write(label.targetName, fonts.regular, 8, 2);
  y -= 2;
  write(label.qrValue, fonts.regular, 6.5, 2, GREY);
}

/**
 * A PDF of label sheets (LABEL_SHEET: A4, 3 × 8 labels of 70 × 37 mm), the labels in the given
 * order, row by row. Each label: the QR code of `qrValue`, the device name, the target name and
 * the QR value in small print (for reading by eye when the code will not scan).
 */
export async function labelsPdf(labels: readonly Label[], createdAt = new Date()) {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Vahti – QR-tarrat');
  pdf.setCreator('Vahti');
  pdf.setProducer('Vahti');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const perPage = LABEL_SHEET.columns * LABEL_SHEET.rows;
  let page: PDFPage | undefined;
  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (slot === 0) page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    if (!page) return;
    const column = slot % LABEL_SHEET.columns;
    const row = Math.floor(slot / LABEL_SHEET.columns);
    drawLabel(
      page,
      fonts,
      label,
      LEFT_MARGIN + column * LABEL_WIDTH,
      PAGE_HEIGHT - TOP_MARGIN - row * LABEL_HEIGHT,
    );
  });
  return pdf.save();
}
