import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP's Range and Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  name: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded files live (ADR 0014): a local directory by default; an object store can take
 * its place behind the same functions. Names are chosen by the server (`newObjectName`); every
 * function refuses any other shape of name, so no user input ever reaches a path.
 */
export interface FileStorage {
  /** Writes the whole stream under `name`; the object appears only when complete. Returns its size. */
  put(name: string, source: Readable): Promise<number>;
  /** The object's bytes, or a range of them. */
  open(name: string, range?: ByteRange): Promise<Readable>;
  stat(name: string): Promise<StoredObject | undefined>;
  /** Removes the object (or a listed leftover of an interrupted write); a missing one is no error. */
  remove(name: string): Promise<void>;
  /** Every stored object (for the orphan sweep). */
  list(): AsyncIterable<StoredObject>;
}

/** uuid v4 with the type's extension: the only names storage accepts. */
export const OBJECT_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(pdf|jpg|png|xlsx)$/;

export function newObjectName(extension: 'pdf' | 'jpg' | 'png' | 'xlsx'): string {
  return `${randomUUID()}.${extension}`;
}

export function assertObjectName(name: string): void {
  if (!OBJECT_NAME.test(name)) throw new Error('storage: not an object name');
}
