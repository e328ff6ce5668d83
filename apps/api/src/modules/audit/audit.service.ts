import { type AuditLogQuery, type AuditLogResponse, can } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import type { Caller } from '../auth/auth.service.js';
import { countAuditEntries, insertAuditEntry, listAuditEntries } from './audit.repository.js';

/** Keys whose values never enter the log, whatever a service passes in. */
const SECRET_KEY = /password|token|hash|^code$|userCode/i;

export interface AuditRecord {
  /** entity.verb: user.create, user.update, user.role, user.state, user.password, ... */
  action: string;
  entityId: string | null;
  organizationId: string | null;
  /** What changed; secret-looking keys are dropped. */
  details?: Record<string, unknown>;
}

function withoutSecrets(details: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
}

export function createAuditService({ db }: { db: Db }) {
  return {
    /**
     * Writes one entry. Pass the transaction of the change itself, so the change and its entry
     * are stored together or not at all.
     */
    record(dbOrTx: Db, actor: Pick<Caller, 'userId' | 'userEmail'>, entry: AuditRecord) {
      return insertAuditEntry(dbOrTx, {
        actorId: actor.userId,
        actorEmail: actor.userEmail,
        action: entry.action,
        entityId: entry.entityId,
        organizationId: entry.organizationId,
        details: withoutSecrets(entry.details),
      });
    },

    /** The whole log, newest first: top administrator only. */
    async list(caller: Caller, query: AuditLogQuery): Promise<Omit<AuditLogResponse, 'message'>> {
      if (!can(caller, { do: 'readAuditLog' })) throw forbidden();
      const [rows, total] = await Promise.all([
        listAuditEntries(db, {
          organizationId: query.organizationId,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        countAuditEntries(db, query.organizationId),
      ]);
      return { auditLog: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
