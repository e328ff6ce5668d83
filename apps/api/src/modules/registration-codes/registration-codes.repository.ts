import { formatPermissions, type RegistrationCodeRecord } from '@vahti/domain';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  registrationCodes,
  registrationCodeTargets,
  targets,
  users,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

/**
 * Registration codes and their targets. Self-registration finds a code by its hash with a system
 * scope; the admin calls read and revoke within the caller's scope.
 */
export function createRegistrationCodesRepository(db: Db) {
  const codeInScope = (scope: Scope) => inScope(registrationCodes.organizationId, scope);

  return {
    async insert(
      scope: Scope,
      code: {
        codeHash: string;
        organizationId: string;
        permissions?: number[] | undefined;
        expiresAt?: Date | null | undefined;
        createdBy?: string | null | undefined;
        maxUses?: number | null | undefined;
      },
    ): Promise<string> {
      assertWithin(scope, code.organizationId);
      const [row] = await db
        .insert(registrationCodes)
        .values({
          codeHash: code.codeHash,
          organizationId: code.organizationId,
          ...(code.permissions && { permissions: code.permissions }),
          expiresAt: code.expiresAt ?? null,
          createdBy: code.createdBy ?? null,
          maxUses: code.maxUses ?? null,
        })
        .returning({ id: registrationCodes.id });
      if (!row) throw new Error('registration code not stored');
      return row.id;
    },

    /** Links the code to targets of its own organization (others are passed over). */
    async insertTargets(scope: Scope, codeId: string, targetIds: string[]) {
      if (targetIds.length === 0) return;
      await db.insert(registrationCodeTargets).select(
        db
          .select({ codeId: registrationCodes.id, targetId: targets.targetId })
          .from(registrationCodes)
          .innerJoin(targets, eq(targets.organizationId, registrationCodes.organizationId))
          .where(
            and(
              eq(registrationCodes.id, codeId),
              codeInScope(scope),
              inArray(targets.targetId, targetIds),
            ),
          ),
      );
    },

    /** A code by the hash of its text, with what decides whether it can still be used. */
    async findByHash(scope: Scope, codeHash: string) {
      const [row] = await db
        .select({
          id: registrationCodes.id,
          organizationId: registrationCodes.organizationId,
          permissions: registrationCodes.permissions,
          expiresAt: registrationCodes.expiresAt,
          revokedAt: registrationCodes.revokedAt,
          useCount: registrationCodes.useCount,
          maxUses: registrationCodes.maxUses,
          organizationState: organizations.organizationState,
          expired: sql<boolean>`coalesce(${registrationCodes.expiresAt} <= now(), false)`,
        })
        .from(registrationCodes)
        .innerJoin(
          organizations,
          eq(organizations.organizationId, registrationCodes.organizationId),
        )
        .where(and(eq(registrationCodes.codeHash, codeHash), codeInScope(scope)))
        .limit(1);
      return row;
    },

    /** The code's targets that still belong to the code's organization. */
    async listTargetIds(scope: Scope, codeId: string, organizationId: string) {
      const rows = await db
        .select({ targetId: registrationCodeTargets.targetId })
        .from(registrationCodeTargets)
        .innerJoin(targets, eq(targets.targetId, registrationCodeTargets.targetId))
        .where(
          and(
            eq(registrationCodeTargets.codeId, codeId),
            eq(targets.organizationId, organizationId),
            inScope(targets.organizationId, scope),
          ),
        );
      return rows.map((row) => row.targetId);
    },

    /** Counts one use while uses remain; 0 when the code is used up (or not in scope). */
    async incrementUseCount(scope: Scope, codeId: string): Promise<number> {
      const rows = await db
        .update(registrationCodes)
        .set({ useCount: sql`${registrationCodes.useCount} + 1` })
        .where(
          and(
            eq(registrationCodes.id, codeId),
            codeInScope(scope),
            or(
              isNull(registrationCodes.maxUses),
              lt(registrationCodes.useCount, registrationCodes.maxUses),
            ),
          ),
        )
        .returning({ id: registrationCodes.id });
      return rows.length;
    },

    /**
     * The codes in scope, newest first, with their organization, targets and creator: two queries
     * whatever the number of codes. The creator's e-mail shows only when the creator is in scope (a
     * top administrator who made a code for another organization stays anonymous to it).
     */
    async list(
      scope: Scope,
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
          maxUses: registrationCodes.maxUses,
          createdBy: users.userEmail,
          status: sql<RegistrationCodeRecord['status']>`case
          when ${registrationCodes.revokedAt} is not null then 'revoked'
          when ${registrationCodes.expiresAt} <= now() then 'expired'
          when ${registrationCodes.useCount} >= ${registrationCodes.maxUses} then 'usedUp'
          else 'active' end`,
        })
        .from(registrationCodes)
        .innerJoin(
          organizations,
          eq(organizations.organizationId, registrationCodes.organizationId),
        )
        .leftJoin(
          users,
          and(
            eq(users.userId, registrationCodes.createdBy),
            scope.organizationId === null
              ? undefined
              : eq(users.organizationId, scope.organizationId),
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
    },

    /** A code in scope with what sending it needs: its hash, state and organization. */
    async findForSending(scope: Scope, codeId: string) {
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
          usedUp: sql<boolean>`coalesce(${registrationCodes.useCount} >= ${registrationCodes.maxUses}, false)`,
        })
        .from(registrationCodes)
        .innerJoin(
          organizations,
          eq(organizations.organizationId, registrationCodes.organizationId),
        )
        .where(and(codeInScope(scope), eq(registrationCodes.id, codeId)))
        .limit(1);
      return row;
    },

    /** Revokes a code; a code revoked before keeps its first revokedAt. True when it changed. */
    async revoke(scope: Scope, codeId: string): Promise<boolean> {
      const rows = await db
        .update(registrationCodes)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(registrationCodes.id, codeId),
            isNull(registrationCodes.revokedAt),
            codeInScope(scope),
          ),
        )
        .returning({ id: registrationCodes.id });
      return rows.length > 0;
    },
  };
}

export type RegistrationCodesRepository = ReturnType<typeof createRegistrationCodesRepository>;
