import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { targets, users, userTargets } from '../../db/schema/index.js';
import { inScope, type OrganizationScope } from '../../lib/scope.js';

/** The user's links with the target's name and address, by target name. */
export function listLinksOfUser(db: Db, scope: OrganizationScope, userId: string) {
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
}

/** A link with its user's role and organization, if the scope reaches the user. */
export async function findLink(db: Db, scope: OrganizationScope, linkId: string) {
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
}

export async function findTarget(db: Db, scope: OrganizationScope, targetId: string) {
  const [row] = await db
    .select({ targetId: targets.targetId, organizationId: targets.organizationId })
    .from(targets)
    .where(and(eq(targets.targetId, targetId), inScope(targets.organizationId, scope)))
    .limit(1);
  return row;
}

/** Which of `targetIds` are targets of the organization within the scope. */
export async function listKnownTargetIds(
  db: Db,
  scope: OrganizationScope,
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
}

/** Links the user to the targets; existing links stay. Returns the targets newly linked. */
export async function insertLinks(db: Db, userId: string, targetIds: string[]): Promise<string[]> {
  if (targetIds.length === 0) return [];
  const rows = await db
    .insert(userTargets)
    .values(targetIds.map((targetId) => ({ userId, targetId })))
    .onConflictDoNothing()
    .returning({ targetId: userTargets.targetId });
  return rows.map((row) => row.targetId);
}

/** Removes the user's links to every target not in `keep`. Returns the targets unlinked. */
export async function removeLinksExcept(db: Db, userId: string, keep: string[]): Promise<string[]> {
  const rows = await db
    .delete(userTargets)
    .where(and(eq(userTargets.userId, userId), notInArray(userTargets.targetId, keep)))
    .returning({ targetId: userTargets.targetId });
  return rows.map((row) => row.targetId);
}

export async function removeLink(db: Db, linkId: string): Promise<void> {
  await db.delete(userTargets).where(eq(userTargets.id, linkId));
}

const summaryColumns = {
  uuid: users.userId,
  userEmail: users.userEmail,
  userFirstName: users.userFirstName,
  userLastName: users.userLastName,
  userRoles: users.userRoles,
  userState: users.userState,
};

const byName = [
  asc(sql`lower(${users.userLastName})`),
  asc(sql`lower(${users.userFirstName})`),
  asc(users.userId),
];

/** The users linked to the target, by last name and first name. */
export function listUsersOfTarget(db: Db, scope: OrganizationScope, targetId: string) {
  return db
    .select(summaryColumns)
    .from(users)
    .innerJoin(userTargets, eq(userTargets.userId, users.userId))
    .where(and(eq(userTargets.targetId, targetId), inScope(users.organizationId, scope)))
    .orderBy(...byName);
}

/** The users who share at least one target with the user, the user left out. */
export function listUsersSharingTargets(db: Db, scope: OrganizationScope, userId: string) {
  const targetsOfUser = db
    .select({ targetId: userTargets.targetId })
    .from(userTargets)
    .where(eq(userTargets.userId, userId));
  const sharing = db
    .selectDistinct({ userId: userTargets.userId })
    .from(userTargets)
    .where(inArray(userTargets.targetId, targetsOfUser));
  return db
    .select(summaryColumns)
    .from(users)
    .where(
      and(
        inArray(users.userId, sharing),
        ne(users.userId, userId),
        inScope(users.organizationId, scope),
      ),
    )
    .orderBy(...byName);
}
