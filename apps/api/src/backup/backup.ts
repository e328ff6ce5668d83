import { readdirSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig } from '../config/index.js';
import {
  createFileStorage,
  STORAGE_AREAS,
  type StorageArea,
} from '../lib/storage/create-storage.js';
import type { FileStorage } from '../lib/storage/storage.js';
import { assertCountsMatch, assertMigrationsKnown } from './contents.js';
import { copyFilesOut, restoreFiles, type StorageOf, storageIsEmpty } from './files.js';
import {
  appVersion,
  BACKUP_NAME,
  BackupError,
  backupName,
  backupPathOf,
  MANIFEST_FILE,
  type Manifest,
  readManifest,
  sha256Of,
} from './manifest.js';
import { dumpPglite, notEmptyError, pgliteHasData, restorePglite } from './pglite.js';
import { dumpPostgres, postgresRelations, restorePostgres } from './postgres.js';
import { backupsToRemove, parseKeepPolicy } from './retention.js';

const DUMP_FILE = { postgres: 'database.pgdump', pglite: 'pglite.tar.gz' } as const;

type Settings = Pick<BackupConfig, 'databaseUrl' | 'dataDir' | 's3'>;

const kindOf = (config: Settings) => (config.databaseUrl ? 'postgres' : 'pglite');

/** Each storage area's storage as the server has it (one directory or key prefix each). */
const storagesOf = (config: Settings): StorageOf => {
  const storages = Object.fromEntries(
    STORAGE_AREAS.map((area) => [area, createFileStorage(config, area)]),
  ) as Record<StorageArea, FileStorage>;
  return (area) => storages[area];
};

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  /** The backup's size on disk: the dump and the files. */
  bytes: number;
  seconds: number;
  /** Older backups removed under BACKUP_KEEP. */
  removed: string[];
}

/**
 * One backup of what the server's configuration points at: the database (a pg_dump, or PGlite's
 * data-directory image) and every stored file its rows name (material-bank files and their
 * previews, organization logos, feedback photos, the attachments of mails still to be sent), into a new directory in
 * `outDir` with a manifest. The directory is written as `<name>.partial` and renamed when
 * complete, so a backup that failed half way never looks like one. Then BACKUP_KEEP is applied.
 */
