import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/db/seed.js';

/** Where the test helpers find the migrated database to start each test file from. */
export const PGLITE_IMAGE_ENV = 'VAHTI_TEST_PGLITE_IMAGE';
export const POSTGRES_TEMPLATE_ENV = 'VAHTI_TEST_POSTGRES_TEMPLATE';
/** The same with the demo data loaded: most test files start from it. */
export const PGLITE_DEMO_IMAGE_ENV = 'VAHTI_TEST_PGLITE_DEMO_IMAGE';
export const POSTGRES_DEMO_TEMPLATE_ENV = 'VAHTI_TEST_POSTGRES_DEMO_TEMPLATE';
/** The prefix of every PostgreSQL database this run creates, so its teardown finds them all. */
export const POSTGRES_RUN_ENV = 'VAHTI_TEST_POSTGRES_RUN';

/**
 * Vitest global setup of the api project: one migrated database, and every test file starts
 * from a copy of it (a PGlite data-directory dump, or a PostgreSQL template database)
 * instead of creating and migrating its own. Most of a test file's start-up was that. A second
 * copy holds the demo data too: loading it (users with argon2 hashes, targets, devices, alarms,
 * discussions) took each test file longer than the copy. That copy is made anew each run, since
 * the demo's alarms and discussions are dated relative to now.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const run = `vahti_test_${randomBytes(4).toString('hex')}`;
    const name = `${run}_template`;
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    await database.close();
    const demo = `${run}_demo_template`;
    await adminQuery(url, `create database ${demo} template ${name}`);
    const demoDatabase = await openDatabase({ databaseUrl: withDatabase(url, demo) });
    await seedDemoData(demoDatabase.db);
    await demoDatabase.close();
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    process.env[POSTGRES_DEMO_TEMPLATE_ENV] = demo;
    process.env[POSTGRES_RUN_ENV] = run;
    // Test files drop their own databases; one a worker kept to its end (the isolation matrix
    // shares one app per worker) is dropped here, after every worker has exited.
    return () => dropDatabasesOfRun(url, run);
  }
  // Kept between runs, named by the migrations it holds: a new migration makes a new image.
  const file = path.join(tmpdir(), `vahti-test-pglite-lean-${migrationsDigest()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: null });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // The app has one database and never creates another, so the two template databases are
    // dropped from the image: a third of its bytes, and of each test file's time to load it
    // (0.7 s of CPU rather than 1.3 s a copy, measured in the session of stop 39).
    await client.exec(`update pg_database set datistemplate = false
                         where datname in ('template0', 'template1')`);
    for (const statement of ['drop database template0', 'drop database template1', 'checkpoint'])
      await client.exec(statement);
    const image = await client.dumpDataDir('none');
    await database.close();
    // Written aside and renamed, so a run that starts meanwhile never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
  }
  process.env[PGLITE_IMAGE_ENV] = file;
  const demoFile = path.join(
    tmpdir(),
    `vahti-test-pglite-demo-${randomBytes(6).toString('hex')}.tar`,
  );
  const demo = await openDatabase({ dataDir: null, pgliteImage: new Blob([readFileSync(file)]) });
  await seedDemoData(demo.db);
  const demoImage = await (demo.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await demo.close();
  writeFileSync(demoFile, Buffer.from(await demoImage.arrayBuffer()));
  process.env[PGLITE_DEMO_IMAGE_ENV] = demoFile;
  return () => rmSync(demoFile, { force: true });
}

/** SHA-256 of every committed migration file, in order. */
function migrationsDigest(): string {
  const dir = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/** Runs the statements one by one on one connection (CREATE DATABASE refuses a batch). */
export async function adminQuery(url: string, ...queries: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const query of queries) await client.query(query);
  } finally {
    await client.end();
  }
}

async function dropDatabasesOfRun(url: string, run: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${run}\\_%`],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}
