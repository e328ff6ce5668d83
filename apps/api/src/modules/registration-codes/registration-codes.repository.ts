import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  registrationCodes,
  registrationCodeTargets,
  targets,
} from '../../db/schema/index.js';

export async function insertCode(
  db: Db,
  code: {
    codeHash: string;
    organizationId: string;
    permissions?: number[] | undefined;
    expiresAt?: Date | null | undefined;
    createdBy?: string | null | undefined;
  },
): Promise<string> {
  const [row] = await db
    .insert(registrationCodes)
    .values({
      codeHash: code.codeHash,
      organizationId: code.organizationId,
      ...(code.permissions && { permissions: code.permissions }),
      expiresAt: code.expiresAt ?? null,
      createdBy: code.createdBy ?? null,
    })
    .returning({ id: registrationCodes.id });
  if (!row) throw new Error('registration code not stored');
  return row.id;
}

export async function insertCodeTargets(db: Db, codeId: string, targetIds: string[]) {
  if (targetIds.length === 0) return;
  await db
    .insert(registrationCodeTargets)
    .values(targetIds.map((targetId) => ({ codeId, targetId })));
}

/** How many of `targetIds` belong to the organization (all of them, when the input is valid). */
export async function countTargetsOfOrganization(
  db: Db,
  organizationId: string,
  targetIds: string[],
): Promise<number> {
  if (targetIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(targets)
    .where(
      and(eq(targets.targetOrganizationId, organizationId), inArray(targets.targetId, targetIds)),
    );
  return row?.n ?? 0;
}

/** A code by the hash of its text, with what decides whether it can still be used. */
export async function findCodeByHash(db: Db, codeHash: string) {
  const [row] = await db
    .select({
      id: registrationCodes.id,
      organizationId: registrationCodes.organizationId,
      permissions: registrationCodes.permissions,
      expiresAt: registrationCodes.expiresAt,
      revokedAt: registrationCodes.revokedAt,
      useCount: registrationCodes.useCount,
      organizationState: organizations.organizationState,
      expired: sql<boolean>`coalesce(${registrationCodes.expiresAt} <= now(), false)`,
    })
    .from(registrationCodes)
    .innerJoin(organizations, eq(organizations.organizationId, registrationCodes.organizationId))
    .where(eq(registrationCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** The code's targets that still belong to the code's organization. */
export async function listCodeTargetIds(db: Db, codeId: string, organizationId: string) {
  const rows = await db
    .select({ targetId: registrationCodeTargets.targetId })
    .from(registrationCodeTargets)
    .innerJoin(targets, eq(targets.targetId, registrationCodeTargets.targetId))
    .where(
      and(
        eq(registrationCodeTargets.codeId, codeId),
        eq(targets.targetOrganizationId, organizationId),
      ),
    );
  return rows.map((row) => row.targetId);
}

export async function incrementUseCount(db: Db, codeId: string): Promise<void> {
  await db
    .update(registrationCodes)
    .set({ useCount: sql`${registrationCodes.useCount} + 1` })
    .where(eq(registrationCodes.id, codeId));
}
