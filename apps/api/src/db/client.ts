import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packageFile } from '../lib/package-files.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { buildIndexesOnline } from './online-indexes.js';
import { PreparedPGlite } from './pglite-statements.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle handle every repository receives, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A timestamptz as a driver gave it: a Date, or its text in a raw `db.execute` row. */
export const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only (null on PGlite): the pool the handle runs on, and a way to open a
   * connection of its own outside it (the event bus's LISTEN holds one for as long as it runs).
   */
  postgres: { pool: pg.Pool; newClient(): pg.Client } | null;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS = packageFile('src/db/migrations');
/** Serialises migrations across API instances starting at once (arbitrary constant key). */
const MIGRATION_LOCK_KEY = 7_261_803;
const MIGRATION_LOCK_POLL_MS = 500;

export interface DatabaseOptions {
  /** postgres://… uses PostgreSQL; otherwise PGlite in `dataDir` (or in memory when null). */
  databaseUrl?: string | undefined;
  dataDir?: string | null;
  /**
   * PGlite only: a dump of an already migrated data directory to start from (PGlite's
   * `dumpDataDir`). Starting from one is about four times faster than a new database's initdb;
   * the API tests make one per run.
   */
  pgliteImage?: Blob | undefined;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? null, options.pgliteImage);
}

/**
 * PGlite's PostgreSQL keeps PostgreSQL's 128 MB of shared buffers, in its WebAssembly memory,
 * which never shrinks once a page of it was touched; its data files are in the operating system's
 * page cache besides. With 16 MB the demo server holds ≈ 130 MiB less after an hour, and its reads
 * and ingest are as fast (docs/performance.md, "Memory of the embedded default").
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | null, image?: Blob): Promise<Database> {
  let dir: string | undefined;
  let lock: DataDirLock | undefined;
  if (dataDir) {
    lock = lockDataDir(dataDir, 'Vahti server');
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  try {
    const client = await PreparedPGlite.open({
      dataDir: dir,
      startParams: [...PreparedPGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(image && { loadDataDir: image }),
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      postgres: null,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    // Polled, not waited for in one statement: a waiting statement holds a snapshot, and the
    // concurrent index builds of the instance holding the lock would wait for it (ADR 0048).
    const locked = async () =>
      (await migrator.query('select pg_try_advisory_lock($1) as ok', [MIGRATION_LOCK_KEY])).rows[0]
        ?.ok === true;
    while (!(await locked()))
      await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
    await buildIndexesOnline(migrator);
    await migrateNodePg(drizzleNodePg(migrator, { schema }), { migrationsFolder: MIGRATIONS });
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one in use (a transaction open when PostgreSQL shuts down: 57P01 arrives as an 'error'
  // event, which the pool listens for only while the client is idle). Its query in progress fails
  // on its own and answers 503 (plugins/errors.ts); the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    postgres: { pool, newClient: () => new pg.Client({ connectionString: url }) },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
