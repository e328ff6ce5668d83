import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { targets, users, userTargets } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** The admin dashboard's counts. */
export function createDashboardRepository(db: Db) {
  return {
    /** Users of the organization per role (roles without users are absent). */
    countUsersByRole(scope: Scope, organizationId: string) {
      return db
        .select({ role: users.userRoles, n: count() })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), inScope(users.organizationId, scope)))
        .groupBy(users.userRoles);
    },

    /**
     * Users linked to each target of the organization, per role, targets by name. A target without
     * users comes once, with a null role and a count of 0.
     */
    countTargetUsersByRole(scope: Scope, organizationId: string) {
      return db
        .select({
          targetId: targets.targetId,
          targetName: targets.targetName,
          role: users.userRoles,
          n: count(users.userId),
        })
        .from(targets)
        .leftJoin(userTargets, eq(userTargets.targetId, targets.targetId))
        .leftJoin(
          users,
          and(eq(users.userId, userTargets.userId), eq(users.organizationId, organizationId)),
        )
        .where(
          and(eq(targets.organizationId, organizationId), inScope(targets.organizationId, scope)),
        )
        .groupBy(targets.targetId, targets.targetName, users.userRoles)
        .orderBy(asc(targets.targetName), asc(targets.targetId));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
