import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { helsinkiWallClock } from './helsinki-time.js';
import type { ExportTexts, RawMeasurement, RawRow, SummaryRow } from './rows.js';

/**
 * Number formats as the file stores them. XLSX keeps format codes in one invariant syntax (`,`
 * groups thousands, `.` is the decimal point) and each Excel shows them in its own locale, so
 * `#,##0.000` is what a Finnish Excel or LibreOffice shows as `# ##0,000` (1 234,568). Writing the
 * Finnish spelling into the file would mean something else: a trailing comma divides by 1000.
 */
export const XLSX_FORMATS = {
  value: '#,##0.000',
  count: '#,##0',
  time: 'dd.mm.yyyy hh:mm',
} as const;

/**
 * Readings per sheet: a worksheet holds at most 1,048,576 rows (Excel's limit; a longer sheet is
 * cut or refused when opened), one of them the header. A year of 100 devices read every 10
 * minutes is 5.3 million readings, so the readings continue on 'Mittaukset 2', 3, …
 */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

/** Rows written between two looks at the reply stream's buffer. */
const ROWS_PER_CHECK = 200;

interface Column {
  header: string;
  key: string;
  width: number;
  style?: { numFmt: string };
}

const value = (header: string, width = 12): Column => ({
  header,
  key: '',
  width,
  style: { numFmt: XLSX_FORMATS.value },
});

function summaryColumns(t: ExportTexts['columns']): Column[] {
  return [
    { header: t.target, key: 'targetName', width: 24 },
    { header: t.device, key: 'deviceName', width: 24 },
    { header: t.location, key: 'deviceLocation', width: 20 },
    { header: t.measurement, key: 'measurementName', width: 16 },
    { header: t.unit, key: 'measurementUnit', width: 8 },
    { ...value(t.latest, 14), key: 'value' },
    { header: t.latestAt, key: 'lastAt', width: 20, style: { numFmt: XLSX_FORMATS.time } },
    { ...value(t.min), key: 'min_value' },
    { ...value(t.max), key: 'max_value' },
    { ...value(t.avg), key: 'avg_value' },
    { header: t.count, key: 'count', width: 12, style: { numFmt: XLSX_FORMATS.count } },
    { ...value(t.lowLimit), key: 'lowLimit' },
    { ...value(t.highLimit), key: 'highLimit' },
  ];
}

function rawColumns(t: ExportTexts['columns']): Column[] {
  return [
    { header: t.time, key: 'createdAt', width: 20, style: { numFmt: XLSX_FORMATS.time } },
    { header: t.target, key: 'targetName', width: 24 },
    { header: t.device, key: 'deviceName', width: 24 },
    { header: t.location, key: 'deviceLocation', width: 20 },
    { header: t.measurement, key: 'measurementName', width: 16 },
    { ...value(t.value), key: 'value' },
    { header: t.unit, key: 'measurementUnit', width: 8 },
  ];
}

export interface XlsxContent {
  texts: ExportTexts;
  summary: readonly SummaryRow[];
  /** The raw readings for a second sheet; none for a summary export. */
  raw?: { rows: AsyncIterable<RawRow>; measurement: RawMeasurement };
  /** Readings per sheet before the next one begins (tests use a small number). */
  rowsPerSheet?: number;
}

/**
 * Writes the workbook into `out` with ExcelJS's streaming writer: each row is committed (turned
 * into XML and handed to the zip) as it is read, so the range never sits in memory. Before the
 * next rows are read it waits while `out` holds more than its buffer size (the client reads
 * slower than the database gives). Stops reading when `out` is destroyed (the client went
 * away): leaving the loop returns the iterator, which closes its database cursor.
 */
export async function writeXlsx(
  out: Writable,
  { texts, summary, raw, rowsPerSheet = XLSX_ROWS_PER_SHEET }: XlsxContent,
) {
  // Loaded with the first export, not at every start (docs/performance.md, start-up).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Vahti';

  const frozenHeader = { views: [{ state: 'frozen' as const, ySplit: 1 }] };
  const summarySheet = workbook.addWorksheet(texts.sheets.summary, frozenHeader);
  summarySheet.columns = summaryColumns(texts.columns);
  summarySheet.getRow(1).font = { bold: true };
  for (const row of summary) {
    summarySheet
      .addRow({
        ...row,
        lastAt: row.lastAt === null ? null : helsinkiWallClock(new Date(row.lastAt)),
      })
      .commit();
  }
  summarySheet.commit();

  if (raw) {
    const readingsSheet = (number: number) => {
      const name = number === 1 ? texts.sheets.raw : `${texts.sheets.raw} ${number}`;
      const added = workbook.addWorksheet(name, frozenHeader);
      added.columns = rawColumns(texts.columns);
      added.getRow(1).font = { bold: true };
      return added;
    };
    let sheet = readingsSheet(1);
    const { measurementName, measurementUnit } = raw.measurement;
    let written = 0;
    for await (const row of raw.rows) {
      if (written > 0 && written % rowsPerSheet === 0) {
        sheet.commit();
        sheet = readingsSheet(written / rowsPerSheet + 1);
      }
      sheet
        .addRow([
          helsinkiWallClock(row.createdAt),
          row.targetName,
          row.deviceName,
          row.deviceLocation,
          measurementName,
          row.value,
          measurementUnit,
        ])
        .commit();
      written += 1;
      if (written % ROWS_PER_CHECK === 0) await roomIn(out);
    }
    sheet.commit();
  }
  await workbook.commit();
}

/**
 * Lets the zip and the socket work (a source that answers from memory would otherwise keep the
 * loop in microtasks), then resolves once `out` has room again; throws when it was destroyed.
 */
async function roomIn(out: Writable) {
  await new Promise((resolve) => setImmediate(resolve));
  while (!out.destroyed && out.writableNeedDrain) {
    const done = new AbortController();
    const { signal } = done;
    try {
      await Promise.race([once(out, 'drain', { signal }), once(out, 'close', { signal })]);
    } finally {
      done.abort();
    }
  }
  if (out.destroyed) throw new Error('The reader went away');
}
