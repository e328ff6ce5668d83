import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, users, userTargets } from '../../db/schema/index.js';

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
  organizationName: organizations.organizationName,
  organizationPostalDistrict: organizations.organizationPostalDistrict,
  organizationState: organizations.organizationState,
};

export type Account = Awaited<ReturnType<typeof findAccountById>> & {};

/**
 * Sign-in looks the account up by e-mail before anyone is known, so these two reads are the only
 * ones not scoped by organization: they return the caller's own record and nothing else.
 */
export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
    .where(eq(sql`lower(${users.userEmail})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findAccountById(db: Db, userId: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
    .where(eq(users.userId, userId))
    .limit(1);
  return row;
}

export async function listTargetIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ targetId: userTargets.targetId })
    .from(userTargets)
    .where(eq(userTargets.userId, userId));
  return rows.map((row) => row.targetId);
}
