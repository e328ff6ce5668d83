import type { ErrorCode } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import type { AuditRecord, AuditService } from './audit.service.js';

/** What a change leaves in the log: one entry, several, or none (nothing changed: null or no return). */
type Entries = AuditRecord | readonly AuditRecord[] | null | undefined;

/**
 * The shape of every audited change, written once: `work` makes the change and returns its
 * audit entry (with anything else the caller needs, such as a new record's id as `entityId`);
 * the entry is written in the same transaction, so the change and its entry are stored together
 * or not at all. Returns what `work` returned.
 */
export function auditedChanges({ db, audit }: { db: Db; audit: Pick<AuditService, 'record'> }) {
  return function audited<E extends Entries>(scope: Scope, work: () => Promise<E>): Promise<E> {
    return db.transaction(async () => {
      const entries = await work();
      for (const entry of Array.isArray(entries) ? entries : entries ? [entries] : []) {
        await audit.record(scope, entry);
      }
      return entries;
    });
  };
}

/**
 * A write that changed no row (0, false, no row back) did not find its record in scope: the
 * record's 404, which rolls the change back.
 */
export function requireWritten<T>(written: T, code: ErrorCode): NonNullable<T> {
  if (!written) throw notFound(code);
  return written as NonNullable<T>;
}
