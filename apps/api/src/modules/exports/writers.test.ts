import { PassThrough, type Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatFinnishNumber, rawCsv, summaryCsv } from './csv.js';
import { formatHelsinkiDateTime, helsinkiWallClock } from './helsinki-time.js';
import { type ExportTexts, primed, type RawRow, type SummaryRow } from './rows.js';
import { writeXlsx, XLSX_FORMATS } from './xlsx.js';

const texts: ExportTexts = {
  columns: {
    time: 'Aika',
    target: 'Kohde',
    device: 'Mittari',
    location: 'Sijainti',
    measurement: 'Mittaus',
    unit: 'Yksikkö',
    value: 'Arvo',
    latest: 'Viimeisin arvo',
    latestAt: 'Viimeisin mittausaika',
    min: 'Minimi',
    max: 'Maksimi',
    avg: 'Keskiarvo',
    count: 'Mittauksia',
    lowLimit: 'Alaraja',
    highLimit: 'Yläraja',
  },
  sheets: { summary: 'Yhteenveto', raw: 'Mittaukset' },
};

const measurement = { measurementName: 'Lämpötila', measurementUnit: '°C' };

const summaryRow: SummaryRow = {
  deviceId: 'd1',
  deviceName: 'Neuvotteluhuone; 2. krs',
  targetId: 't1',
  targetName: '=Kohde "A"',
  deviceLocation: '',
  measurementId: 'm1',
  measurementName: 'Lämpötila',
  measurementUnit: '°C',
  value: 21.5,
  lastAt: '2026-07-01T09:30:00.000Z',
  min_value: -3.25,
  max_value: 1234.5678,
  avg_value: 20.123,
  count: 4321,
  lowLimit: 18,
  highLimit: null,
};

async function* rawRows(count: number, start = Date.UTC(2026, 0, 1)): AsyncGenerator<RawRow> {
  for (let i = 0; i < count; i += 1) {
    yield {
      createdAt: new Date(start + i * 600_000),
      deviceId: 'd1',
      deviceName: 'Mittari 1',
      targetName: 'Koulu',
      deviceLocation: 'Aula',
      value: 20 + i / 1000,
    };
  }
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A source that never ends and tells how far it was read and whether it was closed. */
function endless() {
  const state = { pulled: 0, closed: false };
  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for (;;) {
        state.pulled += 1;
        yield {
          createdAt: new Date(Date.UTC(2026, 0, 1) + state.pulled * 1000),
          deviceId: 'd1',
          deviceName: 'Mittari',
          targetName: 'Kohde',
          deviceLocation: 'Aula',
          value: state.pulled,
        };
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, rows: rows() };
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setImmediate(resolve));
  }
};

