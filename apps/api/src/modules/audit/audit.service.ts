import type { AuditLogQuery, AuditLogResponse } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { AuditRepository } from './audit.repository.js';

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

export function createAuditService({ auditLog }: { auditLog: AuditRepository }) {
  return {
    /**
     * Writes one entry for the scope's actor. Call it inside the transaction of the change
     * itself, so the change and its entry are stored together or not at all.
     */
    record(scope: Scope, entry: AuditRecord) {
      return auditLog.insert(scope, {
        actorId: scope.actor?.userId ?? null,
        actorEmail: scope.actor?.userEmail ?? null,
        action: entry.action,
        entityId: entry.entityId,
        organizationId: entry.organizationId,
        details: withoutSecrets(entry.details),
      });
    },

    /** The whole log, newest first: the top administrator with the Hallinta permission only. */
    async list(caller: Caller, query: AuditLogQuery): Promise<Omit<AuditLogResponse, 'message'>> {
      const scope = authorize(caller, { do: 'readAuditLog' }, { do: 'administer' });
      const [rows, total] = await Promise.all([
        auditLog.list(scope, {
          organizationId: query.organizationId,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        auditLog.count(scope, query.organizationId),
      ]);
      return { auditLog: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
