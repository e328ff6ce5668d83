import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  trustedBrowsers,
  userPasskeys,
  userRecoveryCodes,
  userTotp,
  webauthnChallenges,
} from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** The user a row belongs to, in the scope: every function takes both. */
export interface Owner {
  userId: string;
  organizationId: string;
}

const ownedBy = (
  table: typeof userTotp | typeof userPasskeys | typeof userRecoveryCodes | typeof trustedBrowsers,
  scope: Scope,
  owner: Owner,
) =>
  and(
    eq(table.userId, owner.userId),
    eq(table.organizationId, owner.organizationId),
    inScope(table.organizationId, scope),
  );

/** The second factors of users: TOTP, passkeys, recovery codes, trusted browsers. */
export function createSecondFactorsRepository(db: Db) {
  return {
    /** Which factors the user has: a confirmed TOTP, passkeys, unused recovery codes. */
    async summary(scope: Scope, owner: Owner) {
      const [row] = await db
        .select({
          totp: sql<boolean>`exists(select 1 from ${userTotp} where ${ownedBy(userTotp, scope, owner)} and ${isNotNull(userTotp.confirmedAt)})`,
          passkeys: sql<number>`(select count(*)::int from ${userPasskeys} where ${ownedBy(userPasskeys, scope, owner)})`,
          recoveryCodes: sql<number>`(select count(*)::int from ${userRecoveryCodes} where ${ownedBy(userRecoveryCodes, scope, owner)} and ${isNull(userRecoveryCodes.usedAt)})`,
        })
        .from(sql`(select 1) as one`);
      return {
        totp: Boolean(row?.totp),
        passkeys: Number(row?.passkeys ?? 0),
        recoveryCodes: Number(row?.recoveryCodes ?? 0),
      };
    },

    // TOTP

    /** Starts (or starts over) an enrolment: an unconfirmed secret replaces an unconfirmed one. */
    async beginTotp(scope: Scope, owner: Owner, secretEncrypted: string): Promise<boolean> {
      const rows = await db
        .insert(userTotp)
        .values({ ...owner, secretEncrypted })
        .onConflictDoUpdate({
          target: userTotp.userId,
          set: { secretEncrypted, createdAt: sql`now()`, lastStep: 0 },
          setWhere: and(isNull(userTotp.confirmedAt), inScope(userTotp.organizationId, scope)),
        })
        .returning({ userId: userTotp.userId });
      return rows.length === 1;
    },

    async findTotp(scope: Scope, owner: Owner) {
      const [row] = await db
        .select({
          secretEncrypted: userTotp.secretEncrypted,
          confirmed: isNotNull(userTotp.confirmedAt),
          lastStep: userTotp.lastStep,
        })
        .from(userTotp)
        .where(ownedBy(userTotp, scope, owner));
      return row;
    },

    /**
     * Takes a code's time step: true only when it is later than the last accepted one, in one
     * statement, so a code (or an earlier one) can never be accepted twice, on any instance.
     * Confirms an enrolment on its first code.
     */
    async useTotpStep(scope: Scope, owner: Owner, step: number): Promise<boolean> {
      const rows = await db
        .update(userTotp)
        .set({ lastStep: step, confirmedAt: sql`coalesce(${userTotp.confirmedAt}, now())` })
        .where(and(ownedBy(userTotp, scope, owner), lt(userTotp.lastStep, step)))
        .returning({ userId: userTotp.userId });
      return rows.length === 1;
    },

    async removeTotp(scope: Scope, owner: Owner): Promise<boolean> {
      const rows = await db
        .delete(userTotp)
        .where(and(ownedBy(userTotp, scope, owner), isNotNull(userTotp.confirmedAt)))
        .returning({ userId: userTotp.userId });
      return rows.length === 1;
    },

    // Passkeys

    listPasskeys(scope: Scope, owner: Owner) {
      return db
        .select({
          passkeyId: userPasskeys.passkeyId,
          credentialId: userPasskeys.credentialId,
          transports: userPasskeys.transports,
          name: userPasskeys.name,
          createdAt: userPasskeys.createdAt,
          lastUsedAt: userPasskeys.lastUsedAt,
        })
        .from(userPasskeys)
        .where(ownedBy(userPasskeys, scope, owner))
        .orderBy(asc(userPasskeys.createdAt));
    },

    /** A passkey by its credential id, with its owner: password-less sign-in starts here. */
    async findPasskeyByCredential(scope: Scope, credentialId: string) {
      const [row] = await db
        .select({
          passkeyId: userPasskeys.passkeyId,
          userId: userPasskeys.userId,
          organizationId: userPasskeys.organizationId,
          credentialId: userPasskeys.credentialId,
          publicKey: userPasskeys.publicKey,
          counter: userPasskeys.counter,
          transports: userPasskeys.transports,
        })
        .from(userPasskeys)
        .where(
          and(
            eq(userPasskeys.credentialId, credentialId),
            inScope(userPasskeys.organizationId, scope),
          ),
        );
      return row;
    },

    async insertPasskey(
      scope: Scope,
      owner: Owner,
      passkey: {
        credentialId: string;
        publicKey: string;
        counter: number;
        transports: string[];
        name: string;
      },
    ) {
      if (scope.organizationId !== null && scope.organizationId !== owner.organizationId) {
        throw new Error('passkey outside its scope');
      }
      const [row] = await db
        .insert(userPasskeys)
        .values({ ...owner, ...passkey })
        .returning({ passkeyId: userPasskeys.passkeyId });
      return row;
    },

    /**
     * Records a use: the new signature counter must be above the stored one unless both are 0
     * (authenticators that keep no counter). False when another use got there first.
     */
    async usePasskey(scope: Scope, passkeyId: string, counter: number): Promise<boolean> {
      const rows = await db
        .update(userPasskeys)
        .set({ counter, lastUsedAt: sql`now()` })
        .where(
          and(
            eq(userPasskeys.passkeyId, passkeyId),
            inScope(userPasskeys.organizationId, scope),
            counter === 0 ? eq(userPasskeys.counter, 0) : lt(userPasskeys.counter, counter),
          ),
        )
        .returning({ passkeyId: userPasskeys.passkeyId });
      return rows.length === 1;
    },

    async removePasskey(scope: Scope, owner: Owner, passkeyId: string): Promise<boolean> {
      const rows = await db
        .delete(userPasskeys)
        .where(and(ownedBy(userPasskeys, scope, owner), eq(userPasskeys.passkeyId, passkeyId)))
        .returning({ passkeyId: userPasskeys.passkeyId });
      return rows.length === 1;
    },

    // Recovery codes

    /** Replaces every recovery code of the user with these hashes. */
    async replaceRecoveryCodes(scope: Scope, owner: Owner, hashes: string[]): Promise<void> {
      if (scope.organizationId !== null && scope.organizationId !== owner.organizationId) {
        throw new Error('recovery codes outside their scope');
      }
      await db.delete(userRecoveryCodes).where(ownedBy(userRecoveryCodes, scope, owner));
      if (hashes.length === 0) return;
      await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ ...owner, codeHash })));
    },

    /** Uses an unused code: true once, in one statement. */
    async useRecoveryCode(scope: Scope, owner: Owner, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(userRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            ownedBy(userRecoveryCodes, scope, owner),
            eq(userRecoveryCodes.codeHash, codeHash),
            isNull(userRecoveryCodes.usedAt),
          ),
        )
        .returning({ codeId: userRecoveryCodes.codeId });
      return rows.length === 1;
    },

    // Trusted browsers

    async insertTrustedBrowser(
      scope: Scope,
      owner: Owner,
      row: { tokenHash: string; userAgent: string | null; ip: string | null; expiresAt: Date },
    ): Promise<void> {
      if (scope.organizationId !== null && scope.organizationId !== owner.organizationId) {
        throw new Error('trusted browser outside its scope');
      }
      await db.insert(trustedBrowsers).values({ ...owner, ...row });
    },

    /** True when the token is the user's and still trusted. */
    async isTrustedBrowser(scope: Scope, owner: Owner, tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: trustedBrowsers.trustedBrowserId })
        .from(trustedBrowsers)
        .where(
          and(
            ownedBy(trustedBrowsers, scope, owner),
            eq(trustedBrowsers.tokenHash, tokenHash),
            gt(trustedBrowsers.expiresAt, sql`now()`),
          ),
        );
      return row !== undefined;
    },

    listTrustedBrowsers(scope: Scope, owner: Owner) {
      return db
        .select({
          trustedBrowserId: trustedBrowsers.trustedBrowserId,
          userAgent: trustedBrowsers.userAgent,
          ip: trustedBrowsers.ip,
          createdAt: trustedBrowsers.createdAt,
          expiresAt: trustedBrowsers.expiresAt,
        })
        .from(trustedBrowsers)
        .where(
          and(ownedBy(trustedBrowsers, scope, owner), gt(trustedBrowsers.expiresAt, sql`now()`)),
        )
        .orderBy(asc(trustedBrowsers.createdAt));
    },

    async removeTrustedBrowser(scope: Scope, owner: Owner, id: string): Promise<boolean> {
      const rows = await db
        .delete(trustedBrowsers)
        .where(
          and(ownedBy(trustedBrowsers, scope, owner), eq(trustedBrowsers.trustedBrowserId, id)),
        )
        .returning({ id: trustedBrowsers.trustedBrowserId });
      return rows.length === 1;
    },

    /** Everything at once: an administrator's reset of a user who lost their device. */
    async removeAll(scope: Scope, owner: Owner): Promise<void> {
      await db.delete(userTotp).where(ownedBy(userTotp, scope, owner));
      await db.delete(userPasskeys).where(ownedBy(userPasskeys, scope, owner));
      await db.delete(userRecoveryCodes).where(ownedBy(userRecoveryCodes, scope, owner));
      await db.delete(trustedBrowsers).where(ownedBy(trustedBrowsers, scope, owner));
    },

    // WebAuthn challenges (global: some are issued before anyone is known)

    async saveChallenge(
      challenge: string,
      purpose: 'register' | 'authenticate',
      userId: string | null,
    ): Promise<void> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
      await db.insert(webauthnChallenges).values({
        challenge,
        purpose,
        userId,
        expiresAt: sql`now() + interval '5 minutes'`,
      });
    },

    /** Takes a challenge (once): true when it was issued for this purpose and user and is live. */
    async takeChallenge(
      challenge: string,
      purpose: 'register' | 'authenticate',
      userId: string | null,
    ): Promise<boolean> {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            userId === null
              ? isNull(webauthnChallenges.userId)
              : eq(webauthnChallenges.userId, userId),
            gt(webauthnChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return rows.length === 1;
    },
  };
}

export type SecondFactorsRepository = ReturnType<typeof createSecondFactorsRepository>;