describe('Finnish numbers and times', () => {
  it('writes at most 3 decimals with a decimal comma and no grouping', () => {
    expect(formatFinnishNumber(21.5)).toBe('21,5');
    expect(formatFinnishNumber(1234.5678)).toBe('1234,568');
    expect(formatFinnishNumber(-3.25)).toBe('-3,25');
    expect(formatFinnishNumber(100)).toBe('100');
    expect(formatFinnishNumber(0.1 + 0.2)).toBe('0,3');
    expect(formatFinnishNumber(-0.0001)).toBe('0');
  });

  it('shows times in Finnish time, summer (+3) and winter (+2) and across the change', () => {
    expect(formatHelsinkiDateTime(new Date('2026-07-01T09:30:05Z'))).toBe('01.07.2026 12:30:05');
    expect(formatHelsinkiDateTime(new Date('2026-01-31T22:00:00Z'))).toBe('01.02.2026 00:00:00');
    // Summer time starts 29.3.2026 at 03:00 Finnish time (01:00 UTC).
    expect(formatHelsinkiDateTime(new Date('2026-03-29T00:59:59Z'))).toBe('29.03.2026 02:59:59');
    expect(formatHelsinkiDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29.03.2026 04:00:00');
    expect(helsinkiWallClock(new Date('2026-10-25T00:30:00Z')).toISOString()).toBe(
      '2026-10-25T03:30:00.000Z',
    );
    expect(helsinkiWallClock(new Date('2026-10-25T01:30:00Z')).toISOString()).toBe(
      '2026-10-25T03:30:00.000Z',
    );
  });
});

describe('CSV', () => {
  it('starts with a BOM, separates by ; and writes Finnish headers, numbers and times', async () => {
    const bytes = await bytesOf(summaryCsv([summaryRow], texts));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFKohde;Mittari;Sijainti;Mittaus;Yksikkö;Viimeisin arvo;Viimeisin mittausaika;Minimi;Maksimi;Keskiarvo;Mittauksia;Alaraja;Yläraja',
    );
    const records = parse(text, { bom: true, delimiter: ';', columns: true }) as Record<
      string,
      string
    >[];
    expect(records).toEqual([
      {
        // A leading = is neutralised; the ; and quotes inside a field are quoted, not split.
        Kohde: `'=Kohde "A"`,
        Mittari: 'Neuvotteluhuone; 2. krs',
        Sijainti: '',
        Mittaus: 'Lämpötila',
        Yksikkö: '°C',
        'Viimeisin arvo': '21,5',
        'Viimeisin mittausaika': '01.07.2026 12:30:00',
        Minimi: '-3,25',
        Maksimi: '1234,568',
        Keskiarvo: '20,123',
        Mittauksia: '4321',
        Alaraja: '18',
        Yläraja: '',
      },
    ]);
  });

  it('writes every raw row in order', async () => {
    const text = (await bytesOf(rawCsv(rawRows(5000), measurement, texts))).toString('utf8');
    const records = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([
      'Aika',
      'Kohde',
      'Mittari',
      'Sijainti',
      'Mittaus',
      'Arvo',
      'Yksikkö',
    ]);
    expect(records).toHaveLength(5001);
    expect(records[1]).toEqual([
      '01.01.2026 02:00:00',
      'Koulu',
      'Mittari 1',
      'Aula',
      'Lämpötila',
      '20',
      '°C',
    ]);
    expect(records[5000]?.[5]).toBe('24,999');
  });

  it('reads the source only as fast as the reader takes, and closes it when destroyed', async () => {
    const { state, rows } = endless();
    const csv = rawCsv(rows, measurement, texts);
    await new Promise((resolve) => csv.once('readable', resolve));
    await until(() => state.pulled > 0);
    // Nobody reads: the source is pulled only until the buffers are full, not on and on.
    const paused = state.pulled;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.pulled).toBeLessThan(2000);
    expect(state.pulled - paused).toBeLessThan(2000);
    csv.destroy();
    await until(() => state.closed);
  });

  it('primes the source so that its refusal comes before any byte', async () => {
    async function* refusing(): AsyncGenerator<RawRow> {
      yield* [];
      throw new Error('refused');
    }
    await expect(primed(refusing())).rejects.toThrow('refused');
    const rows = await primed(rawRows(3));
    const seen: number[] = [];
    for await (const row of rows) seen.push(row.value);
    expect(seen).toEqual([20, 20.001, 20.002]);
  });
});

