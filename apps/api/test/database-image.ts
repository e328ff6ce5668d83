import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';

/** Where the test helpers find the migrated database to start each test file from. */
export const PGLITE_IMAGE_ENV = 'VAHTI_TEST_PGLITE_IMAGE';
export const POSTGRES_TEMPLATE_ENV = 'VAHTI_TEST_POSTGRES_TEMPLATE';

/**
 * Vitest global setup of the api project: migrates one database per run, and every test file
 * starts from a copy of it (a PGlite data-directory dump, or a PostgreSQL template database)
 * instead of creating and migrating its own. Most of a test file's start-up was that.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `vahti_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    await database.close();
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-image-'));
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const image = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  process.env[PGLITE_IMAGE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

export async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
