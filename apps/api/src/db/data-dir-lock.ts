import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Next to DATA_DIR/pglite, not in it: a data-directory dump must not carry the lock along. */
export const LOCK_FILE = 'pglite.lock';

interface Holder {
  pid: number;
  host: string;
  purpose: string;
  since: string;
}

/** Locks this process holds; a lock naming our own pid but not in here is a previous life's. */
const held = new Set<string>();

export class DataDirInUseError extends Error {}

export interface DataDirLock {
  release(): void;
}

/**
 * PGlite is one process's database: a second process opening the same directory (a second
 * server, or a backup while the server runs) would corrupt it, and PGlite does not stop it.
 * Every opener of DATA_DIR/pglite takes this lock first: a file with its pid, created
 * exclusively. A lock whose process is gone (a crash, a kill -9) is taken over.
 */
export function lockDataDir(dataDir: string, purpose: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    purpose,
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o600 });
      held.add(file);
      return {
        release() {
          if (!held.delete(file)) return;
          if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && isAlive(holder, file)) {
      throw new DataDirInUseError(
        [
          `Tietokanta ${path.join(path.resolve(dataDir), 'pglite')} on käytössä (${holder.purpose}, prosessi ${holder.pid} koneella ${holder.host} ${holder.since} alkaen). Pysäytä se ensin.`,
          `The database ${path.join(path.resolve(dataDir), 'pglite')} is in use (${holder.purpose}, process ${holder.pid} on ${holder.host} since ${holder.since}). Stop it first.`,
          `If no such process runs, remove ${file}.`,
        ].join('\n'),
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`Could not take the lock ${file}; try again.`);
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' ? (holder as Holder) : undefined;
  } catch {
    // Unreadable or half written (the writer died mid-write): nobody holds it.
    return undefined;
  }
}

function isAlive(holder: Holder, file: string): boolean {
  // Another machine's process (a shared disk) cannot be asked: assume it runs.
  if (holder.host !== hostname()) return true;
  // Our own pid: ours now, or a previous process's under the same pid (pid 1 in a container).
  if (holder.pid === process.pid) return held.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
