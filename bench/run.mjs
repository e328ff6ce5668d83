// npm run bench [-- name]: runs bench/<name>.ts, or every benchmark (the soak run is its own
// command: npm run soak).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'stats.ts' && f !== 'soak.ts')
  .map((f) => f.slice(0, -3));
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`no benchmark "${name}" (have: ${all.join(', ')})`);
    process.exit(2);
  }
  const { status } = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, `${name}.ts`)],
    { stdio: 'inherit' },
  );
  if (status !== 0) process.exit(status ?? 1);
}
