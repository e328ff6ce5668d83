import type { Role } from '@vahti/domain';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { inScope, type OrganizationScope } from '../../lib/scope.js';

const userColumns = {
  userId: users.userId,
  userEmail: users.userEmail,
  userFirstName: users.userFirstName,
  userLastName: users.userLastName,
  userPhoneNumber: users.userPhoneNumber,
  userJobTitle: users.userJobTitle,
  userRoles: users.userRoles,
  userState: users.userState,
  userOrganization: users.organizationId,
  userPermissions: users.userPermissions,
  userInformation: users.userInformation,
  userDescription: users.userDescription,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  organizationName: organizations.organizationName,
  organizationPostalDistrict: organizations.organizationPostalDistrict,
};

export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

/** Users in the scope (optionally of one organization), by last name, then first name. */
export function listUsers(
  db: Db,
  scope: OrganizationScope,
  filter: { organizationId?: string } = {},
) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
    .where(
      and(
        inScope(users.organizationId, scope),
        filter.organizationId ? eq(users.organizationId, filter.organizationId) : undefined,
      ),
    )
    .orderBy(
      asc(sql`lower(${users.userLastName})`),
      asc(sql`lower(${users.userFirstName})`),
      asc(users.userId),
    );
}

/** The target links of every user the same filter selects, in one query. */
export function listLinkedTargetIds(
  db: Db,
  scope: OrganizationScope,
  filter: { organizationId?: string; userId?: string } = {},
) {
  return db
    .select({ userId: userTargets.userId, targetId: userTargets.targetId })
    .from(userTargets)
    .innerJoin(users, eq(users.userId, userTargets.userId))
    .where(
      and(
        inScope(users.organizationId, scope),
        filter.organizationId ? eq(users.organizationId, filter.organizationId) : undefined,
        filter.userId ? eq(userTargets.userId, filter.userId) : undefined,
      ),
    )
    .orderBy(asc(userTargets.targetId));
}

export async function findUser(db: Db, scope: OrganizationScope, userId: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
    .where(and(eq(users.userId, userId), inScope(users.organizationId, scope)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, scope: OrganizationScope, email: string) {
  const [row] = await db
    .select({
      userId: users.userId,
      userEmail: users.userEmail,
      userRoles: users.userRoles,
      userOrganization: users.organizationId,
    })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.userEmail})`, email.toLowerCase()),
        inScope(users.organizationId, scope),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Whether another user has the address. Addresses are unique across every organization (they
 * are sign-in names), so this check is deliberately not scoped.
 */
export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.userId })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.userEmail})`, email.toLowerCase()),
        exceptUserId ? ne(users.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface UserValues {
  userEmail: string;
  userFirstName: string;
  userLastName: string;
  userPhoneNumber: string | null;
  userJobTitle: string | null;
  userRoles: Role;
  userState: 'Aktiivinen' | 'Passiivinen';
  organizationId: string;
  userPermissions: number[];
  userInformation: string | null;
  userDescription: string | null;
}

export async function insertUser(
  db: Db,
  values: UserValues & { passwordHash: string },
): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.userId });
  if (!row) throw new Error('user not stored');
  return row.id;
}

/**
 * Updates the user (already checked to be in the caller's scope). `revokeTokens` bumps the token
 * version in the same statement, so every token issued before stops working at once.
 */
export async function updateUser(
  db: Db,
  userId: string,
  values: Partial<UserValues>,
  { revokeTokens }: { revokeTokens: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      ...values,
      ...(revokeTokens && { tokenVersion: sql`${users.tokenVersion} + 1` }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.userId, userId));
}

/**
 * After a move to another organization: the user's links to targets of any other organization
 * go, and so do the user's places as a contact person of those targets. Returns the target ids
 * of the links removed.
 */
export async function removeTargetsOutsideOrganization(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<string[]> {
  const own = db
    .select({ id: targets.targetId })
    .from(targets)
    .where(eq(targets.organizationId, organizationId));
  const removed = await db
    .delete(userTargets)
    .where(and(eq(userTargets.userId, userId), notInArray(userTargets.targetId, own)))
    .returning({ targetId: userTargets.targetId });
  await db
    .delete(targetContactUsers)
    .where(
      and(eq(targetContactUsers.userId, userId), notInArray(targetContactUsers.targetId, own)),
    );
  return removed.map((row) => row.targetId);
}
