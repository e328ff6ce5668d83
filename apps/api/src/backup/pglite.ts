import { existsSync, openAsBlob, readdirSync, renameSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/data-dir-lock.js';
import { countRows, migrationLevel, type Queryable, referencedFiles } from './contents.js';
import { BackupError } from './manifest.js';

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

async function serverVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>('select version() as version');
  return rows[0]?.version ?? '';
}

/**
 * PGlite's own image of its data directory (`dumpDataDir`, a gzipped tar), taken with the server
 * stopped: PGlite is one process's database, so the data-directory lock (db/data-dir-lock.ts)
 * refuses while the server holds it. Opening it here first replays its write-ahead log when the
 * server was killed rather than stopped.
 */
export async function dumpPglite(dataDir: string, file: string) {
  const dir = pgliteDir(dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `Tietokantaa ei löydy hakemistosta ${dir} (DATA_DIR=${dataDir}).`,
      `No database in ${dir} (DATA_DIR=${dataDir}): is DATA_DIR (or DATABASE_URL) the server's?`,
    );
  }
  const lock = lockDataDir(dataDir, 'npm run backup');
  try {
    const client = await PGlite.create({ dataDir: dir });
    try {
      const tables = await countRows(client);
      const migrations = await migrationLevel(client);
      const files = await referencedFiles(client);
      const version = await serverVersion(client);
      const image = await client.dumpDataDir('gzip');
      await writeFile(file, image.stream(), { mode: 0o600 });
      // `PostgreSQL 18.6 (PGlite 0.5.16) on wasm32…`: the PGlite version decides what can read it.
      const tool = `${/PGlite [\d.]+/.exec(version)?.[0] ?? 'PGlite'} dumpDataDir`;
      return { serverVersion: version, tool, tables, migrations, files };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Whether DATA_DIR/pglite holds anything (an empty or missing directory is an empty target). */
export function pgliteHasData(dataDir: string): boolean {
  const dir = pgliteDir(dataDir);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Loads the image into DATA_DIR/pglite (`loadDataDir`). With `replace`, a database already there
 * is moved aside to `pglite.replaced-<time>` rather than deleted: the operator removes it once the
 * restore is checked.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  replace: boolean,
): Promise<{ tables: Record<string, number>; movedAside: string | undefined }> {
  const lock = lockDataDir(dataDir, 'npm run restore');
  try {
    const dir = pgliteDir(dataDir);
    let movedAside: string | undefined;
    if (pgliteHasData(dataDir)) {
      if (!replace) throw notEmptyError(dir);
      movedAside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, movedAside);
    }
    const client = await PGlite.create({ dataDir: dir, loadDataDir: await openAsBlob(file) });
    try {
      return { tables: await countRows(client), movedAside };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

export function notEmptyError(where: string): BackupError {
  return new BackupError(
    `Kohde ${where} ei ole tyhjä; palautus tehdään vain tyhjään. --force korvaa sen sisällön.`,
    `The target ${where} is not empty; a restore goes into an empty one. --force replaces what it holds.`,
  );
}
