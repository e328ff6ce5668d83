import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, organizations } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export function createAuditRepository(db: Db) {
  const filter = (scope: Scope, organizationId?: string) =>
    and(
      inScope(auditLog.organizationId, scope),
      organizationId ? eq(auditLog.organizationId, organizationId) : undefined,
    );

  return {
    async insert(scope: Scope, entry: NewAuditEntry): Promise<void> {
      assertWithin(scope, entry.organizationId ?? null);
      await db.insert(auditLog).values(entry);
    },

    /** Newest first, optionally of one organization. */
    list(
      scope: Scope,
      { organizationId, limit, offset }: { organizationId?: string; limit: number; offset: number },
    ) {
      return db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorId: auditLog.actorId,
          actorEmail: auditLog.actorEmail,
          action: auditLog.action,
          entityId: auditLog.entityId,
          organizationId: auditLog.organizationId,
          organizationName: organizations.organizationName,
          details: auditLog.details,
        })
        .from(auditLog)
        .leftJoin(organizations, eq(organizations.organizationId, auditLog.organizationId))
        .where(filter(scope, organizationId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
    },

    async count(scope: Scope, organizationId?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(filter(scope, organizationId));
      return row?.n ?? 0;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
