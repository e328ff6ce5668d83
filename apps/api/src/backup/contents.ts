import type { StorageArea } from '../lib/storage/create-storage.js';
import { BackupError, knownMigrations, type Manifest } from './manifest.js';

/** What both drivers answer: pg's Client and PGlite. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Our schemas: the app's tables and drizzle's record of the applied migrations. */
const SCHEMAS = ['public', 'drizzle'];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table, keyed `schema.table`, partitions and partitioned tables included. */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1)
      order by 1, 2`,
    [SCHEMAS],
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const { rows } = await db.query<{ count: string | number }>(
      `select count(*) as count from ${quote(schema)}.${quote(name)}`,
    );
    counts[`${schema}.${name}`] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}

/** How many tables and other relations our schemas hold: 0 is an empty database. */
export async function relationCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: string | number }>(
    `select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1)`,
    [SCHEMAS],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The applied migrations by drizzle's record, named by this code's journal. */
export async function migrationLevel(db: Queryable): Promise<Manifest['migrations']> {
  const { rows: exists } = await db.query<{ table: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as table`,
  );
  if (!exists[0]?.table) return { applied: 0, latest: null };
  const { rows } = await db.query<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const newest = Number(rows.at(-1)?.created_at);
  const known = knownMigrations().find((migration) => migration.when === newest);
  return {
    applied: rows.length,
    latest: rows.length === 0 ? null : (known?.tag ?? `unknown migration of ${newest}`),
  };
}

/**
 * A backup made by newer code has migrations this code does not know: its server would run on
 * a schema it was not written for. Restore it with the version that made it (or a newer one).
 */
export function assertMigrationsKnown(migrations: Manifest['migrations']): void {
  const known = knownMigrations();
  if (
    migrations.applied > known.length ||
    (migrations.latest !== null && !known.some((m) => m.tag === migrations.latest))
  ) {
    throw new BackupError(
      `Varmuuskopio on uudemmasta Vahdin versiosta (migraatio ${migrations.latest}); palauta se sillä versiolla tai uudemmalla.`,
      `The backup is from a newer Vahti (migration ${migrations.latest}, ${migrations.applied} applied; this code knows ${known.length}): restore it with that version or a newer one.`,
    );
  }
}

/**
 * Where the database names stored objects, by storage area: each material-bank file's content,
 * the earlier contents of a replaced file and the preview images made of them; an
 * organization's logo; a feedback's photo; the files a mail still to be sent carries. A table or
 * column that an older schema lacks names nothing.
 */
const STORED_NAMES: {
  area: StorageArea;
  table: string;
  column: string;
  /** The SQL that names the objects, when not the column itself. */
  name?: string;
  where?: string;
}[] = [
  { area: 'materialbank', table: 'materialbank_files', column: 'file' },
  { area: 'materialbank', table: 'materialbank_file_versions', column: 'file' },
  { area: 'materialbank', table: 'materialbank_previews', column: 'preview' },
  { area: 'logos', table: 'organizations', column: 'logo' },
  { area: 'feedback', table: 'feedbacks', column: 'photo' },
  {
    area: 'mail',
    table: 'mail_outbox',
    column: 'attachments',
    name: "jsonb_array_elements(attachments)->>'object'",
    where: "status <> 'sent'",
  },
];

/** A stored object the database names: its area and its name there. */
export interface StoredFile {
  area: StorageArea;
  name: string;
}

/** The stored objects the database names, by area, each once. */
export async function referencedFiles(db: Queryable): Promise<StoredFile[]> {
  const files = new Map<string, StoredFile>();
  for (const { area, table, column, name, where } of STORED_NAMES) {
    const { rows: exists } = await db.query<{ found: number }>(
      `select 1 as found from information_schema.columns
        where table_schema = 'public' and table_name = $1 and column_name = $2`,
      [table, column],
    );
    if (exists.length === 0) continue;
    const { rows } = await db.query<{ name: string | null }>(
      `select ${name ?? column} as name from public.${table} where ${column} is not null${where ? ` and ${where}` : ''}`,
    );
    for (const row of rows) {
      if (row.name) files.set(`${area}/${row.name}`, { area, name: row.name });
    }
  }
  return [...files.values()].sort((a, b) =>
    a.area === b.area ? a.name.localeCompare(b.name) : a.area.localeCompare(b.area),
  );
}

/** The restored database must hold what the backup counted, table by table. */
export function assertCountsMatch(
  expected: Record<string, number>,
  actual: Record<string, number>,
) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const wrong = names.filter((name) => expected[name] !== actual[name]);
  if (wrong.length > 0) {
    const lines = wrong.map(
      (name) =>
        `  ${name}: ${expected[name] ?? 'no table'} in the backup, ${actual[name] ?? 'no table'} restored`,
    );
    throw new BackupError(
      'Palautetun tietokannan rivimäärät eivät vastaa varmuuskopiota.',
      `The restored row counts differ from the backup's:\n${lines.join('\n')}`,
    );
  }
}
