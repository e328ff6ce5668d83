import type { OrganizationRecord } from '@vahti/domain';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applications, organizationApplications, organizations } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

export type OrganizationValues = Omit<
  typeof organizations.$inferInsert,
  | 'organizationId'
  | 'createdAt'
  | 'updatedAt'
  | 'organizationLogo'
  | 'organizationTwoFactorRole'
  | 'organizationPasskeySignIn'
>;

/** The organization's sign-in rules (issue 31), kept apart from its other fields. */
const signInColumns = {
  organizationTwoFactorRole: organizations.organizationTwoFactorRole,
  organizationPasskeySignIn: organizations.organizationPasskeySignIn,
};
export type SignInSettings = {
  organizationTwoFactorRole: (typeof organizations.$inferSelect)['organizationTwoFactorRole'];
  organizationPasskeySignIn: boolean;
};

const scoped = (scope: Scope, organizationId?: string) =>
  and(
    inScope(organizations.organizationId, scope),
    organizationId ? eq(organizations.organizationId, organizationId) : undefined,
  );

/** Organizations (the tenants themselves) and the applications granted to them. */
export function createOrganizationsRepository(db: Db) {
  /** The organizations in scope (optionally one of them), by name, with their applications. */
  async function list(scope: Scope, organizationId?: string): Promise<OrganizationRecord[]> {
    const rows = await db
      .select()
      .from(organizations)
      .where(scoped(scope, organizationId))
      .orderBy(asc(organizations.organizationName), asc(organizations.organizationId));
    if (rows.length === 0) return [];
    const granted = await db
      .select({
        organizationId: organizationApplications.organizationId,
        applicationId: applications.applicationId,
        applicationName: applications.applicationName,
      })
      .from(organizationApplications)
      .innerJoin(
        applications,
        eq(applications.applicationId, organizationApplications.applicationId),
      )
      .where(
        inArray(
          organizationApplications.organizationId,
          rows.map((row) => row.organizationId),
        ),
      )
      .orderBy(asc(applications.applicationId));
    return rows.map((row) => {
      const own = granted
        .filter((app) => app.organizationId === row.organizationId)
        .map(({ applicationId, applicationName }) => ({ applicationId, applicationName }));
      return {
        ...row,
        organizationLogo: row.organizationLogo !== null,
        organizationApplications: own.map((app) => app.applicationId),
        OrganizationApplications: own,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  return {
    list,

    async find(scope: Scope, organizationId: string) {
      const [organization] = await list(scope, organizationId);
      return organization;
    },

    /** Id and name, if the organization exists and the scope reaches it; cheaper than `find`. */
    async lookup(scope: Scope, organizationId: string) {
      const [row] = await db
        .select({
          organizationId: organizations.organizationId,
          organizationName: organizations.organizationName,
        })
        .from(organizations)
        .where(scoped(scope, organizationId))
        .limit(1);
      return row;
    },

    /**
     * The applications granted to the organizations in scope, or (for the top administrator)
     * the whole catalogue; with `organizationId`, that organization's only.
     */
    listApplications(scope: Scope, organizationId?: string) {
      const columns = {
        applicationId: applications.applicationId,
        applicationName: applications.applicationName,
      };
      const only = organizationId ?? scope.organizationId;
      if (only === null) {
        return db.select(columns).from(applications).orderBy(asc(applications.applicationId));
      }
      return db
        .select(columns)
        .from(applications)
        .innerJoin(
          organizationApplications,
          eq(organizationApplications.applicationId, applications.applicationId),
        )
        .where(
          and(
            eq(organizationApplications.organizationId, only),
            inScope(organizationApplications.organizationId, scope),
          ),
        )
        .orderBy(asc(applications.applicationId));
    },

    /** How many of the ids are in the catalogue (all of them, when the input is valid). */
    async countKnownApplications(applicationIds: number[]): Promise<number> {
      if (applicationIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .where(inArray(applications.applicationId, applicationIds));
      return row?.n ?? 0;
    },

    /** A new organization: only a scope that crosses organizations may make one. */
    async insert(scope: Scope, values: OrganizationValues): Promise<string> {
      if (scope.organizationId !== null) throw new Error('write outside the scope');
      const [row] = await db
        .insert(organizations)
        .values(values)
        .returning({ id: organizations.organizationId });
      if (!row) throw new Error('organization not stored');
      return row.id;
    },

    /** The logo's object name (null: none), if the organization is in scope. */
    async logoOf(scope: Scope, organizationId: string) {
      const [row] = await db
        .select({ logo: organizations.organizationLogo })
        .from(organizations)
        .where(scoped(scope, organizationId))
        .limit(1);
      return row;
    },

    /**
     * Sets the logo's object name (null: none); returns the one it replaced, or undefined when
     * the organization is not in scope. Locks the row, so two uploads never lose an object.
     */
    async setLogo(scope: Scope, organizationId: string, logo: string | null) {
      const [before] = await db
        .select({ logo: organizations.organizationLogo })
        .from(organizations)
        .where(scoped(scope, organizationId))
        .for('update');
      if (!before) return undefined;
      await db
        .update(organizations)
        .set({ organizationLogo: logo, updatedAt: sql`now()` })
        .where(scoped(scope, organizationId));
      return { replaced: before.logo };
    },

    async signInSettings(
      scope: Scope,
      organizationId: string,
    ): Promise<SignInSettings | undefined> {
      const [row] = await db
        .select(signInColumns)
        .from(organizations)
        .where(scoped(scope, organizationId));
      return row;
    },

    /** Saves the sign-in rules; answers what they were (undefined: not in scope). */
    async setSignInSettings(scope: Scope, organizationId: string, values: SignInSettings) {
      const [before] = await db
        .select(signInColumns)
        .from(organizations)
        .where(scoped(scope, organizationId))
        .for('update');
      if (!before) return undefined;
      await db
        .update(organizations)
        .set({ ...values, updatedAt: sql`now()` })
        .where(scoped(scope, organizationId));
      return before;
    },

    /** Saves the fields; returns how many rows changed (0: not in scope). */
    async update(scope: Scope, organizationId: string, values: OrganizationValues) {
      const rows = await db
        .update(organizations)
        .set({ ...values, updatedAt: sql`now()` })
        .where(scoped(scope, organizationId))
        .returning({ id: organizations.organizationId });
      return rows.length;
    },

    /**
     * Grants exactly these applications. Inserts what is new and deletes what went, so two
     * saves at once never collide on the unique key.
     */
    async setApplications(scope: Scope, organizationId: string, applicationIds: number[]) {
      const [reached] = await db
        .select({ id: organizations.organizationId })
        .from(organizations)
        .where(scoped(scope, organizationId))
        .for('update');
      if (!reached) return 0;
      await db
        .delete(organizationApplications)
        .where(
          and(
            eq(organizationApplications.organizationId, organizationId),
            applicationIds.length === 0
              ? undefined
              : notInArray(organizationApplications.applicationId, applicationIds),
          ),
        );
      if (applicationIds.length > 0) {
        await db
          .insert(organizationApplications)
          .values(applicationIds.map((applicationId) => ({ organizationId, applicationId })))
          .onConflictDoNothing();
      }
      return 1;
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