function sheetOf(workbook: ExcelJS.Workbook, name: string) {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

async function loadXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('XLSX', () => {
  it('writes real numbers and dates with Finnish formats, a header row, summary and raw sheets', async () => {
    const out = new PassThrough();
    const collected = bytesOf(out);
    await writeXlsx(out, {
      texts,
      summary: [summaryRow],
      raw: { rows: rawRows(3000), measurement },
    });
    const workbook = await loadXlsx(await collected);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Yhteenveto', 'Mittaukset']);

    const summary = sheetOf(workbook, 'Yhteenveto');
    expect(summary.getRow(1).values).toEqual([
      undefined,
      'Kohde',
      'Mittari',
      'Sijainti',
      'Mittaus',
      'Yksikkö',
      'Viimeisin arvo',
      'Viimeisin mittausaika',
      'Minimi',
      'Maksimi',
      'Keskiarvo',
      'Mittauksia',
      'Alaraja',
      'Yläraja',
    ]);
    const row = summary.getRow(2);
    // A text stays a text (no formula), numbers are numbers with the Finnish-shown format.
    expect(row.getCell(1).value).toBe('=Kohde "A"');
    expect(row.getCell(6).value).toBe(21.5);
    expect(row.getCell(6).numFmt).toBe(XLSX_FORMATS.value);
    expect(row.getCell(9).value).toBe(1234.5678);
    expect(row.getCell(11).value).toBe(4321);
    expect(row.getCell(11).numFmt).toBe(XLSX_FORMATS.count);
    // The date cell holds Finnish wall-clock time (a spreadsheet date has no zone).
    const lastAt = row.getCell(7);
    expect(lastAt.value).toBeInstanceOf(Date);
    expect((lastAt.value as Date).toISOString()).toBe('2026-07-01T12:30:00.000Z');
    expect(lastAt.numFmt).toBe('dd.mm.yyyy hh:mm');

    const raw = sheetOf(workbook, 'Mittaukset');
    expect(raw.rowCount).toBe(3001);
    expect(raw.getRow(1).getCell(1).value).toBe('Aika');
    const first = raw.getRow(2);
    expect((first.getCell(1).value as Date).toISOString()).toBe('2026-01-01T02:00:00.000Z');
    expect(first.getCell(1).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(first.getCell(6).value).toBe(20);
    expect(first.getCell(6).numFmt).toBe('#,##0.000');
    expect(raw.getRow(3001).getCell(6).value).toBe(22.999);
  });

  it("continues the readings on a new sheet at the sheet's row limit", async () => {
    const out = new PassThrough();
    const collected = bytesOf(out);
    await writeXlsx(out, {
      texts,
      summary: [],
      raw: { rows: rawRows(2500), measurement },
      rowsPerSheet: 1000,
    });
    const workbook = await loadXlsx(await collected);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Yhteenveto',
      'Mittaukset',
      'Mittaukset 2',
      'Mittaukset 3',
    ]);
    // Each sheet has its own header; no reading is lost or repeated at the seams.
    expect(workbook.worksheets.slice(1).map((s) => s.rowCount)).toEqual([1001, 1001, 501]);
    const third = sheetOf(workbook, 'Mittaukset 3');
    expect(third.getRow(1).getCell(1).value).toBe('Aika');
    const last = sheetOf(workbook, 'Mittaukset 2').getRow(1001).getCell(1).value as Date;
    const next = third.getRow(2).getCell(1).value as Date;
    expect(next.getTime() - last.getTime()).toBe(
      (third.getRow(3).getCell(1).value as Date).getTime() - next.getTime(),
    );
  });

  it('writes only the summary sheet for a summary export', async () => {
    const out = new PassThrough();
    const collected = bytesOf(out);
    await writeXlsx(out, { texts, summary: [summaryRow, { ...summaryRow, deviceId: 'd2' }] });
    const workbook = await loadXlsx(await collected);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Yhteenveto']);
    expect(sheetOf(workbook, 'Yhteenveto').rowCount).toBe(3);
  });

  it('stops reading the source when the reader goes away', async () => {
    const { state, rows } = endless();
    const out = new PassThrough();
    const writing = writeXlsx(out, { texts, summary: [], raw: { rows, measurement } });
    // Nobody reads: once the buffers on the way (the sheet's 64 KiB batch, the zip, the reply
    // stream) are full, the writer waits for room rather than reading on.
    let before = -1;
    const deadline = Date.now() + 15_000;
    while (state.pulled !== before && Date.now() < deadline) {
      before = state.pulled;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(state.pulled).toBe(before);
    expect(state.pulled).toBeLessThan(10_000);
    out.destroy();
    await expect(writing).rejects.toThrow();
    expect(state.closed).toBe(true);
  });
});
