// Reading an import file into rows of cells: an XLSX workbook (its first sheet) or a CSV text
// (UTF-8 with or without a BOM, else Windows-1252; separated by ; as Finnish Excel writes it, or
// by ,). What the file is comes from its content, never from its name or declared type.
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.js';

/** A sheet's rows: the header's cells, then each data row with its line in the file. */
export interface Sheet {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

const fileError = (key: string) =>
  new AppError(400, 'VALIDATION_FAILED', { file: `validation.deviceImport.${key}` });

/** A zip archive's local file header: an XLSX workbook is a zip. */
const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** A cell's value as text: dates as YYYY-MM-DD, rich text and hyperlinks by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<{ cells: string[]; line: number }[]> {
  // Loaded with the first import file, not at every start (docs/performance.md, start-up).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    // A zip that is no workbook (a .docx, a damaged file): not an import file.
    throw fileError('fileType');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('noRows');
  const rows: { cells: string[]; line: number }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based: index 0 is empty.
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i]).trim());
    rows.push({ cells, line });
  });
  return rows;
}

/** `;` when the header has more of them than commas (Finnish Excel's CSV), else `,`. */
function delimiterOf(text: string): ';' | ',' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function readCsv(bytes: Buffer): { cells: string[]; line: number }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: Excel's plain "CSV (puolipiste-eroteltu)" is saved in Windows-1252, where ä and
    // ö are single bytes. Every byte sequence reads as some text in it, so this never fails.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // Text has no NUL; a binary file (a PDF, an image, an old .xls) is not a CSV.
  if (text.includes('\u0000')) throw fileError('fileType');
  const withoutBom = text.replace(/^\uFEFF/, '');
  try {
    const records = parse(withoutBom, {
      delimiter: delimiterOf(withoutBom),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch {
    throw fileError('fileUnreadable');
  }
}

/** The file's header and data rows; blank rows are left out. 400 fields.file when unreadable. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw fileError('fileRequired');
  const table = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const filled = table.filter((row) => row.cells.some((cell) => cell !== ''));
  const [header, ...rows] = filled;
  if (!header) throw fileError('noRows');
  return { header: header.cells, rows };
}
