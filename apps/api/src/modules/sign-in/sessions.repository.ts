import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userSessions, users } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** A session is live while its version is the user's and it has not expired. */
const live = and(
  eq(userSessions.tokenVersion, users.tokenVersion),
  gt(userSessions.expiresAt, sql`now()`),
);

/**
 * Sign-ins (user_sessions): one row per session token. The row is what a single sign-out
 * deletes and what the own details list; the token version on the user row still ends all.
 */
export function createSessionsRepository(db: Db) {
  return {
    async insert(
      scope: Scope,
      row: {
        userId: string;
        organizationId: string;
        tokenVersion: number;
        method: string;
        userAgent: string | null;
        ip: string | null;
        expiresAt: Date;
      },
    ): Promise<string> {
      if (scope.organizationId !== null && scope.organizationId !== row.organizationId) {
        throw new Error('session outside its scope');
      }
      // The user's ended and expired rows go when a new one comes: the table stays as small as
      // the number of live sign-ins.
      await db
        .delete(userSessions)
        .where(
          and(
            eq(userSessions.userId, row.userId),
            or(
              lt(userSessions.tokenVersion, row.tokenVersion),
              lt(userSessions.expiresAt, sql`now()`),
            ),
          ),
        );
      const [inserted] = await db
        .insert(userSessions)
        .values(row)
        .returning({ sessionId: userSessions.sessionId });
      if (!inserted) throw new Error('session insert returned nothing');
      return inserted.sessionId;
    },

    /** The user's live sign-ins, the newest first. */
    list(scope: Scope, userId: string) {
      return db
        .select({
          sessionId: userSessions.sessionId,
          method: userSessions.method,
          userAgent: userSessions.userAgent,
          ip: userSessions.ip,
          createdAt: userSessions.createdAt,
          lastUsedAt: userSessions.lastUsedAt,
        })
        .from(userSessions)
        .innerJoin(users, eq(users.userId, userSessions.userId))
        .where(
          and(eq(userSessions.userId, userId), inScope(userSessions.organizationId, scope), live),
        )
        .orderBy(desc(userSessions.lastUsedAt));
    },

    /** Ends one sign-in of the user; false when there is no such live one. */
    async remove(scope: Scope, userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .delete(userSessions)
        .where(
          and(
            eq(userSessions.sessionId, sessionId),
            eq(userSessions.userId, userId),
            inScope(userSessions.organizationId, scope),
          ),
        )
        .returning({ sessionId: userSessions.sessionId });
      return rows.length === 1;
    },

    /** Ends every sign-in of the user but `keep`. */
    async removeOthers(scope: Scope, userId: string, keep: string): Promise<number> {
      const rows = await db
        .delete(userSessions)
        .where(
          and(
            eq(userSessions.userId, userId),
            ne(userSessions.sessionId, keep),
            inScope(userSessions.organizationId, scope),
          ),
        )
        .returning({ sessionId: userSessions.sessionId });
      return rows.length;
    },

    /** Marks the session used now (called at most every few minutes per session). */
    async touch(scope: Scope, sessionId: string): Promise<void> {
      await db
        .update(userSessions)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(eq(userSessions.sessionId, sessionId), inScope(userSessions.organizationId, scope)),
        );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
