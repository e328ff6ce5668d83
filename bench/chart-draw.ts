/**
 * How long a device-year chart takes to draw in the browser (issue 12: "drawn ≤ 200 ms in
 * headless Chromium"). The payload has the shape and size of GET /api/measurement-data for one
 * device, a year and a 1200 px chart: 52,560 uplinks (one per 10 min) reduced by the server to
 * each of 1200 time buckets' min and max point (2,400 points), plus the alarms of the year. It is
 * drawn through the web app's own chart code (bench/lib/chart-draw-page.ts, bundled by Vite:
 * measurementChartOption with { interactive: true }, the same ECharts modules, SVG) in headless
 * Chromium (CHROME_PATH, default /usr/bin/chromium, the e2e flags, a fresh profile), from parsing
 * the JSON until two animation frames after setOption (laid out and painted).
 * Beside it, same run: an empty chart (axes and title only), the same 2,400 points without the
 * limit lines and alarm marks, the raw 52,560 points (what the server's reduction saves), and
 * the product's case drawn on canvas instead of SVG.
 * Each case at full speed and with 4× CPU slowdown (a mid-range phone).
 * Run: npm run bench -- chart-draw   (ROUNDS=15 by default)
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-args.js';
import { percentile } from './stats.js';

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const WIDTH = 1200;
const YEAR_MS = 365 * 24 * 3_600_000;
const STEP_MS = 10 * 60_000;
const MID = 'bench-temperature';
const END = Date.UTC(2026, 10, 1);
const START = END - YEAR_MS;

type Row = { createdAt: string; data: Record<string, number> };

/** A year of indoor temperature: daily and seasonal swings, noise, and a dozen hot spells. */
function rawYear(): { time: number; value: number }[] {
  const rows: { time: number; value: number }[] = [];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let time = START; time < END; time += STEP_MS) {
    const day = Math.sin(((time % 86_400_000) / 86_400_000) * 2 * Math.PI);
    const season = Math.sin(((time - START) / YEAR_MS) * 2 * Math.PI);
    const spell = Math.floor((time - START) / (YEAR_MS / 12));
    const hot = (time - START) % (YEAR_MS / 12) < 3 * 3_600_000 ? 6 + spell * 0.1 : 0;
    const value = 21.5 + 1.2 * day + 2 * season + (random() - 0.5) * 0.6 + hot;
    rows.push({ time, value: Math.round(value * 100) / 100 });
  }
  return rows;
}

/** As the server reduces a long range: per time bucket its min and max point, in time order. */
function minMaxBuckets(rows: { time: number; value: number }[], buckets: number) {
  const width = (END - START) / buckets;
  const out: { time: number; value: number }[] = [];
  let i = 0;
  for (let b = 0; b < buckets; b++) {
    const until = START + (b + 1) * width;
    let min: { time: number; value: number } | undefined;
    let max: { time: number; value: number } | undefined;
    for (; i < rows.length && (rows[i]?.time ?? 0) < until; i++) {
      const row = rows[i] as { time: number; value: number };
      if (!min || row.value < min.value) min = row;
      if (!max || row.value > max.value) max = row;
    }
    if (min && max)
      out.push(...(min === max ? [min] : min.time < max.time ? [min, max] : [max, min]));
  }
  return out;
}

/** As the server answers a year (issue 27): per day the mean (3 decimals), and its min and max. */
function dailyBuckets(rows: { time: number; value: number }[]) {
  const days = new Map<number, number[]>();
  for (const r of rows) {
    const day = Math.floor(r.time / 86_400_000) * 86_400_000;
    days.set(day, [...(days.get(day) ?? []), r.value]);
  }
  return [...days].map(([time, values]) => ({
    time,
    value: Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000,
    min: Math.min(...values),
    max: Math.max(...values),
  }));
}

function payload(
  rows: { time: number; value: number; min?: number; max?: number }[],
  resolution: 'raw' | 'minutes' | 'day',
) {
  const alarms = Array.from({ length: 12 }, (_, i) => ({
    id: `alarm-${i}`,
    createdAt: new Date(START + i * (YEAR_MS / 12) + 3_600_000).toISOString(),
    closedAt: new Date(START + i * (YEAR_MS / 12) + 3 * 3_600_000).toISOString(),
    alarmBreakThrough: 'up',
    value: 27.6 + i * 0.1,
  }));
  return JSON.stringify({
    message: 'Mittausdata haettu',
    deviceId: 'bench-device',
    measurementId: MID,
    measurementName: 'Lämpötila',
    measurementUnit: '°C',
    lowLimit: 19,
    highLimit: 27,
    downsampled: resolution !== 'raw',
    resolution,
    bucketMinutes: resolution === 'minutes' ? Math.ceil(YEAR_MS / 60_000 / WIDTH) : null,
    measurementData: rows.map(
      (r): Row => ({ createdAt: new Date(r.time).toISOString(), data: { [MID]: r.value } }),
    ),
    band: rows.flatMap((r) =>
      r.min === undefined || r.max === undefined
        ? []
        : [{ createdAt: new Date(r.time).toISOString(), min: r.min, max: r.max }],
    ),
    alarms,
  });
}

