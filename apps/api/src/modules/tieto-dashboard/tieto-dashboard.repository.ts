import { and, asc, count, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  feedbacks,
  organizations,
  queries,
  queryTargets,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { inScope, type Scope, targetVisible } from '../../lib/scope.js';

/** The Tieto dashboard's figures (spec 001 §2 Tieto 1, §7 "Dashboard data"). */
export function createTietoDashboardRepository(db: Db) {
  const countBy = async <T extends { key: string | null; n: number }>(rows: Promise<T[]>) =>
    new Map((await rows).map((row) => [row.key ?? '', row.n]));

  return {
    async findOrganization(scope: Scope, organizationId: string) {
      const [row] = await db
        .select({
          organizationId: organizations.organizationId,
          organizationName: organizations.organizationName,
          organizationAddress: organizations.organizationAddress,
          organizationZipCode: organizations.organizationZipCode,
          organizationPostalDistrict: organizations.organizationPostalDistrict,
        })
        .from(organizations)
        .where(
          and(
            eq(organizations.organizationId, organizationId),
            inScope(organizations.organizationId, scope),
          ),
        );
      return row;
    },

    /** The organization's targets the scope sees, by name. */
    listTargets(scope: Scope, organizationId: string) {
      return db
        .select({
          targetId: targets.targetId,
          targetName: targets.targetName,
          targetAddress: targets.targetAddress,
          targetZipCode: targets.targetZipCode,
          targetPostalDistrict: targets.targetPostalDistrict,
        })
        .from(targets)
        .where(
          and(
            eq(targets.organizationId, organizationId),
            targetVisible(db, targets.targetId, scope),
          ),
        )
        .orderBy(asc(targets.targetName), asc(targets.targetId));
    },

    /** Users, feedback and surveys of the organization as a whole. */
    async countOrganization(scope: Scope, organizationId: string) {
      const [[u], [f], [q]] = await Promise.all([
        db
          .select({ n: count() })
          .from(users)
          .where(
            and(eq(users.organizationId, organizationId), inScope(users.organizationId, scope)),
          ),
        db
          .select({ n: count() })
          .from(feedbacks)
          .where(
            and(
              eq(feedbacks.organizationId, organizationId),
              inScope(feedbacks.organizationId, scope),
            ),
          ),
        db
          .select({ n: count() })
          .from(queries)
          .where(
            and(eq(queries.organizationId, organizationId), inScope(queries.organizationId, scope)),
          ),
      ]);
      return { users: u?.n ?? 0, feedbacks: f?.n ?? 0, queries: q?.n ?? 0 };
    },

    /** Per target the scope sees: linked users, feedback and the surveys concerning it. */
    async countPerTarget(scope: Scope, organizationId: string) {
      const ofOrganization = (column: AnyPgColumn) =>
        and(targetVisible(db, column, scope), eq(targets.organizationId, organizationId));
      const [usersByTarget, feedbacksByTarget, queriesByTarget] = await Promise.all([
        countBy(
          db
            .select({ key: userTargets.targetId, n: count() })
            .from(userTargets)
            .innerJoin(targets, eq(targets.targetId, userTargets.targetId))
            .innerJoin(
              users,
              and(eq(users.userId, userTargets.userId), eq(users.organizationId, organizationId)),
            )
            .where(ofOrganization(userTargets.targetId))
            .groupBy(userTargets.targetId),
        ),
        countBy(
          db
            .select({ key: feedbacks.targetId, n: count() })
            .from(feedbacks)
            .innerJoin(targets, eq(targets.targetId, feedbacks.targetId))
            .where(ofOrganization(feedbacks.targetId))
            .groupBy(feedbacks.targetId),
        ),
        countBy(
          db
            .select({ key: queryTargets.targetId, n: count() })
            .from(queryTargets)
            .innerJoin(targets, eq(targets.targetId, queryTargets.targetId))
            .where(ofOrganization(queryTargets.targetId))
            .groupBy(queryTargets.targetId),
        ),
      ]);
      return { usersByTarget, feedbacksByTarget, queriesByTarget };
    },
  };
}

export type TietoDashboardRepository = ReturnType<typeof createTietoDashboardRepository>;
