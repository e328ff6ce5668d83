import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertObjectName,
  type ByteRange,
  type FileStorage,
  OBJECT_NAME,
  type StoredObject,
} from './storage.js';

const TEMP_PREFIX = '.upload-';
/** A temporary file of an interrupted write, as `list` shows it. */
const TEMP_NAME = /^\.upload-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Files in one directory (DATA_DIR/materialbank by default). A write goes to a temporary file
 * that is renamed into place when complete, so a reader never sees half an object; temporary
 * files a crash leaves behind are swept like any orphan.
 */
export function createLocalStorage(directory: string): FileStorage & { directory: string } {
  const dir = path.resolve(directory);
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }));
  const pathOf = (name: string) => {
    assertObjectName(name);
    return path.join(dir, name);
  };

  return {
    directory: dir,

    async put(name, source) {
      const target = pathOf(name);
      await ensureDir();
      const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
      try {
        await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return (await stat(target)).size;
    },

    async open(name, range?: ByteRange): Promise<Readable> {
      return createReadStream(pathOf(name), range ? { start: range.start, end: range.end } : {});
    },

    async stat(name) {
      try {
        const info = await stat(pathOf(name));
        return info.isFile() ? { name, size: info.size, modifiedAt: info.mtime } : undefined;
      } catch {
        return undefined;
      }
    },

    async remove(name) {
      await rm(TEMP_NAME.test(name) ? path.join(dir, name) : pathOf(name), { force: true });
    },

    async *list(): AsyncIterable<StoredObject> {
      await ensureDir();
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        if (!OBJECT_NAME.test(entry.name) && !TEMP_NAME.test(entry.name)) continue;
        try {
          const info = await stat(path.join(dir, entry.name));
          yield { name: entry.name, size: info.size, modifiedAt: info.mtime };
        } catch {
          // Gone meanwhile: nothing to sweep.
        }
      }
    },
  };
}
