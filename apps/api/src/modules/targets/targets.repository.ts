import type { TargetRecord } from '@vahti/domain';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  targetContactUsers,
  targets,
  userSummaryColumns,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope, targetVisible } from '../../lib/scope.js';

export type TargetValues = Omit<
  typeof targets.$inferInsert,
  'targetId' | 'createdAt' | 'updatedAt'
>;

/**
 * Targets (kohteet) and their contact users. Reads see what the scope may see (a Käyttäjä only
 * the linked targets); writes reach only the targets of the scope's organization.
 */
export function createTargetsRepository(db: Db) {
  const writable = (scope: Scope, targetId: string) =>
    and(eq(targets.targetId, targetId), inScope(targets.organizationId, scope));

  /** Contact users of the targets; only users of the target's own organization ever show. */
  function listContactUsers(targetIds: string[]) {
    return db
      .select({ targetId: targetContactUsers.targetId, ...userSummaryColumns })
      .from(targetContactUsers)
      .innerJoin(targets, eq(targets.targetId, targetContactUsers.targetId))
      .innerJoin(
        users,
        and(
          eq(users.userId, targetContactUsers.userId),
          eq(users.organizationId, targets.organizationId),
        ),
      )
      .where(inArray(targetContactUsers.targetId, targetIds))
      .orderBy(asc(users.userLastName), asc(users.userFirstName), asc(users.userId));
  }

  /**
   * The targets in scope, by name, with their contact users and organization name: two queries
   * whatever the number of targets. `filter` narrows to some ids or one organization.
   */
  async function list(
    scope: Scope,
    filter: { targetIds?: string[]; organizationId?: string } = {},
  ): Promise<TargetRecord[]> {
    if (filter.targetIds?.length === 0) return [];
    const rows = await db
      .select({
        targetId: targets.targetId,
        targetName: targets.targetName,
        targetAddress: targets.targetAddress,
        targetZipCode: targets.targetZipCode,
        targetPostalDistrict: targets.targetPostalDistrict,
        targetOrganizationId: targets.organizationId,
        targetType: targets.targetType,
        targetPropertyId: targets.targetPropertyId,
        targetJobNumber: targets.targetJobNumber,
        targetState: targets.targetState,
        targetInformation: targets.targetInformation,
        targetDescription: targets.targetDescription,
        createdAt: targets.createdAt,
        updatedAt: targets.updatedAt,
        organizationName: organizations.organizationName,
      })
      .from(targets)
      .innerJoin(organizations, eq(organizations.organizationId, targets.organizationId))
      .where(
        and(
          targetVisible(db, targets.targetId, scope),
          filter.targetIds ? inArray(targets.targetId, filter.targetIds) : undefined,
          filter.organizationId ? eq(targets.organizationId, filter.organizationId) : undefined,
        ),
      )
      .orderBy(asc(targets.targetName), asc(targets.targetId));
    if (rows.length === 0) return [];
    const contacts = await listContactUsers(rows.map((row) => row.targetId));
    return rows.map(({ organizationName, createdAt, updatedAt, ...row }) => {
      const own = contacts
        .filter((contact) => contact.targetId === row.targetId)
        .map(({ targetId: _, ...user }) => user);
      return {
        ...row,
        targetContactUser: own.map((user) => user.uuid),
        TargetContactUsers: own,
        Organization: { organizationName },
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      };
    });
  }

  /** Removes every contact user of the target; returns the removed users' ids. */
  async function removeContactUsers(scope: Scope, targetId: string): Promise<string[]> {
    const rows = await db
      .delete(targetContactUsers)
      .where(
        and(
          eq(targetContactUsers.targetId, targetId),
          inArray(
            targetContactUsers.targetId,
            db.select({ id: targets.targetId }).from(targets).where(writable(scope, targetId)),
          ),
        ),
      )
      .returning({ userId: targetContactUsers.userId });
    return rows.map((row) => row.userId);
  }

  return {
    list,

    async find(scope: Scope, targetId: string) {
      const [target] = await list(scope, { targetIds: [targetId] });
      return target;
    },

    /** Id and name of every target in scope, by name. */
    listNames(scope: Scope) {
      return db
        .select({ id: targets.targetId, targetName: targets.targetName })
        .from(targets)
        .where(targetVisible(db, targets.targetId, scope))
        .orderBy(asc(targets.targetName), asc(targets.targetId));
    },

    /** Which of `targetIds` are targets of the organization within the scope. */
    async listIdsOfOrganization(
      scope: Scope,
      organizationId: string,
      targetIds: string[],
    ): Promise<string[]> {
      if (targetIds.length === 0) return [];
      const rows = await db
        .select({ targetId: targets.targetId })
        .from(targets)
        .where(
          and(
            inArray(targets.targetId, targetIds),
            eq(targets.organizationId, organizationId),
            inScope(targets.organizationId, scope),
          ),
        );
      return rows.map((row) => row.targetId);
    },

    /** How many of the users belong to the organization (all of them, when the input is valid). */
    async countUsersOfOrganization(
      scope: Scope,
      organizationId: string,
      userIds: string[],
    ): Promise<number> {
      if (userIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            inScope(users.organizationId, scope),
            inArray(users.userId, userIds),
          ),
        );
      return row?.n ?? 0;
    },

    async insert(scope: Scope, values: TargetValues): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(targets).values(values).returning({ id: targets.targetId });
      if (!row) throw new Error('target not stored');
      return row.id;
    },

    /** Saves the target; returns how many rows changed (0: not in scope). */
    async update(scope: Scope, targetId: string, values: TargetValues): Promise<number> {
      const rows = await db
        .update(targets)
        .set({ ...values, updatedAt: sql`now()` })
        .where(writable(scope, targetId))
        .returning({ id: targets.targetId });
      return rows.length;
    },

    /** Makes exactly these users the target's contact users. */
    async setContactUsers(scope: Scope, targetId: string, userIds: string[]) {
      await removeContactUsers(scope, targetId);
      if (userIds.length === 0) return;
      await db
        .insert(targetContactUsers)
        .select(
          db
            .select({ targetId: targets.targetId, userId: users.userId })
            .from(targets)
            .innerJoin(users, eq(users.organizationId, targets.organizationId))
            .where(and(writable(scope, targetId), inArray(users.userId, userIds))),
        )
        .onConflictDoNothing();
    },

    removeContactUsers,

    /**
     * Unlinks the target from users of other organizations than its own: after a move, its former
     * organization's users must not keep reading it. Returns how many links went.
     */
    async removeUserLinksOutsideOrganization(scope: Scope, targetId: string): Promise<number> {
      const rows = await db
        .delete(userTargets)
        .where(
          and(
            eq(userTargets.targetId, targetId),
            inArray(
              userTargets.targetId,
              db.select({ id: targets.targetId }).from(targets).where(writable(scope, targetId)),
            ),
            inArray(
              userTargets.userId,
              db
                .select({ userId: users.userId })
                .from(users)
                .innerJoin(targets, eq(targets.targetId, targetId))
                .where(ne(users.organizationId, targets.organizationId)),
            ),
          ),
        )
        .returning({ id: userTargets.id });
      return rows.length;
    },
  };
}

export type TargetsRepository = ReturnType<typeof createTargetsRepository>;