const raw = rawYear();
const reduced = minMaxBuckets(raw, WIDTH);
const daily = dailyBuckets(raw);
const payloads = {
  empty: payload([], 'raw'),
  // The answer before issue 27: each bucket's min and max point as one line.
  reduced: payload(reduced, 'minutes'),
  daily: payload(daily, 'day'),
  raw: payload(raw, 'raw'),
};

// The page script: the web app's chart code and ECharts in one file.
const built = await build({
  configFile: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    write: false,
    minify: true,
    lib: {
      entry: new URL('./lib/chart-draw-page.ts', import.meta.url).pathname,
      formats: ['iife'],
      name: 'chartDrawBench',
    },
  },
});
const bundle = Array.isArray(built) ? built[0] : built;
const script = bundle && 'output' in bundle ? bundle.output[0]?.code : undefined;
if (!script) throw new Error('the page script did not build');

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.setContent('<!doctype html><html lang="fi"><body style="margin:0"></body></html>');
await page.addScriptTag({ content: script });
const cdp = await context.newCDPSession(page);

interface Draw {
  ms: number;
  elements: number;
  limitLabels: number;
}
const cases = [
  { name: 'empty chart (baseline)', json: payloads.empty, marks: false },
  { name: '2,400 points, no limits/alarms (baseline)', json: payloads.reduced, marks: false },
  { name: '2,400 points + limits + 12 alarms', json: payloads.reduced, marks: true },
  { name: 'daily means + band + limits + alarms', json: payloads.daily, marks: true },
  { name: 'raw 52,560 points + limits + alarms', json: payloads.raw, marks: true },
  {
    name: '2,400 points + limits + alarms, canvas',
    json: payloads.reduced,
    marks: true,
    renderer: 'canvas',
  },
] as const;

const results: { cpu: string; name: string; samples: number[]; last: Draw }[] = [];
for (const rate of [1, 4]) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const samples = cases.map(() => [] as number[]);
  const last: Draw[] = [];
  // Two warm-up rounds, then the cases interleaved so that machine noise hits each alike.
  for (let round = -2; round < ROUNDS; round++) {
    for (const [i, c] of cases.entries()) {
      const renderer = 'renderer' in c ? c.renderer : 'svg';
      const draw = await page.evaluate(
        ([json, marks, how]) =>
          (
            window as unknown as {
              benchDraw: (j: string, m: boolean, r: string) => Promise<Draw>;
            }
          ).benchDraw(json, marks, how),
        [c.json, c.marks, renderer] as const,
      );
      if (round >= 0) samples[i]?.push(draw.ms);
      last[i] = draw;
    }
  }
  for (const [i, c] of cases.entries()) {
    results.push({
      cpu: rate === 1 ? 'full speed' : '4× slowdown',
      name: c.name,
      samples: samples[i] ?? [],
      last: last[i] as Draw,
    });
  }
}
await browser.close();

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const size = (json: string) =>
  `${kB(Buffer.byteLength(json))} raw, ${kB(gzipSync(json).length)} gzip, ${kB(brotliCompressSync(json).length)} brotli`;
console.log(`\nchart payloads (device-year, ${WIDTH} px): ${raw.length} uplinks`);
console.log(`  reduced to ${reduced.length} points: ${size(payloads.reduced)}`);
console.log(`  ${daily.length} daily means + band: ${size(payloads.daily)}`);
console.log(`  raw ${raw.length} points:       ${size(payloads.raw)}`);
console.log(`\nchart draw in headless Chromium, ${ROUNDS} rounds each (JSON.parse → painted)`);
console.log(
  `${'cpu'.padEnd(12)} ${'case'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'× base'.padStart(7)} ${'els'.padStart(8)} ${'limit labels'.padStart(13)}`,
);
for (const r of results) {
  const base = results.find((b) => b.cpu === r.cpu && b.name.startsWith('2,400 points, no'));
  const p50 = percentile(r.samples, 50);
  const ratio = base ? p50 / percentile(base.samples, 50) : Number.NaN;
  console.log(
    `${r.cpu.padEnd(12)} ${r.name.padEnd(42)} ${p50.toFixed(1).padStart(8)} ${percentile(r.samples, 95).toFixed(1).padStart(8)} ${ratio.toFixed(2).padStart(7)} ${String(r.last.elements).padStart(8)} ${String(r.last.limitLabels).padStart(13)}`,
  );
}
