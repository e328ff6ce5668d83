// `npm run check`: every static check, one per core at a time (tsc is single-threaded), the
// longest first; each step's output is printed whole when it ends, with its time. Exits 1 when
// any step failed. The Node workspaces (domain, api, bench) are one TypeScript program
// (tsconfig.node.json), so the API is checked once rather than once per workspace that imports it.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STEPS = [
  ['typecheck: domain, api, bench', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json']],
  ['typecheck: web', 'npx', ['tsc', '--noEmit', '-p', 'apps/web']],
  ['module boundaries and scopes', 'npm', ['run', '--silent', 'boundaries']],
  ['typecheck: e2e', 'npx', ['tsc', '--noEmit', '-p', 'e2e']],
  ['OpenAPI drift', 'npm', ['run', '--silent', 'openapi:check', '-w', '@vahti/api']],
  ['format and lint', 'npx', ['biome', 'ci', '--error-on-warnings', '.']],
  ['migration drift', 'npm', ['run', '--silent', 'db:check', '-w', '@vahti/api']],
];

function run([name, command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      process.stdout.write(
        `${output.trim() ? `${output.trimEnd()}\n` : ''}== ${name}: ${status}, ${seconds} s\n`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...STEPS];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await run(step));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
