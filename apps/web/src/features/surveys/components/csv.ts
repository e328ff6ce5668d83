import { saveFile } from '@/lib/save-file';

/** A cell Excel would run as a formula starts with one of these; such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV: comma-separated, fields with a comma, quote or line break quoted (quotes
 * doubled), CRLF between records; a UTF-8 byte order mark first so Excel reads ä and ö right.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Saves the text as a file through a temporary link. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