export async function createBackup(
  config: Settings & Pick<BackupConfig, 'backupKeep'>,
  outDir: string,
  now = new Date(),
): Promise<BackupResult> {
  const started = performance.now();
  const policy = parseKeepPolicy(config.backupKeep);
  const kind = kindOf(config);
  const name = backupName(now);
  const dir = path.join(outDir, name);
  const partial = `${dir}.partial`;
  // A backup holds every password hash and ingest-key hash: for the operator's eyes only.
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  await mkdir(partial, { mode: 0o700 });
  try {
    const dumpFile = path.join(partial, DUMP_FILE[kind]);
    const database =
      kind === 'postgres'
        ? await dumpPostgres(config.databaseUrl as string, dumpFile)
        : await dumpPglite(config.dataDir, dumpFile);
    const files = await copyFilesOut(storagesOf(config), database.files, partial);
    const dumpBytes = (await stat(dumpFile)).size;
    const manifest: Manifest = {
      format: 'vahti-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      database: {
        kind,
        serverVersion: database.serverVersion,
        tool: database.tool,
        dump: { name: DUMP_FILE[kind], bytes: dumpBytes, sha256: await sha256Of(dumpFile) },
      },
      migrations: database.migrations,
      tables: database.tables,
      files: {
        storage: config.s3 ? 's3' : 'local',
        entries: files.entries,
        missing: files.missing,
      },
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(partial, dir);
    const removed: string[] = [];
    for (const old of backupsToRemove(listBackups(outDir), policy)) {
      await rm(path.join(outDir, old.name), { recursive: true, force: true });
      removed.push(old.name);
    }
    return {
      dir,
      manifest,
      bytes: dumpBytes + files.entries.reduce((sum, entry) => sum + entry.bytes, 0),
      seconds: (performance.now() - started) / 1000,
      removed,
    };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** The finished backups in a directory (named as `npm run backup` names them, with a manifest). */
export function listBackups(outDir: string): { name: string; createdAt: Date }[] {
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .flatMap((name) => {
      try {
        return [{ name, createdAt: new Date(readManifest(path.join(outDir, name)).createdAt) }];
      } catch {
        // Not ours after all, or damaged: never removed by retention.
        return [];
      }
    });
}

export interface RestoreResult {
  manifest: Manifest;
  tables: Record<string, number>;
  fileBytes: number;
  seconds: number;
  /** PGlite with --force: where the replaced database was moved. */
  movedAside: string | undefined;
}

/**
 * Restores a backup into the configured database and file storage, both of which must be empty
 * unless `force`. The SHA-256 of the dump and of every file is checked before anything is
 * touched; after the restore every table's row count against the manifest's, and every file's
 * SHA-256 on the way into the storage and read back from it.
 */
export async function restoreBackup(
  config: Settings,
  backupDir: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const force = options.force === true;
  const manifest = readManifest(backupDir);
  assertMigrationsKnown(manifest.migrations);
  const kind = kindOf(config);
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `Varmuuskopio on ${manifest.database.kind === 'pglite' ? 'sulautetusta PGlite-tietokannasta' : 'PostgreSQL-tietokannasta'}; se palautetaan samanlaiseen (${kind === 'postgres' ? 'poista DATABASE_URL' : 'aseta DATABASE_URL'}).`,
      `The backup is of a ${manifest.database.kind} database and restores into the same kind only (${kind === 'postgres' ? 'unset DATABASE_URL to restore into PGlite' : 'set DATABASE_URL to restore into PostgreSQL'}).`,
    );
  }
  const dumpFile = path.join(backupDir, manifest.database.dump.name);
  const dumpSha = await sha256Of(dumpFile).catch(() => 'missing');
  if (dumpSha !== manifest.database.dump.sha256) {
    throw new BackupError(
      `Varmuuskopion tietokantavedos ${dumpFile} on vioittunut tai puuttuu; mitään ei palautettu.`,
      `The backup's database dump ${dumpFile} is damaged or missing (SHA-256 ${dumpSha}, the manifest says ${manifest.database.dump.sha256}); nothing was restored.`,
    );
  }
  for (const entry of manifest.files.entries) {
    const file = path.join(backupDir, backupPathOf(entry));
    const sha = await sha256Of(file).catch(() => 'missing');
    if (sha !== entry.sha256) {
      throw new BackupError(
        `Varmuuskopion tiedosto ${entry.name} on vioittunut tai puuttuu; mitään ei palautettu.`,
        `The backup's file ${backupPathOf(entry)} is damaged or missing (SHA-256 ${sha}, the manifest says ${entry.sha256}); nothing was restored.`,
      );
    }
  }

  const storageOf = storagesOf(config);
  if (!force) {
    const databaseEmpty =
      kind === 'postgres'
        ? (await postgresRelations(config.databaseUrl as string)) === 0
        : !pgliteHasData(config.dataDir);
    if (!databaseEmpty) {
      throw notEmptyError(
        kind === 'postgres' ? 'database (DATABASE_URL)' : path.join(config.dataDir, 'pglite'),
      );
    }
    for (const area of STORAGE_AREAS) {
      if (!(await storageIsEmpty(storageOf(area)))) {
        throw notEmptyError(
          config.s3
            ? `S3 bucket ${config.s3.bucket}${area === 'materialbank' ? '' : ` (${area}/)`}`
            : path.join(config.dataDir, area),
        );
      }
    }
  }

  let tables: Record<string, number>;
  let movedAside: string | undefined;
  if (kind === 'postgres') {
    tables = await restorePostgres(
      config.databaseUrl as string,
      dumpFile,
      manifest.database,
      force,
    );
  } else {
    ({ tables, movedAside } = await restorePglite(config.dataDir, dumpFile, force));
  }
  assertCountsMatch(manifest.tables, tables);
  const fileBytes = await restoreFiles(storageOf, backupDir, manifest.files.entries);
  return { manifest, tables, fileBytes, seconds: (performance.now() - started) / 1000, movedAside };
}
