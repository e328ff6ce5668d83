import { type Database, openDatabase } from '../../apps/api/src/db/client.js';
import { seedDemoData } from '../../apps/api/src/db/seed.js';

/**
 * A fresh database with the demo data, analyzed as `npm start` leaves it: an in-memory PGlite,
 * or the PostgreSQL of BENCH_DATABASE_URL emptied first (the benchmark owns that database).
 */
export async function openBenchDatabase(): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) await emptyBenchDatabase(url);
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  await seedDemoData(database.db, { analyze: true });
  return database;
}

/** Empties the PostgreSQL database at `url` (the benchmark owns it): no tables, no migrations. */
export async function emptyBenchDatabase(url: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
  );
  await client.end();
}

/** Group commit settings to try (INGEST_GROUP_MAX_ROWS, _DELAY_MS, _FLUSHES), for the app's config. */
export const ingestGroupEnv = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('INGEST_GROUP_') && entry[1] !== undefined,
    ),
  );
