import { saveFile } from '@/lib/save-file';

/** A cell Excel would run as a formula starts with one of these; such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number as Finnish Excel reads it: a decimal comma, no grouping. */
export function csvDecimal(value: number, decimals: number): string {
  return value.toFixed(decimals).replace('.', ',');
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * CSV as Finnish Excel opens it, the same as the measurement export: fields separated by ';'
 * (a comma is the decimal separator there), fields with a ';', quote or line break quoted (quotes
 * doubled), CRLF between records; a UTF-8 byte order mark first so Excel reads ä and ö right.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** A file name after a title: characters no file system takes become '-', at most 80. */
export function csvFileName(title: string): string {
  const name = [...title]
    .map((char) => (char < ' ' ? '-' : char))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${name || 'kysely'}.csv`;
}

/** Saves the text as a file through a temporary link. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
