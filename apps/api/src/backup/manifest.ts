import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { packageFile } from '../lib/package-files.js';
import { STORAGE_AREAS, type StorageArea } from '../lib/storage/create-storage.js';
import { OBJECT_NAME } from '../lib/storage/storage.js';

export const MANIFEST_FILE = 'manifest.json';
/**
 * The stored files inside a backup directory, under their storage names: the material bank's at
 * the top of `files/` (as the first backups had them), another area's in `files/<area>/`.
 */
export const FILES_DIR = 'files';
/** `vahti-backup-2026-11-26T04-30-00-123Z`: the time it was started, sortable. */
export const BACKUP_NAME = /^vahti-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export const backupName = (time: Date) =>
  `vahti-backup-${time.toISOString().replace(/[:.]/g, '-')}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A stored file: only the names storage makes, so no manifest can point a path elsewhere. */
const fileEntry = z.object({
  /** The storage area it is in (backups made before logos and photos were kept: the material bank). */
  area: z.enum(STORAGE_AREAS).default('materialbank'),
  name: z.string().regex(OBJECT_NAME),
  bytes: z.number().int().min(0),
  sha256,
});
export type FileEntry = z.infer<typeof fileEntry>;

/** A file's path in the backup directory, from FILES_DIR on. */
export const backupPathOf = ({ area, name }: { area: StorageArea; name: string }) =>
  area === 'materialbank' ? path.join(FILES_DIR, name) : path.join(FILES_DIR, area, name);

/** What a backup holds and how to check it: written last, so a backup without it is unfinished. */
export const manifestSchema = z.object({
  format: z.literal('vahti-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** The server's version: PostgreSQL's server_version, or PGlite's version(). */
    serverVersion: z.string(),
    /** `pg_dump (PostgreSQL) 15.20`, or `PGlite 0.5.16 dumpDataDir`. */
    tool: z.string(),
    dump: z.object({
      name: z.enum(['database.pgdump', 'pglite.tar.gz']),
      bytes: z.number().int().min(0),
      sha256,
    }),
  }),
  migrations: z.object({
    applied: z.number().int().min(0),
    /** The tag of the newest applied migration (0016_offline_alarms), null if none. */
    latest: z.string().nullable(),
  }),
  /** Rows per table (`schema.table`; a partitioned table counts its partitions' rows too). */
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.object({
    storage: z.enum(['local', 's3']),
    entries: z.array(fileEntry),
    /** Files a row names that the storage no longer held when they were copied. */
    missing: z.array(z.string()),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function readManifest(backupDir: string): Manifest {
  const file = path.join(backupDir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new BackupError(
      `Varmuuskopiota ei löydy: ${file} puuttuu.`,
      `No backup here: ${file} is missing (an unfinished backup has none).`,
    );
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse> | undefined;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    // Not JSON: reported below like any other damage.
  }
  if (!parsed?.success) {
    const issue = parsed?.error.issues[0];
    throw new BackupError(
      `${file} ei ole Vahdin varmuuskopion kuvaus tai on vioittunut.`,
      `${file} is not a Vahti backup manifest or is damaged${issue ? ` (${issue.path.join('.')}: ${issue.message})` : ' (not JSON)'}.`,
    );
  }
  return parsed.data;
}

/** A refusal or failure the operator can act on, in Finnish and English. */
export class BackupError extends Error {
  constructor(finnish: string, english: string) {
    super(`${finnish}\n${english}`);
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function sha256OfStream(stream: AsyncIterable<unknown>): Promise<{
  sha256: string;
  bytes: number;
}> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

const MIGRATIONS_JOURNAL = packageFile('src/db/migrations/meta/_journal.json');

/** This code's migrations, oldest first: drizzle records each applied one by its `when`. */
export function knownMigrations(): { when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(MIGRATIONS_JOURNAL, 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

const API_PACKAGE = packageFile('package.json');

export function appVersion(): string {
  return (JSON.parse(readFileSync(API_PACKAGE, 'utf8')) as { version: string }).version;
}
