import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { formatHelsinkiDateTime } from './helsinki-time.js';
import type { ExportTexts, RawMeasurement, RawRow, SummaryRow } from './rows.js';

/**
 * CSV as Finnish Excel opens it with a double click (docs/ARCHITECTURE.md, "Exports"): UTF-8
 * with a byte-order mark (without it Excel reads the file as Windows-1252 and breaks ä and ö),
 * `;` between fields (the list separator of the Finnish locale, so each value lands in its own
 * column) and a decimal comma, times `DD.MM.YYYY HH:mm:ss` in Finnish time, CRLF line ends.
 * A text that begins with = + - @ is prefixed with ' so that no name becomes a formula.
 */
const CSV_OPTIONS = {
  delimiter: ';',
  bom: true,
  header: true,
  record_delimiter: '\r\n',
  escape_formulas: true,
  cast: {
    number: (value: number) => formatFinnishNumber(value),
    date: (value: Date) => formatHelsinkiDateTime(value),
  },
} as const;

/** At most 3 decimals (spec 001 §9), trailing zeros dropped, decimal comma, no grouping. */
export function formatFinnishNumber(value: number): string {
  let text = value.toFixed(3);
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  if (text === '-0') text = '0';
  return text.replace('.', ',');
}

const summaryColumns = (t: ExportTexts['columns']) => [
  { key: 'targetName', header: t.target },
  { key: 'deviceName', header: t.device },
  { key: 'deviceLocation', header: t.location },
  { key: 'measurementName', header: t.measurement },
  { key: 'measurementUnit', header: t.unit },
  { key: 'value', header: t.latest },
  { key: 'lastAt', header: t.latestAt },
  { key: 'min_value', header: t.min },
  { key: 'max_value', header: t.max },
  { key: 'avg_value', header: t.avg },
  { key: 'count', header: t.count },
  { key: 'lowLimit', header: t.lowLimit },
  { key: 'highLimit', header: t.highLimit },
];

const rawColumns = (t: ExportTexts['columns']) => [
  { key: 'createdAt', header: t.time },
  { key: 'targetName', header: t.target },
  { key: 'deviceName', header: t.device },
  { key: 'deviceLocation', header: t.location },
  { key: 'measurementName', header: t.measurement },
  { key: 'value', header: t.value },
  { key: 'measurementUnit', header: t.unit },
];

/** The summary table (one row per device) as CSV. */
export function summaryCsv(rows: readonly SummaryRow[], texts: ExportTexts): Readable {
  const records = rows.map((row) => ({
    ...row,
    lastAt: row.lastAt === null ? null : new Date(row.lastAt),
  }));
  return csvStream(Readable.from(records), summaryColumns(texts.columns));
}

/**
 * Raw readings as CSV, streamed: a row is read from `rows` only when the reader has taken the
 * bytes before it (stream backpressure), and destroying the returned stream (the client went
 * away) ends `rows`, so the database stops being read.
 */
export function rawCsv(
  rows: AsyncIterable<RawRow>,
  measurement: RawMeasurement,
  texts: ExportTexts,
): Readable {
  async function* records() {
    for await (const row of rows) yield { ...row, ...measurement };
  }
  return csvStream(Readable.from(records()), rawColumns(texts.columns));
}

/** Bytes gathered before they go on: one write per line made the reply (and brotli) crawl. */
const CHUNK_BYTES = 64 * 1024;

/** Passes bytes on in chunks of about CHUNK_BYTES (the rest at the end). */
function chunked() {
  let held: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      size += chunk.byteLength;
      if (size >= CHUNK_BYTES) {
        const out = Buffer.concat(held, size);
        held = [];
        size = 0;
        done(null, out);
      } else done();
    },
    flush(done) {
      done(null, size ? Buffer.concat(held, size) : undefined);
    },
  });
}

function csvStream(source: Readable, columns: { key: string; header: string }[]): Readable {
  const out = chunked();
  // Errors travel along the pipeline (a failed read destroys `out`, which the reply sees); a
  // destroyed `out` destroys the streams before it, and `source` returns its iterator.
  pipeline(source, stringify({ ...CSV_OPTIONS, columns }), out).catch(() => {});
  return out;
}
