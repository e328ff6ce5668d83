import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, organizations } from '../../db/schema/index.js';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Newest first; the audit log is read only by the top administrator, across organizations. */
export function listAuditEntries(
  db: Db,
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
    .where(organizationId ? eq(auditLog.organizationId, organizationId) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function countAuditEntries(db: Db, organizationId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(organizationId ? eq(auditLog.organizationId, organizationId) : undefined);
  return row?.n ?? 0;
}
