import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  notificationSettings,
  organizations,
  userSessions,
  users,
  userTargets,
} from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** What every signed-in request reads of its account: no password hash. */
const accountColumns = {
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
  tokenVersion: users.tokenVersion,
  language: users.language,
  /** Alarm mail on: the e-mail channel of the notification settings in force (issue 28). */
  userAlarmMail: sql<boolean>`coalesce(
    (select ${notificationSettings.enabled} from ${notificationSettings}
      where ${notificationSettings.userId} = ${users.userId} and ${notificationSettings.channel} = 'email'),
    (select ${notificationSettings.enabled} from ${notificationSettings}
      where ${notificationSettings.organizationId} = ${users.organizationId}
        and ${notificationSettings.userId} is null and ${notificationSettings.channel} = 'email'),
    true)`,
  organizationName: organizations.organizationName,
  organizationPostalDistrict: organizations.organizationPostalDistrict,
  organizationState: organizations.organizationState,
  /** The organization's sign-in rules (issue 31), read with the account. */
  organizationTwoFactorRole: organizations.organizationTwoFactorRole,
  organizationPasskeySignIn: organizations.organizationPasskeySignIn,
  /** The ids of the user's targets, in the same read (the session user lists them). */
  targetIds: sql<
    string[]
  >`array(select ${userTargets.targetId} from ${userTargets} where ${userTargets.userId} = ${users.userId})`,
};

/** Sign-in and reset also need the hash. */
const signInColumns = { ...accountColumns, passwordHash: users.passwordHash };

/**
 * Accounts: a user row with what a session needs (token version, organization state, target
 * ids), and for sign-in the password hash. Sign-in and reset look an account up before anyone is
 * known, with a system scope that reaches every organization: the account itself is the answer,
 * and only to its owner.
 */
export function createAccountsRepository(db: Db) {
  /** Every signed-in request reads its account by id: one query, built and prepared once. */
  const byId = (inOrganization: boolean) =>
    db
      .select(accountColumns)
      .from(users)
      .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
      .where(
        and(
          eq(users.userId, sql.placeholder('userId')),
          inOrganization ? eq(users.organizationId, sql.placeholder('organizationId')) : undefined,
        ),
      )
      .limit(1);
  const findByIdEverywhere = preparedQuery('account_by_id', () => byId(false));
  const findByIdInOrganization = preparedQuery('account_by_id_in_organization', () => byId(true));
  /**
   * Every signed-in request: the account and, in the same read, when its session was last used —
   * null when the session has ended (its row deleted, its version behind the user's, expired).
   */
  const findBySession = preparedQuery('account_by_session', () =>
    db
      .select({
        ...accountColumns,
        sessionLastUsedAt: sql<
          Date | string | null
        >`(select ${userSessions.lastUsedAt} from ${userSessions}
          where ${userSessions.sessionId} = ${sql.placeholder('sessionId')}::uuid
            and ${userSessions.userId} = ${users.userId}
            and ${userSessions.tokenVersion} = ${users.tokenVersion}
            and ${userSessions.expiresAt} > now())`,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
      .where(eq(users.userId, sql.placeholder('userId')))
      .limit(1),
  );

  return {
    async findByEmail(scope: Scope, email: string) {
      const [row] = await db
        .select(signInColumns)
        .from(users)
        .innerJoin(organizations, eq(organizations.organizationId, users.organizationId))
        .where(
          and(
            eq(sql`lower(${users.userEmail})`, email.toLowerCase()),
            inScope(users.organizationId, scope),
          ),
        )
        .limit(1);
      return row;
    },

    async findById(scope: Scope, userId: string) {
      const [row] = await (scope.organizationId === null
        ? findByIdEverywhere({ userId })
        : findByIdInOrganization({ userId, organizationId: scope.organizationId }));
      return row;
    },

    /** The account of a session token, with its session's last use (null: the session ended). */
    async findBySession(scope: Scope, userId: string, sessionId: string) {
      if (scope.organizationId !== null) throw new Error('sessions are resolved before any scope');
      const [row] = await findBySession({ userId, sessionId });
      return row;
    },

    /** The password hash, for a signed-in user who changes the password. */
    async findPasswordHash(scope: Scope, userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.userId, userId), inScope(users.organizationId, scope)));
      return row?.passwordHash;
    },

    /** Bumps the token version: every token issued before answers 401. False when not in scope. */
    async revokeTokens(scope: Scope, userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.userId, userId), inScope(users.organizationId, scope)))
        .returning({ id: users.userId });
      return rows.length === 1;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
/** A signed-in account as every request reads it (no password hash). */
export type Account = NonNullable<Awaited<ReturnType<AccountsRepository['findById']>>>;
