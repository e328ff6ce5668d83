import { performance } from 'node:perf_hooks';

/** Rounds per case; ROUNDS in the environment overrides. */
export const ROUNDS = Number(process.env.ROUNDS ?? 30);

/** Runs `fn` once to warm up, then ROUNDS times, and returns each round's milliseconds. */
export async function time(fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function printTable(
  title: string,
  rows: Array<{ name: string; samples: number[]; ratio: number }>,
) {
  console.log(`\n${title}  (${rows[0]?.samples.length ?? 0} rounds each)`);
  console.log(
    `${'case'.padEnd(36)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'× baseline'.padStart(11)}`,
  );
  for (const row of rows) {
    const p50 = percentile(row.samples, 50).toFixed(1);
    const p95 = percentile(row.samples, 95).toFixed(1);
    console.log(
      `${row.name.padEnd(36)} ${p50.padStart(8)} ${p95.padStart(8)} ${row.ratio.toFixed(2).padStart(11)}`,
    );
  }
}
