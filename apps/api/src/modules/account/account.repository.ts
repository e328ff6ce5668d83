import type { Language } from '@vahti/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, passwordResets, users, userTargets } from '../../db/schema/index.js';

// The reads and writes of a user's own account. Each function touches only the record of the
// user it is given (the caller, or the account a reset link or e-mail belongs to), so there is no
// organization scope to add.

/** How long a reset link is valid. */
export const RESET_LINK_MINUTES = 60;

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.userId })
    .from(users)
    .where(eq(sql`lower(${users.userEmail})`, email.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

export async function insertSelfRegisteredUser(
  db: Db,
  user: {
    organizationId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    permissions: number[];
    language: Language;
  },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      organizationId: user.organizationId,
      userEmail: user.email,
      passwordHash: user.passwordHash,
      userFirstName: user.firstName,
      userLastName: user.lastName,
      userPhoneNumber: user.phoneNumber,
      userRoles: 'Käyttäjä',
      userState: 'Aktiivinen',
      userPermissions: user.permissions,
      language: user.language,
    })
    .returning({ id: users.userId });
  if (!row) throw new Error('user not stored');
  return row.id;
}

export async function linkUserToTargets(db: Db, userId: string, targetIds: string[]) {
  if (targetIds.length === 0) return;
  await db
    .insert(userTargets)
    .values(targetIds.map((targetId) => ({ userId, targetId })))
    .onConflictDoNothing();
}

/** Deleting the user's earlier links invalidates them: a newer request supersedes them. */
export async function deleteResetLinksOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

export async function insertResetLink(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
  });
}

/** A reset link that is unused and unexpired, with the state of its account. */
export async function findValidResetLink(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      userEmail: users.userEmail,
      userState: users.userState,
      organizationState: organizations.organizationState,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.userId, passwordResets.userId))
    .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the link used; false when another request used it first (single use under races). */
export async function consumeResetLink(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.id, id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/** Sets a new password and bumps the token version, which revokes every earlier token. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.userId, userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new Error('user vanished while changing the password');
  return row.tokenVersion;
}

export async function updateOwnDetails(
  db: Db,
  userId: string,
  details: {
    userFirstName: string;
    userLastName: string;
    userPhoneNumber?: string | null;
    userJobTitle?: string | null;
  },
): Promise<void> {
  await db
    .update(users)
    .set({ ...details, updatedAt: sql`now()` })
    .where(eq(users.userId, userId));
}
