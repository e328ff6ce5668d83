/**
 * The bulk import of devices (issue 25, goal: 5,000 rows previewed and committed in ≤ 10 s): a
 * file of ROWS devices (5,000) of the demo organization, as a CSV (`;`, BOM, Finnish headers) and
 * as an XLSX, sent over real HTTP to POST /api/devices/import/preview and then to
 * POST /api/devices/import as the demo Ylläpitäjä. Beside them, in the same run, the baseline:
 * reading the same file into rows alone (read-sheet.ts: csv-parse or exceljs), what any import
 * must pay before it checks or stores anything. Each round imports fresh DevEUIs and QR codes, so
 * the organization grows by ROWS devices a round. Runs on PGlite, or on PostgreSQL with
 * BENCH_DATABASE_URL. Run: npm run bench -- device-import      (ROUNDS=3, ROWS=5000)
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { deviceTypes, targets } from '../apps/api/src/db/schema/index.js';
import { readSheet } from '../apps/api/src/modules/device-import/read-sheet.js';
import { serveApp } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { demoOrganization } from './lib/fixture.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ROWS = Number(process.env.ROWS ?? 5000);

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);
const [type] = await db
  .select({ name: deviceTypes.deviceTypeName })
  .from(deviceTypes)
  .where(eq(deviceTypes.organizationId, orgId))
  .limit(1);
const [target] = await db
  .select({ id: targets.targetId })
  .from(targets)
  .where(eq(targets.organizationId, orgId))
  .limit(1);
if (!type || !target) throw new Error('demo type or target missing');
const server = await serveApp(
  database,
  process.env.STATISTICS_UPKEEP_SECONDS
    ? { STATISTICS_UPKEEP_SECONDS: process.env.STATISTICS_UPKEEP_SECONDS }
    : {},
);

const HEADER = [
  'DevEUI',
  'Nimi',
  'QR-koodi',
  'Mittarityyppi',
  'Kohde',
  'Sijainti',
  'Sarjanumero',
  'Käyttöönottopäivä',
];

/** ROWS fresh devices: the type by name, the target by id (both ways a file names them). */
function rows(): string[][] {
  const tag = randomBytes(3).toString('hex');
  return Array.from({ length: ROWS }, (_, i) => [
    randomBytes(8).toString('hex').toUpperCase(),
    `Tuotu ${tag} ${i}`,
    `QR-${tag}-${i}`,
    type?.name ?? '',
    target?.id ?? '',
    `${(i % 8) + 1}. kerros`,
    `SN-${tag}-${i}`,
    '1.6.2026',
  ]);
}

const csvOf = (cells: string[][]) =>
  Buffer.from(`\uFEFF${[HEADER, ...cells].map((row) => row.join(';')).join('\r\n')}\r\n`);

async function xlsxOf(cells: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Mittarit');
  sheet.addRow(HEADER);
  for (const row of cells) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function send(path: string, file: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const started = performance.now();
  const res = await fetch(`${server.address}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
    body: form,
  });
  const body = (await res.json()) as { invalid?: number; imported?: number };
  const ms = performance.now() - started;
  if (!res.ok || body.invalid) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const results: Record<string, { read: number[]; preview: number[]; commit: number[] }> = {
  csv: { read: [], preview: [], commit: [] },
  xlsx: { read: [], preview: [], commit: [] },
};
const sizes: Record<string, number> = {};
for (let round = 0; round < ROUNDS; round += 1) {
  for (const format of ['csv', 'xlsx'] as const) {
    const cells = rows();
    const file = format === 'csv' ? csvOf(cells) : await xlsxOf(cells);
    sizes[format] = file.length;
    const result = results[format] as (typeof results)['csv'];
    const started = performance.now();
    const sheet = await readSheet(file);
    result.read.push(performance.now() - started);
    if (sheet.rows.length !== ROWS) throw new Error('read the wrong number of rows');
    result.preview.push((await send('/api/devices/import/preview', file, `mittarit.${format}`)).ms);
    const commit = await send('/api/devices/import', file, `mittarit.${format}`);
    if (commit.body.imported !== ROWS) throw new Error('not every row imported');
    result.commit.push(commit.ms);
    const last = (samples: number[]) => Math.round(samples.at(-1) ?? 0);
    console.log(
      `round ${round + 1} ${format}: read ${last(result.read)} ms, preview ${last(result.preview)} ms, commit ${last(result.commit)} ms`,
    );
  }
}

console.log(
  `\ndevice import: ${ROWS} rows a file, ${ROUNDS} rounds, ${database.kind} (goal: preview + commit ≤ 10 s)`,
);
console.log(
  `${'format'.padEnd(6)} ${'size'.padStart(9)} ${'read only'.padStart(10)} ${'preview'.padStart(9)} ${'commit'.padStart(9)} ${'both'.padStart(9)} ${'both ÷ read'.padStart(11)}   (p50 ms)`,
);
for (const [format, { read, preview, commit }] of Object.entries(results)) {
  const p50 = (samples: number[]) => percentile(samples, 50);
  const both = preview.map((ms, i) => ms + (commit[i] ?? 0));
  const range = `${Math.round(Math.min(...both))}–${Math.round(Math.max(...both))}`;
  console.log(
    `${format.padEnd(6)} ${`${Math.round((sizes[format] ?? 0) / 1024)} KiB`.padStart(9)} ${p50(read).toFixed(0).padStart(10)} ${p50(preview).toFixed(0).padStart(9)} ${p50(commit).toFixed(0).padStart(9)} ${p50(both).toFixed(0).padStart(9)} ${(p50(both) / p50(read)).toFixed(1).padStart(11)}   both ${range} ms`,
  );
}
await server.app.close();
await database.close();
