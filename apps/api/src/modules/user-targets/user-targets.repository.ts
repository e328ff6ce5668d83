import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { targets, userSummaryColumns, users, userTargets } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

const byName = [
  asc(sql`lower(${users.userLastName})`),
  asc(sql`lower(${users.userFirstName})`),
  asc(users.userId),
];

/** Which targets each user is linked to; every read and write within the scope. */
export function createUserTargetsRepository(db: Db) {
  const usersInScope = (scope: Scope) =>
    db.select({ id: users.userId }).from(users).where(inScope(users.organizationId, scope));

  return {
    /** The user's links with the target's name and address, by target name. */
    listLinksOfUser(scope: Scope, userId: string) {
      return db
        .select({
          id: userTargets.id,
          userId: userTargets.userId,
          targetId: userTargets.targetId,
          targetName: targets.targetName,
          targetAddress: targets.targetAddress,
          targetPostalDistrict: targets.targetPostalDistrict,
        })
        .from(userTargets)
        .innerJoin(targets, eq(targets.targetId, userTargets.targetId))
        .where(and(eq(userTargets.userId, userId), inScope(targets.organizationId, scope)))
        .orderBy(asc(targets.targetName), asc(targets.targetId));
    },

    /** A link with its user's role and organization, if the scope reaches the user. */
    async findLink(scope: Scope, linkId: string) {
      const [row] = await db
        .select({
          id: userTargets.id,
          userId: userTargets.userId,
          targetId: userTargets.targetId,
          userRoles: users.userRoles,
          organizationId: users.organizationId,
        })
        .from(userTargets)
        .innerJoin(users, eq(users.userId, userTargets.userId))
        .where(and(eq(userTargets.id, linkId), inScope(users.organizationId, scope)))
        .limit(1);
      return row;
    },

    async findTarget(scope: Scope, targetId: string) {
      const [row] = await db
        .select({ targetId: targets.targetId, organizationId: targets.organizationId })
        .from(targets)
        .where(and(eq(targets.targetId, targetId), inScope(targets.organizationId, scope)))
        .limit(1);
      return row;
    },

    /**
     * Links a user in scope to targets of the user's own organization (others are passed over);
     * existing links stay. Returns the targets newly linked.
     */
    async insertLinks(scope: Scope, userId: string, targetIds: string[]): Promise<string[]> {
      if (targetIds.length === 0) return [];
      const rows = await db
        .insert(userTargets)
        .select(
          db
            .select({
              id: sql<string>`gen_random_uuid()`.as('id'),
              userId: users.userId,
              targetId: targets.targetId,
            })
            .from(users)
            .innerJoin(targets, eq(targets.organizationId, users.organizationId))
            .where(
              and(
                eq(users.userId, userId),
                inScope(users.organizationId, scope),
                inArray(targets.targetId, targetIds),
              ),
            ),
        )
        .onConflictDoNothing()
        .returning({ targetId: userTargets.targetId });
      return rows.map((row) => row.targetId);
    },

    /** Removes the user's links to every target not in `keep`. Returns the targets unlinked. */
    async removeLinksExcept(scope: Scope, userId: string, keep: string[]): Promise<string[]> {
      const rows = await db
        .delete(userTargets)
        .where(
          and(
            eq(userTargets.userId, userId),
            inArray(userTargets.userId, usersInScope(scope)),
            keep.length > 0 ? notInArray(userTargets.targetId, keep) : undefined,
          ),
        )
        .returning({ targetId: userTargets.targetId });
      return rows.map((row) => row.targetId);
    },

    /** Removes one link; returns how many went (0: not in scope). */
    async removeLink(scope: Scope, linkId: string): Promise<number> {
      const rows = await db
        .delete(userTargets)
        .where(and(eq(userTargets.id, linkId), inArray(userTargets.userId, usersInScope(scope))))
        .returning({ id: userTargets.id });
      return rows.length;
    },

    /** The users linked to the target, by last name and first name. */
    listUsersOfTarget(scope: Scope, targetId: string) {
      return db
        .select(userSummaryColumns)
        .from(users)
        .innerJoin(userTargets, eq(userTargets.userId, users.userId))
        .where(and(eq(userTargets.targetId, targetId), inScope(users.organizationId, scope)))
        .orderBy(...byName);
    },

    /** The users who share at least one target with the user, the user left out. */
    listUsersSharingTargets(scope: Scope, userId: string) {
      const targetsOfUser = db
        .select({ targetId: userTargets.targetId })
        .from(userTargets)
        .where(eq(userTargets.userId, userId));
      const sharing = db
        .selectDistinct({ userId: userTargets.userId })
        .from(userTargets)
        .where(inArray(userTargets.targetId, targetsOfUser));
      return db
        .select(userSummaryColumns)
        .from(users)
        .where(
          and(
            inArray(users.userId, sharing),
            ne(users.userId, userId),
            inScope(users.organizationId, scope),
          ),
        )
        .orderBy(...byName);
    },
  };
}

export type UserTargetsRepository = ReturnType<typeof createUserTargetsRepository>;
