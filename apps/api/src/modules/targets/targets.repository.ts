import type { TargetRecord } from '@vahti/domain';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  organizations,
  targetContactUsers,
  targets,
  userSummaryColumns,
  users,
  userTargets,
} from '../../db/schema/index.js';
import {
  assertWithin,
  inScope,
  preparedTargetVisible,
  type Scope,
  scopeShape,
  scopeValues,
  targetVisible,
} from '../../lib/scope.js';

export type TargetValues = Omit<
  typeof targets.$inferInsert,
  'targetId' | 'createdAt' | 'updatedAt'
>;

/** A target's columns by their names in the record: the one list every read of a target selects. */
const targetColumns = {
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
};

/**
 * Targets (kohteet) and their contact users. Reads see what the scope may see (a Käyttäjä only
 * the linked targets); writes reach only the targets of the scope's organization.
 */
export function createTargetsRepository(db: Db) {
  const writable = (scope: Scope, targetId: string) =>
    and(eq(targets.targetId, targetId), inScope(targets.organizationId, scope));

  /**
   * A target's contact users as one JSON array, by name: only users of the target's own
   * organization ever show. Part of the target's row, so a list is one query.
   */
  const contactUsersJson = sql<Array<TargetRecord['TargetContactUsers'][number]>>`coalesce((
    select json_agg(json_build_object(${sql.join(
      Object.entries(userSummaryColumns).map(
        ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
      ),
      sql`, `,
    )}) order by ${users.userLastName}, ${users.userFirstName}, ${users.userId})
    from ${targetContactUsers}
    inner join ${users} on ${users.userId} = ${targetContactUsers.userId}
      and ${users.organizationId} = ${targets.organizationId}
    where ${targetContactUsers.targetId} = ${targets.targetId}
  ), '[]'::json)`;

  /** The targets that meet the condition, by name, with their contact users and organization's name. */
  const selectTargets = (condition: SQL | undefined) =>
    db
      .select({
        ...targetColumns,
        organizationName: organizations.organizationName,
        contactUsers: contactUsersJson,
      })
      .from(targets)
      .innerJoin(organizations, eq(organizations.organizationId, targets.organizationId))
      .where(condition)
      .orderBy(asc(targets.targetName), asc(targets.targetId));

  const toRecord = ({
    organizationName,
    contactUsers,
    createdAt,
    updatedAt,
    ...row
  }: Awaited<ReturnType<typeof selectTargets>>[number]): TargetRecord => ({
    ...row,
    targetContactUser: contactUsers.map((user) => user.uuid),
    TargetContactUsers: contactUsers,
    Organization: { organizationName },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  });

  /** Every target in scope (GET /api/targets): prepared once per scope shape. */
  const listEvery = new Map<string, ReturnType<typeof prepareListEvery>>();
  const prepareListEvery = (scope: Scope, shape: string) =>
    preparedQuery(`targets_list_${shape}`, () =>
      selectTargets(preparedTargetVisible(db, targets.targetId, scope)),
    );

  /**
   * The targets in scope, by name, with their contact users and organization name: one query
   * whatever the number of targets. `filter` narrows to some ids or one organization.
   */
  async function list(
    scope: Scope,
    filter: { targetIds?: string[]; organizationId?: string } = {},
  ): Promise<TargetRecord[]> {
    if (!filter.targetIds && !filter.organizationId) {
      const shape = scopeShape(scope);
      let query = listEvery.get(shape);
      if (!query) {
        query = prepareListEvery(scope, shape);
        listEvery.set(shape, query);
      }
      return (await query(scopeValues(scope))).map(toRecord);
    }
    if (filter.targetIds?.length === 0) return [];
    const rows = await selectTargets(
      and(
        targetVisible(db, targets.targetId, scope),
        filter.targetIds ? inArray(targets.targetId, filter.targetIds) : undefined,
        filter.organizationId ? eq(targets.organizationId, filter.organizationId) : undefined,
      ),
    );
    return rows.map(toRecord);
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
