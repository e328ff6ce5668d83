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

/**
 * Targets (kohteet) and their contact users. Reads see what the scope may see (a Käyttäjä only
 * the linked targets); writes reach only the targets of the scope's organization.
 */
export function createTargetsRepository(db: Db) {
  const writable = (scope: Scope, targetId: string) =>
    and(eq(targets.targetId, targetId), inScope(targets.organizationId, scope));

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
    organizationName: organizations.organizationName,
  };

  /** The targets that meet the condition, by name, with their organization's name. */
  const selectTargets = (condition: SQL | undefined) =>
    db
      .select(targetColumns)
      .from(targets)
      .innerJoin(organizations, eq(organizations.organizationId, targets.organizationId))
      .where(condition)
      .orderBy(asc(targets.targetName), asc(targets.targetId));

  /** Contact users of the targets that meet the condition; only users of the target's own organization ever show. */
  const selectContactUsers = (condition: SQL) =>
    db
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
      .where(condition)
      .orderBy(asc(users.userLastName), asc(users.userFirstName), asc(users.userId));

  type TargetRow = Awaited<ReturnType<typeof selectTargets>>[number];
  type ContactRow = Awaited<ReturnType<typeof selectContactUsers>>[number];

  function toRecords(rows: TargetRow[], contacts: ContactRow[]): TargetRecord[] {
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

  /**
   * Every target in scope (GET /api/targets): both queries prepared once per
   * scope shape, and run side by side, as the contact users' condition is the same visibility.
   */
  const listEvery = new Map<string, ReturnType<typeof prepareListEvery>>();
  function prepareListEvery(scope: Scope, shape: string) {
    return {
      targets: preparedQuery(`targets_list_${shape}`, () =>
        selectTargets(preparedTargetVisible(db, targets.targetId, scope)),
      ),
      contacts: preparedQuery(`targets_list_contacts_${shape}`, () =>
        selectContactUsers(preparedTargetVisible(db, targetContactUsers.targetId, scope)),
      ),
    };
  }

  /**
   * The targets in scope, by name, with their contact users and organization name: two queries
   * whatever the number of targets. `filter` narrows to some ids or one organization.
   */
  async function list(
    scope: Scope,
    filter: { targetIds?: string[]; organizationId?: string } = {},
  ): Promise<TargetRecord[]> {
    if (!filter.targetIds && !filter.organizationId) {
      const shape = scopeShape(scope);
      let queries = listEvery.get(shape);
      if (!queries) {
        queries = prepareListEvery(scope, shape);
        listEvery.set(shape, queries);
      }
      const values = scopeValues(scope);
      const [rows, contacts] = await Promise.all([
        queries.targets(values),
        queries.contacts(values),
      ]);
      return toRecords(rows, contacts);
    }
    if (filter.targetIds?.length === 0) return [];
    const rows = await selectTargets(
      and(
        targetVisible(db, targets.targetId, scope),
        filter.targetIds ? inArray(targets.targetId, filter.targetIds) : undefined,
        filter.organizationId ? eq(targets.organizationId, filter.organizationId) : undefined,
      ),
    );
    if (rows.length === 0) return [];
    const contacts = await selectContactUsers(
      inArray(
        targetContactUsers.targetId,
        rows.map((row) => row.targetId),
      ),
    );
    return toRecords(rows, contacts);
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
