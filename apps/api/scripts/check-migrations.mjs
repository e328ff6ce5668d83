// Fails when the Drizzle schema and the committed migrations disagree (migration drift):
// drizzle-kit generates into a scratch copy, and any new file there means a migration is missing.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const api = path.resolve(import.meta.dirname, '..');
const committed = path.join(api, 'src/db/migrations');
// drizzle-kit wants a relative output folder, so the scratch copy lives beside the config.
const scratchName = `.migrations-check-${process.pid}`;
const scratch = path.join(api, scratchName);
cpSync(committed, scratch, { recursive: true });
const config = path.join(api, `drizzle.check.${process.pid}.config.ts`);
writeFileSync(
  config,
  `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './src/db/schema/index.ts', out: './${scratchName}' });\n`,
);
try {
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], {
    cwd: api,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!/No schema changes|migration file/.test(output))
    throw new Error(`drizzle-kit said:\n${output}`);
} finally {
  rmSync(config);
}
const before = new Set(readdirSync(committed));
const added = readdirSync(scratch).filter((name) => !before.has(name));
rmSync(scratch, { recursive: true, force: true });
if (added.length > 0) {
  console.error(
    `Migration drift: the schema has changes with no committed migration (${added.join(', ')}). Run npm run db:generate -w @vahti/api.`,
  );
  process.exit(1);
}
console.log('migrations: in step with the schema');
