import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations, passwordResets, users } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** How long a reset link is valid. */
export const RESET_LINK_MINUTES = 60;

/**
 * Password reset links. A link belongs to a user; the scope reaches it through that user's
 * organization (a reset link is followed before anyone is signed in, with a system scope).
 */
export function createResetLinksRepository(db: Db) {
  const usersInScope = (scope: Scope) =>
    db.select({ id: users.userId }).from(users).where(inScope(users.organizationId, scope));

  return {
    /** Deleting the user's earlier links invalidates them: a newer request supersedes them. */
    async removeOfUser(scope: Scope, userId: string): Promise<void> {
      await db
        .delete(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, userId),
            inArray(passwordResets.userId, usersInScope(scope)),
          ),
        );
    },

    /**
     * A new link for a user in scope; false (nothing stored) for anyone else. One statement
     * either way, so an unknown user costs what a known one does (forgot-password).
     */
    async insert(scope: Scope, userId: string, tokenHash: string): Promise<boolean> {
      const rows = await db
        .insert(passwordResets)
        .select(
          db
            .select({
              id: sql`gen_random_uuid()`.as('id'),
              userId: users.userId,
              tokenHash: sql`${tokenHash}`.as('token_hash'),
              createdAt: sql`now()`.as('created_at'),
              expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`.as('expires_at'),
              usedAt: sql`null::timestamptz`.as('used_at'),
            })
            .from(users)
            .where(and(eq(users.userId, userId), inScope(users.organizationId, scope))),
        )
        .returning({ id: passwordResets.id });
      return rows.length === 1;
    },

    /** A reset link that is unused and unexpired, with the state of its account. */
    async findValid(scope: Scope, tokenHash: string) {
      const [row] = await db
        .select({
          id: passwordResets.id,
          userId: passwordResets.userId,
          userEmail: users.userEmail,
          userState: users.userState,
          organizationId: users.organizationId,
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
            inScope(users.organizationId, scope),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks the link used; false when another request used it first (single use under races). */
    async consume(scope: Scope, id: string): Promise<boolean> {
      const rows = await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.id, id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
            inArray(passwordResets.userId, usersInScope(scope)),
          ),
        )
        .returning({ id: passwordResets.id });
      return rows.length === 1;
    },
  };
}

export type ResetLinksRepository = ReturnType<typeof createResetLinksRepository>;
