/**
 * Indexes that a migration adds to a filled partitioned table, built online (ADR 0048). On
 * PostgreSQL, before the migrations run, each partition's index is built with `CREATE INDEX
 * CONCURRENTLY` — outside any transaction (it cannot run in one, and Drizzle's migrator runs the
 * migrations in one), a month at a time, while writes go on. The migration's own `CREATE INDEX`
 * on the partitioned table then finds every partition's index and only attaches it: a catalog
 * change, no build under its lock. On PGlite (one process, the server not yet serving) the
 * migration builds them itself.
 */

/** What runs a statement outside a transaction (a node-postgres client). */
export interface Query {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

interface OnlineIndex {
  /** The partitioned table's index, as its migration creates it. */
  name: string;
  table: string;
  columns: string[];
  unique: boolean;
}

/** Migration 0034_idempotency_key_in_time_order. */
export const ONLINE_INDEXES: OnlineIndex[] = [
  {
    name: 'measurement_data_device_time_dedup_key',
    table: 'measurement_data',
    columns: ['device_id', 'created_at', 'dedup_key'],
    unique: true,
  },
];

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Builds, for each index of ONLINE_INDEXES not yet on its table, the index of every partition
 * that lacks it, one partition after another. An index left invalid by an interrupted build is
 * dropped and built again. Does nothing where the table or its partitions do not exist yet.
 */
export async function buildIndexesOnline(client: Query): Promise<void> {
  for (const index of ONLINE_INDEXES) {
    const { rows: done } = await client.query(
      `select to_regclass('public.${index.name}') is not null as done`,
    );
    if (done[0]?.done) continue;
    const { rows: partitions } = await client.query(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = to_regclass('public.${index.table}') order by 1`,
    );
    for (const { name: partition } of partitions) {
      // The name PostgreSQL gives a partition's index that it creates itself.
      const name = `${partition}_${index.columns.join('_')}_idx`;
      const { rows } = await client.query(
        `select x.indisvalid as valid from pg_index x join pg_class c on c.oid = x.indexrelid
         where c.relname = '${name}'`,
      );
      if (rows[0]?.valid) continue;
      if (rows[0]) await client.query(`drop index concurrently ${ident(name)}`);
      await client.query(
        `create ${index.unique ? 'unique ' : ''}index concurrently ${ident(name)}
         on ${ident(String(partition))} (${index.columns.map(ident).join(', ')})`,
      );
    }
  }
}
