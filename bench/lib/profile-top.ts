/**
 * The top frames of a V8 CPU profile (`node --cpu-prof`, or BENCH_PROFILE of the HTTP bench):
 * self time by function and by package, as shares of the busy (non-idle) samples, and the total
 * time under a few frames named on the command line. With PROFILE_FROM=<frame> only the samples
 * from the first one under that frame on count (leaves out the start-up).
 * Run: node --import tsx bench/lib/profile-top.ts <file.cpuprofile> [N] [frame ...]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, count = '25', ...named] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [N] [frame ...]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const under = (id: number, name: string) => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    if (byId.get(at)?.callFrame.functionName === name) return true;
  }
  return false;
};
const from = process.env.PROFILE_FROM;
const first = from ? profile.samples.findIndex((id) => under(id, from)) : 0;
const samples = profile.samples.slice(first);
const deltas = profile.timeDeltas.slice(first);

const self = new Map<number, number>();
samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
});
const idle = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)');
const total = [...self.values()].reduce((a, b) => a + b, 0);
const busy = total - idle.reduce((a, [, t]) => a + t, 0);

const where = (url: string) =>
  url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
  (url.includes('/apps/') || url.includes('/packages/') ? 'app' : url ? 'node' : '(native)');
const label = ({ functionName, url, lineNumber }: Node['callFrame']) =>
  `${functionName || '(anonymous)'} ${where(url)}${url ? `:${url.split('/').at(-1)}:${lineNumber + 1}` : ''}`;

function top(key: (node: Node) => string) {
  const sums = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    sums.set(key(node), (sums.get(key(node)) ?? 0) + time);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
}
const pct = (time: number) => `${((time / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(`busy ${(busy / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s sampled`);
console.log('\nself time by function:');
for (const [name, time] of top((node) => label(node.callFrame)))
  console.log(`${pct(time)}  ${name}`);
console.log('\nself time by package:');
for (const [name, time] of top((node) => where(node.callFrame.url)))
  console.log(`${pct(time)}  ${name}`);

// Total (inclusive) time under each named frame, counted once per sample.
for (const name of named) {
  let time = 0;
  samples.forEach((id, i) => {
    if (under(id, name)) time += deltas[i] ?? 0;
  });
  console.log(`under ${name}: ${pct(time)}`);
}
