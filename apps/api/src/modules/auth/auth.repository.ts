import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, users, userTargets } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

const accountColumns = {
  userId: users.userId,
  userEmail: users.userEmail,
  passwordHash: users.passwordHash,
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
  tokenVersion: users.tokenVersion,
  language: users.language,
  userAlarmMail: users.userAlarmMail,
  organizationName: organizations.organizationName,
  organizationPostalDistrict: organizations.organizationPostalDistrict,
  organizationState: organizations.organizationState,
};

/**
 * Accounts: a user row with what sign-in needs (password hash, token version, organization
 * state). Sign-in and reset look an account up before anyone is known, with a system scope that
 * reaches every organization: the account itself is the answer, and only to its owner.
 */
export function createAccountsRepository(db: Db) {
  async function findWhere(scope: Scope, condition: ReturnType<typeof eq>) {
    const [row] = await db
      .select(accountColumns)
      .from(users)
      .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
      .where(and(condition, inScope(users.organizationId, scope)))
      .limit(1);
    return row;
  }

  return {
    findByEmail: (scope: Scope, email: string) =>
      findWhere(scope, eq(sql`lower(${users.userEmail})`, email.toLowerCase())),

    findById: (scope: Scope, userId: string) => findWhere(scope, eq(users.userId, userId)),

    /** Bumps the token version: every token issued before answers 401. False when not in scope. */
    async revokeTokens(scope: Scope, userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.userId, userId), inScope(users.organizationId, scope)))
        .returning({ id: users.userId });
      return rows.length === 1;
    },

    async listTargetIdsOfUser(scope: Scope, userId: string): Promise<string[]> {
      const rows = await db
        .select({ targetId: userTargets.targetId })
        .from(userTargets)
        .innerJoin(users, eq(users.userId, userTargets.userId))
        .where(and(eq(userTargets.userId, userId), inScope(users.organizationId, scope)));
      return rows.map((row) => row.targetId);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type Account = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;
