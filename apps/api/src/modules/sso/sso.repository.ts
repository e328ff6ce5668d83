import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizationSso, organizations, ssoDomains, ssoSignIns } from '../../db/schema/index.js';
import { assertWithin, inScope, type Scope } from '../../lib/scope.js';

export type SsoValues = Omit<typeof organizationSso.$inferInsert, 'updatedAt'>;
export type SsoRow = typeof organizationSso.$inferSelect & { emailDomains: string[] };

/** A sign-in under way, as the callback or the completion reads it back. */
export type SsoSignIn = typeof ssoSignIns.$inferSelect;

/**
 * Organizations' single sign-on settings, their e-mail domains and the sign-ins under way. Every
 * function takes a scope; the sign-in's own functions are called with the single-sign-on system
 * scope (sso-sign-in.service.ts), which reaches every organization because nobody is signed in.
 */
export function createSsoRepository(db: Db) {
  async function domainsOf(organizationId: string): Promise<string[]> {
    const rows = await db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(eq(ssoDomains.organizationId, organizationId))
      .orderBy(asc(ssoDomains.domain));
    return rows.map((row) => row.domain);
  }

  return {
    /** The organization's settings with its domains, if it has any and the scope reaches it. */
    async find(scope: Scope, organizationId: string): Promise<SsoRow | undefined> {
      const [row] = await db
        .select()
        .from(organizationSso)
        .where(
          and(
            eq(organizationSso.organizationId, organizationId),
            inScope(organizationSso.organizationId, scope),
          ),
        );
      return row && { ...row, emailDomains: await domainsOf(organizationId) };
    },

    /**
     * Stores the settings and makes `domains` exactly the organization's. A domain another
     * organization holds fails on sso_domains_pkey (the caller's transaction rolls back).
     */
    async save(scope: Scope, values: SsoValues, domains: string[]): Promise<void> {
      assertWithin(scope, values.organizationId);
      const { organizationId, ...changes } = values;
      await db
        .insert(organizationSso)
        .values(values)
        .onConflictDoUpdate({
          target: organizationSso.organizationId,
          set: { ...changes, updatedAt: sql`now()` },
        });
      await db.delete(ssoDomains).where(eq(ssoDomains.organizationId, organizationId));
      await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, organizationId })));
    },

    /** Removes the settings (and so the domains); false when there were none in scope. */
    async remove(scope: Scope, organizationId: string): Promise<boolean> {
      const rows = await db
        .delete(organizationSso)
        .where(
          and(
            eq(organizationSso.organizationId, organizationId),
            inScope(organizationSso.organizationId, scope),
          ),
        )
        .returning({ id: organizationSso.organizationId });
      return rows.length === 1;
    },

    /**
     * The enabled settings of the organization that holds `domain`, if its organization is
     * Aktiivinen: where an address of the domain signs in.
     */
    async findEnabledByDomain(scope: Scope, domain: string): Promise<SsoRow | undefined> {
      const [row] = await db
        .select({ sso: organizationSso })
        .from(ssoDomains)
        .innerJoin(organizationSso, eq(organizationSso.organizationId, ssoDomains.organizationId))
        .innerJoin(organizations, eq(organizations.organizationId, organizationSso.organizationId))
        .where(
          and(
            eq(ssoDomains.domain, domain),
            eq(organizationSso.enabled, true),
            eq(organizations.organizationState, 'Aktiivinen'),
            inScope(organizationSso.organizationId, scope),
          ),
        );
      return row && { ...row.sso, emailDomains: await domainsOf(row.sso.organizationId) };
    },

    /**
     * Whether the organization's enabled single sign-on covers `domain` and has turned password
     * sign-in off: then its users of that domain sign in only through the provider.
     */
    async passwordRefused(scope: Scope, organizationId: string, domain: string): Promise<boolean> {
      const [row] = await db
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .innerJoin(organizationSso, eq(organizationSso.organizationId, ssoDomains.organizationId))
        .where(
          and(
            eq(ssoDomains.domain, domain),
            eq(ssoDomains.organizationId, organizationId),
            eq(organizationSso.enabled, true),
            eq(organizationSso.passwordSignIn, false),
            inScope(organizationSso.organizationId, scope),
          ),
        );
      return row !== undefined;
    },

    /** Stores a sign-in under way (started, or finished and waiting for its code). */
    async insertSignIn(
      scope: Scope,
      values: Omit<typeof ssoSignIns.$inferInsert, 'id'>,
    ): Promise<void> {
      assertWithin(scope, values.organizationId ?? null);
      await db.insert(ssoSignIns).values(values);
    },

    /**
     * Takes the unexpired sign-in with this state or code hash, deleting it: a second call with
     * the same value finds nothing (single use, also when two race).
     */
    async takeSignIn(
      scope: Scope,
      by: { stateHash: string } | { codeHash: string },
    ): Promise<SsoSignIn | undefined> {
      const [row] = await db
        .delete(ssoSignIns)
        .where(
          and(
            'stateHash' in by
              ? eq(ssoSignIns.stateHash, by.stateHash)
              : eq(ssoSignIns.codeHash, by.codeHash),
            gt(ssoSignIns.expiresAt, sql`now()`),
            inScope(ssoSignIns.organizationId, scope),
          ),
        )
        .returning();
      return row;
    },

    /** Deletes the sign-ins whose time has passed. */
    async removeExpired(scope: Scope): Promise<void> {
      await db
        .delete(ssoSignIns)
        .where(
          and(lt(ssoSignIns.expiresAt, sql`now()`), inScope(ssoSignIns.organizationId, scope)),
        );
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
