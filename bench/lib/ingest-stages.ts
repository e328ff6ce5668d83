/**
 * The app's CPU per uplink by stage, from a CPU profile of the sustained webhook run
 * (BENCH_PROFILE=<dir> DURATION=… npm run bench -- ingest). Each sample goes to the innermost
 * stage frame on its stack (async continuations start a new stack, so a resumed function counts
 * as its own stage); a sample under none goes to the driver (pg, Drizzle) by its leaf's package,
 * else to HTTP and Fastify. Shares of the profile's busy samples, times their share of the CPU an
 * uplink took as the bench measured it (the profiler samples by the clock, so on a busy machine
 * its own totals overstate the CPU).
 * Run: node --import tsx bench/lib/ingest-stages.ts <file.cpuprofile> <app CPU µs an uplink>
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Stage ← frames (function name, and a piece of its file's path). */
const STAGES: Array<[string, Array<[string, string]>]> = [
  [
    'parse (HTTP, JSON body)',
    [
      ['parserOnHeadersComplete', '_http_common'],
      ['onEnd', 'content-type-parser'],
    ],
  ],
  ['validate (body schema)', [['validate', 'fastify/lib/validation']]],
  [
    'authenticate (ingest key)',
    [
      ['authenticate', 'ingest/key-check'],
      ['lookup', 'ingest/key-check'],
    ],
  ],
  [
    'look up (devices)',
    [
      ['byEui', 'ingest/device-lookup'],
      ['dispatchBatch', 'dataloader'],
    ],
  ],
  [
    'decode',
    [
      ['prepare', 'ingest/prepare'],
      ['decode', 'ingest/decoder'],
    ],
  ],
  [
    'write (group commit, insert, health)',
    [
      ['commit', 'ingest/writer'],
      ['write', 'ingest/group-commit'],
      ['insertReadings', 'ingest/ingest.repository'],
      ['record', 'device-health.repository'],
    ],
  ],
  [
    'alarms',
    [
      ['evaluateReadings', 'alarms/alarms.service'],
      ['evaluate', 'alarms/alarms.service'],
      ['evaluateHealth', 'alarms/alarms.service'],
    ],
  ],
  [
    'answer (serialize, compress, write)',
    [
      ['onSendEnd', 'fastify/lib/reply'],
      ['serialize', 'fastify/lib/reply'],
    ],
  ],
];

const [file, micros] = process.argv.slice(2);
if (!file || !micros) throw new Error('usage: ingest-stages.ts <file.cpuprofile> <µs an uplink>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const stageOf = (node: Node) =>
  STAGES.find(([, frames]) =>
    frames.some(
      ([name, path]) => node.callFrame.functionName === name && node.callFrame.url.includes(path),
    ),
  )?.[0];
const driverOf = (url: string) =>
  url.includes('drizzle-orm')
    ? 'driver: Drizzle (query building, result mapping)'
    : /node_modules\/(pg|pg-pool|pg-protocol|pg-types|postgres-array)\//.test(url)
      ? 'driver: node-postgres'
      : undefined;

const totals = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const leaf = byId.get(id);
  const name = leaf?.callFrame.functionName;
  if (!leaf || name === '(idle)' || name === '(program)') return;
  const time = profile.timeDeltas[i] ?? 0;
  busy += time;
  let stage: string | undefined;
  let driver: string | undefined;
  for (let at: number | undefined = id; at !== undefined && !stage; at = parent.get(at)) {
    const node = byId.get(at) as Node;
    stage = stageOf(node);
    driver ??= driverOf(node.callFrame.url);
  }
  const key =
    stage ??
    (name === '(garbage collector)' ? 'garbage collection' : (driver ?? 'HTTP, Fastify, other'));
  totals.set(key, (totals.get(key) ?? 0) + time);
});
const perUplink = Number(micros);
console.log(`busy ${(busy / 1e6).toFixed(2)} s sampled; ${perUplink} µs of CPU an uplink`);
for (const [stage, time] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(
    `${stage.padEnd(48)} ${((time / busy) * 100).toFixed(1).padStart(5)} %  ${((time / busy) * perUplink).toFixed(0).padStart(6)} µs`,
  );
}
