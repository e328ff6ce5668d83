import type { Language, Role } from '@vahti/domain';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  organizations,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

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

/** Users, as the admin area reads and writes them; every read and write inside the scope. */
export function createUsersRepository(db: Db) {
  const byEmail = (email: string) => eq(sql`lower(${users.userEmail})`, email.toLowerCase());
  const writable = (scope: Scope, userId: string) =>
    and(eq(users.userId, userId), inScope(users.organizationId, scope));

  /** Users in the scope (optionally of one organization), by last name, then first name. */
  function list(scope: Scope, filter: { organizationId?: string } = {}) {
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

  return {
    list,

    /** The target links of every user the same filter selects, in one query. */
    listLinkedTargetIds(scope: Scope, filter: { organizationId?: string; userId?: string } = {}) {
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
    },

    async find(scope: Scope, userId: string) {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
        .where(writable(scope, userId))
        .limit(1);
      return row;
    },

    async findByEmail(scope: Scope, email: string) {
      const [row] = await db
        .select({
          userId: users.userId,
          userEmail: users.userEmail,
          userRoles: users.userRoles,
          userOrganization: users.organizationId,
        })
        .from(users)
        .where(and(byEmail(email), inScope(users.organizationId, scope)))
        .limit(1);
      return row;
    },

    /**
     * Whether another user has the address. Addresses are unique across every organization
     * (they are sign-in names), so this one check looks past the scope; it answers only yes or
     * no.
     */
    async emailTaken(_scope: Scope, email: string, exceptUserId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(and(byEmail(email), exceptUserId ? ne(users.userId, exceptUserId) : undefined))
        .limit(1);
      return row !== undefined;
    },

    async insert(
      scope: Scope,
      values: UserValues & { passwordHash: string; language?: Language },
    ): Promise<string> {
      assertWithin(scope, values.organizationId);
      const [row] = await db.insert(users).values(values).returning({ id: users.userId });
      if (!row) throw new Error('user not stored');
      return row.id;
    },

    /**
     * Saves the user; `revokeTokens` bumps the token version in the same statement, so every
     * token issued before stops working at once. Returns how many rows changed (0: not in scope).
     */
    async update(
      scope: Scope,
      userId: string,
      values: Partial<UserValues>,
      { revokeTokens }: { revokeTokens: boolean },
    ): Promise<number> {
      if (values.organizationId !== undefined) assertWithin(scope, values.organizationId);
      const rows = await db
        .update(users)
        .set({
          ...values,
          ...(revokeTokens && { tokenVersion: sql`${users.tokenVersion} + 1` }),
          updatedAt: sql`now()`,
        })
        .where(writable(scope, userId))
        .returning({ id: users.userId });
      return rows.length;
    },

    /**
     * A new password; every earlier token of the user stops working. Returns the new token
     * version, or undefined when the user is not in scope.
     */
    async setPassword(scope: Scope, userId: string, passwordHash: string) {
      const [row] = await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: sql`now()`,
        })
        .where(writable(scope, userId))
        .returning({ tokenVersion: users.tokenVersion });
      return row?.tokenVersion;
    },

    /**
     * After a move to another organization: the user's links to targets of any other
     * organization go, and so do the user's places as a contact person of those targets.
     * Returns the target ids of the links removed.
     */
    async removeTargetsOutsideOrganization(scope: Scope, userId: string): Promise<string[]> {
      const [user] = await db
        .select({ organizationId: users.organizationId })
        .from(users)
        .where(writable(scope, userId));
      if (!user) return [];
      const own = db
        .select({ id: targets.targetId })
        .from(targets)
        .where(eq(targets.organizationId, user.organizationId));
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
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserRow = Awaited<ReturnType<UsersRepository['list']>>[number];
