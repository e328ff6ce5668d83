import { formatPermissions, type RegistrationCodeRecord } from '@vahti/domain';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  registrationCodes,
  registrationCodeTargets,
  targets,
  users,
} from '../../db/schema/index.js';
import { inScope, type OrganizationScope } from '../../lib/scope.js';

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
    .where(and(eq(targets.organizationId, organizationId), inArray(targets.targetId, targetIds)));
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
      and(eq(registrationCodeTargets.codeId, codeId), eq(targets.organizationId, organizationId)),
    );
  return rows.map((row) => row.targetId);
}

export async function incrementUseCount(db: Db, codeId: string): Promise<void> {
  await db
    .update(registrationCodes)
    .set({ useCount: sql`${registrationCodes.useCount} + 1` })
    .where(eq(registrationCodes.id, codeId));
}

const codeInScope = (scope: OrganizationScope) => inScope(registrationCodes.organizationId, scope);

/**
 * The codes in scope, newest first, with their organization, targets and creator: two queries
 * whatever the number of codes. The creator's e-mail shows only when the creator is in scope (a
 * top administrator who made a code for another organization stays anonymous to it).
 */
export async function listCodes(
  db: Db,
  scope: OrganizationScope,
  filter: { organizationId?: string; codeId?: string } = {},
): Promise<RegistrationCodeRecord[]> {
  const rows = await db
    .select({
      id: registrationCodes.id,
      organizationId: registrationCodes.organizationId,
      organizationName: organizations.organizationName,
      permissions: registrationCodes.permissions,
      createdAt: registrationCodes.createdAt,
      expiresAt: registrationCodes.expiresAt,
      revokedAt: registrationCodes.revokedAt,
      useCount: registrationCodes.useCount,
      createdBy: users.userEmail,
      status: sql<RegistrationCodeRecord['status']>`case
        when ${registrationCodes.revokedAt} is not null then 'revoked'
        when ${registrationCodes.expiresAt} <= now() then 'expired'
        else 'active' end`,
    })
    .from(registrationCodes)
    .innerJoin(organizations, eq(organizations.organizationId, registrationCodes.organizationId))
    .leftJoin(
      users,
      and(
        eq(users.userId, registrationCodes.createdBy),
        scope.organizationId === null ? undefined : eq(users.organizationId, scope.organizationId),
      ),
    )
    .where(
      and(
        codeInScope(scope),
        filter.organizationId
          ? eq(registrationCodes.organizationId, filter.organizationId)
          : undefined,
        filter.codeId ? eq(registrationCodes.id, filter.codeId) : undefined,
      ),
    )
    .orderBy(desc(registrationCodes.createdAt), desc(registrationCodes.id));
  if (rows.length === 0) return [];
  const codeTargets = await db
    .select({
      codeId: registrationCodeTargets.codeId,
      targetId: targets.targetId,
      targetName: targets.targetName,
    })
    .from(registrationCodeTargets)
    .innerJoin(targets, eq(targets.targetId, registrationCodeTargets.targetId))
    .innerJoin(
      registrationCodes,
      and(
        eq(registrationCodes.id, registrationCodeTargets.codeId),
        // A target moved to another organization no longer belongs to the code.
        eq(registrationCodes.organizationId, targets.organizationId),
      ),
    )
    .where(
      inArray(
        registrationCodeTargets.codeId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(targets.targetName), asc(targets.targetId));
  return rows.map(({ permissions, createdAt, expiresAt, revokedAt, ...row }) => ({
    ...row,
    targets: codeTargets
      .filter((target) => target.codeId === row.id)
      .map(({ targetId, targetName }) => ({ targetId, targetName })),
    userPermissions: formatPermissions(permissions),
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    revokedAt: revokedAt?.toISOString() ?? null,
  }));
}

/** A code in scope with what sending it needs: its hash, state and organization. */
export async function findCodeForSending(db: Db, scope: OrganizationScope, codeId: string) {
  const [row] = await db
    .select({
      id: registrationCodes.id,
      codeHash: registrationCodes.codeHash,
      organizationId: registrationCodes.organizationId,
      organizationName: organizations.organizationName,
      organizationState: organizations.organizationState,
      expiresAt: registrationCodes.expiresAt,
      revokedAt: registrationCodes.revokedAt,
      expired: sql<boolean>`coalesce(${registrationCodes.expiresAt} <= now(), false)`,
    })
    .from(registrationCodes)
    .innerJoin(organizations, eq(organizations.organizationId, registrationCodes.organizationId))
    .where(and(codeInScope(scope), eq(registrationCodes.id, codeId)))
    .limit(1);
  return row;
}

/** Revokes a code; a code revoked before keeps its first revokedAt. True when it changed. */
export async function revokeCode(db: Db, codeId: string): Promise<boolean> {
  const rows = await db
    .update(registrationCodes)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(registrationCodes.id, codeId), isNull(registrationCodes.revokedAt)))
    .returning({ id: registrationCodes.id });
  return rows.length > 0;
}
