import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageArea } from '../lib/storage/create-storage.js';
import type { FileStorage } from '../lib/storage/storage.js';
import type { StoredFile } from './contents.js';
import { BackupError, backupPathOf, type FileEntry, sha256OfStream } from './manifest.js';

/** The storage of each area, as the server's configuration has it. */
export type StorageOf = (area: StorageArea) => FileStorage;

/** Passes the bytes through, counting and hashing them on the way. */
function tap() {
  const hash = createHash('sha256');
  const result = { bytes: 0, sha256: () => hash.digest('hex') };
  async function* through(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      result.bytes += chunk.length;
      yield chunk;
    }
  }
  return { through, result };
}

/**
 * Copies each named file out of its area's storage (the local directory or the S3 bucket) into
 * the backup's `files/`, with its size and SHA-256. A name the storage no longer holds (deleted
 * since the database snapshot) is listed as missing (`<area>/<name>`) instead of failing the
 * backup.
 */
export async function copyFilesOut(
  storageOf: StorageOf,
  files: readonly StoredFile[],
  backupDir: string,
): Promise<{ entries: FileEntry[]; missing: string[] }> {
  const entries: FileEntry[] = [];
  const missing: string[] = [];
  for (const { area, name } of files) {
    const storage = storageOf(area);
    if (!(await storage.stat(name))) {
      missing.push(`${area}/${name}`);
      continue;
    }
    const file = path.join(backupDir, backupPathOf({ area, name }));
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const { through, result } = tap();
    await pipeline(
      await storage.open(name),
      through,
      createWriteStream(file, { flags: 'wx', mode: 0o600 }),
    );
    entries.push({ area, name, bytes: result.bytes, sha256: result.sha256() });
  }
  return { entries, missing };
}

export async function storageIsEmpty(storage: FileStorage): Promise<boolean> {
  for await (const _ of storage.list()) return false;
  return true;
}

/**
 * Puts every file of the backup into its area's storage, checking its SHA-256 on the way in (a damaged
 * backup file is not stored) and again by reading it back from the storage afterwards.
 */
export async function restoreFiles(
  storageOf: StorageOf,
  backupDir: string,
  entries: readonly FileEntry[],
): Promise<number> {
  let bytes = 0;
  for (const entry of entries) {
    const storage = storageOf(entry.area);
    const { through, result } = tap();
    await storage.put(
      entry.name,
      Readable.from(through(createReadStream(path.join(backupDir, backupPathOf(entry))))),
    );
    const written = result.sha256();
    if (written !== entry.sha256) {
      await storage.remove(entry.name);
      throw new BackupError(
        `Varmuuskopion tiedosto ${entry.name} on vioittunut (SHA-256 ei täsmää).`,
        `The backup's file ${entry.name} is damaged: SHA-256 ${written}, the manifest says ${entry.sha256}.`,
      );
    }
    const readBack = await sha256OfStream(await storage.open(entry.name));
    if (readBack.sha256 !== entry.sha256 || readBack.bytes !== entry.bytes) {
      throw new BackupError(
        `Tiedosto ${entry.name} ei palautunut ehjänä.`,
        `The file ${entry.name} reads back from the storage as ${readBack.bytes} bytes, SHA-256 ${readBack.sha256}; the backup has ${entry.bytes} bytes, ${entry.sha256}.`,
      );
    }
    bytes += entry.bytes;
  }
  return bytes;
}
