import type { TargetRecord } from '@vahti/domain';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import type { OrganizationScope } from '../../lib/scope.js';

/**
 * The targets a caller reads: those of the organization in scope (every organization's for the
 * top administrator) and, for a Käyttäjä (`linkedUserId`), only the ones linked to them.
 */
export interface TargetScope extends OrganizationScope {
  linkedUserId: string | null;
}

export type TargetValues = Omit<
  typeof targets.$inferInsert,
  'targetId' | 'createdAt' | 'updatedAt'
>;

function inScope(db: Db, scope: TargetScope): SQL | undefined {
  return and(
    scope.organizationId === null ? undefined : eq(targets.organizationId, scope.organizationId),
    scope.linkedUserId === null
      ? undefined
      : inArray(
          targets.targetId,
          db
            .select({ targetId: userTargets.targetId })
            .from(userTargets)
            .where(eq(userTargets.userId, scope.linkedUserId)),
        ),
  );
}

/**
 * The targets in scope, by name, with their contact users and organization name: two queries
 * whatever the number of targets. `filter` narrows to some ids or one organization.
 */
export async function listTargets(
  db: Db,
  scope: TargetScope,
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
        inScope(db, scope),
        filter.targetIds ? inArray(targets.targetId, filter.targetIds) : undefined,
        filter.organizationId ? eq(targets.organizationId, filter.organizationId) : undefined,
      ),
    )
    .orderBy(asc(targets.targetName), asc(targets.targetId));
  if (rows.length === 0) return [];
  const contacts = await listContactUsers(
    db,
    rows.map((row) => row.targetId),
  );
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

/** Contact users of the targets; only users of the target's own organization ever show. */
function listContactUsers(db: Db, targetIds: string[]) {
  return db
    .select({
      targetId: targetContactUsers.targetId,
      uuid: users.userId,
      userEmail: users.userEmail,
      userFirstName: users.userFirstName,
      userLastName: users.userLastName,
      userRoles: users.userRoles,
      userState: users.userState,
    })
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

export async function findTarget(db: Db, scope: TargetScope, targetId: string) {
  const [target] = await listTargets(db, scope, { targetIds: [targetId] });
  return target;
}

/** Id and name of every target in scope, by name. */
export function listTargetNames(db: Db, scope: TargetScope) {
  return db
    .select({ id: targets.targetId, targetName: targets.targetName })
    .from(targets)
    .where(inScope(db, scope))
    .orderBy(asc(targets.targetName), asc(targets.targetId));
}

/** How many of the users belong to the organization (all of them, when the input is valid). */
export async function countUsersOfOrganization(
  db: Db,
  organizationId: string,
  userIds: string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.userId, userIds)));
  return row?.n ?? 0;
}

export async function insertTarget(db: Db, values: TargetValues): Promise<string> {
  const [row] = await db.insert(targets).values(values).returning({ id: targets.targetId });
  if (!row) throw new Error('target not stored');
  return row.id;
}

export async function updateTarget(db: Db, targetId: string, values: TargetValues) {
  await db
    .update(targets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(targets.targetId, targetId));
}

/** Makes exactly these users the target's contact users. */
export async function setContactUsers(db: Db, targetId: string, userIds: string[]) {
  await removeContactUsers(db, targetId);
  if (userIds.length === 0) return;
  await db
    .insert(targetContactUsers)
    .values(userIds.map((userId) => ({ targetId, userId })))
    .onConflictDoNothing();
}

/** Removes every contact user of the target; returns the removed users' ids. */
export async function removeContactUsers(db: Db, targetId: string): Promise<string[]> {
  const rows = await db
    .delete(targetContactUsers)
    .where(eq(targetContactUsers.targetId, targetId))
    .returning({ userId: targetContactUsers.userId });
  return rows.map((row) => row.userId);
}

/**
 * Unlinks the target from users of other organizations than its own: after a move, its former
 * organization's users must not keep reading it. Returns how many links went.
 */
export async function removeUserLinksOutsideOrganization(
  db: Db,
  targetId: string,
  organizationId: string,
): Promise<number> {
  const rows = await db
    .delete(userTargets)
    .where(
      and(
        eq(userTargets.targetId, targetId),
        inArray(
          userTargets.userId,
          db
            .select({ userId: users.userId })
            .from(users)
            .where(ne(users.organizationId, organizationId)),
        ),
      ),
    )
    .returning({ id: userTargets.id });
  return rows.length;
}
