import { sql } from 'drizzle-orm';
import { type Database, type Db, rowsOf } from './client.js';

/**
 * Planner statistics where nothing else keeps them (ADR 0033). PostgreSQL's autovacuum analyzes
 * a table once `50 + 10 %` of its rows have changed since the last analyze; PGlite has no
 * background workers, and a PostgreSQL may run with autovacuum off. Without statistics a month's
 * partition of measurement data, filled from empty, is planned as if it were tiny: in the soak
 * the Vainu dashboard's newest reading per device went from 9 ms to 10 s within ten minutes.
 * So the app applies autovacuum's rule itself, from the same change counters.
 */
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;

/** Whether the database analyzes its tables by itself: PostgreSQL with autovacuum on. */
export async function analyzesItself(database: Pick<Database, 'db' | 'kind'>): Promise<boolean> {
  if (database.kind === 'pglite') return false;
  const [settings] = rowsOf<{ on: boolean }>(
    await database.db.execute(
      sql`select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on`,
    ),
  );
  return settings?.on === true;
}

/** A partitioned table is analyzed at most this often (its sample reads every partition). */
export const PARTITIONED_EVERY_MS = 60 * 60_000;

/**
 * One round of the statistics upkeep; returns the names of the tables analyzed.
 * - `tables`: every table and partition of ours changed by more than autovacuum's threshold since
 *   its last analyze (where the database has no autovacuum of its own).
 * - Always: a partitioned table (measurement_data) whose partitions have been analyzed since it
 *   was, at most once an hour. Autovacuum never analyzes one; its statistics are the planner's
 *   estimate for a read across months.
 * Safe beside writes (ANALYZE takes a lock that lets reads and writes through) and beside other
 * instances doing the same (the second waits).
 */
export async function analyzeChanged(db: Db, { tables = true } = {}): Promise<string[]> {
  const stale = tables ? await changedTables(db) : [];
  for (const table of stale) await analyze(db, table);
  const partitioned = await partitionedToAnalyze(db);
  for (const table of partitioned) await analyze(db, table);
  return [...stale, ...partitioned].map((table) => table.name);
}

type Table = { schema: string; name: string };

/** Tables and partitions changed past autovacuum's threshold, the most changed first. */
const changedTables = async (db: Db) =>
  rowsOf<Table>(
    await db.execute(sql`
      select s.schemaname as schema, s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where c.relkind in ('r', 'm')
        and s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, 0)
      order by s.n_mod_since_analyze desc`),
  );

/** Partitioned tables not analyzed for an hour (or ever) whose partitions have been since. */
const partitionedToAnalyze = async (db: Db) =>
  rowsOf<Table>(
    await db.execute(sql`
      select s.schemaname as schema, s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where c.relkind = 'p'
        and (s.last_analyze is null
          or s.last_analyze < now() - make_interval(secs => ${PARTITIONED_EVERY_MS / 1000}))
        and exists (
          select 1 from pg_inherits i join pg_stat_user_tables p on p.relid = i.inhrelid
          where i.inhparent = c.oid
            and greatest(p.last_analyze, p.last_autoanalyze) > coalesce(s.last_analyze, '-infinity'))`),
  );

const analyze = (db: Db, table: Table) =>
  db.execute(sql`analyze ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`);
