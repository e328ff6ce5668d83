// Writes the OpenAPI document of the API to apps/api/openapi.json, or with --check fails when the
// committed file differs from a freshly generated one (OpenAPI drift). The app is built on an
// in-memory PGlite without demo data; nothing listens.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { openDatabase } from '../src/db/client.js';

const file = path.resolve(import.meta.dirname, '../openapi.json');
const check = process.argv.includes('--check');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys sorted at every level, so the file changes only when the contract does. */
function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key] as Json)]),
  );
}

async function generate(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(import.meta.dirname, 'no-web'),
  });
  const database = await openDatabase({ dataDir: null });
  const { app } = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return `${JSON.stringify(sortKeys(app.swagger() as unknown as Json), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}

type Operations = Map<string, string>;

/** Each operation (METHOD path) with its JSON, to name what differs. */
function operations(document: string): Operations {
  const paths = (JSON.parse(document) as { paths?: Record<string, Record<string, Json>> }).paths;
  const result: Operations = new Map();
  for (const [url, methods] of Object.entries(paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      result.set(`${method.toUpperCase()} ${url}`, JSON.stringify(operation));
    }
  }
  return result;
}

const fresh = await generate();
if (!check) {
  writeFileSync(file, fresh);
  console.log(`openapi: wrote ${path.relative(process.cwd(), file)}`);
} else {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // A missing file is drift like any other.
  }
  if (committed === fresh) {
    console.log('openapi: openapi.json in step with the routes');
  } else {
    const before = committed ? operations(committed) : new Map<string, string>();
    const after = operations(fresh);
    const lines: string[] = [];
    for (const [name, operation] of after) {
      if (!before.has(name)) lines.push(`  added:   ${name}`);
      else if (before.get(name) !== operation) lines.push(`  changed: ${name}`);
    }
    for (const name of before.keys()) if (!after.has(name)) lines.push(`  removed: ${name}`);
    if (lines.length === 0) lines.push('  (outside the operations: info, components or layout)');
    console.error(
      `OpenAPI drift: apps/api/openapi.json differs from the routes.\n${lines.join('\n')}\nRun npm run openapi -w @vahti/api and commit apps/api/openapi.json.`,
    );
    process.exitCode = 1;
  }
}
