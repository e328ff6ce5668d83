import type { OrganizationRecord } from '@vahti/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applications, organizationApplications, organizations } from '../../db/schema/index.js';
import { inScope, type OrganizationScope } from '../../lib/scope.js';

export type OrganizationValues = Omit<
  typeof organizations.$inferInsert,
  'organizationId' | 'createdAt' | 'updatedAt'
>;

const scoped = (scope: OrganizationScope) => inScope(organizations.organizationId, scope);

/** The organizations in scope (optionally one of them), by name, with their applications. */
export async function listOrganizations(
  db: Db,
  scope: OrganizationScope,
  organizationId?: string,
): Promise<OrganizationRecord[]> {
  const rows = await db
    .select()
    .from(organizations)
    .where(
      and(
        scoped(scope),
        organizationId ? eq(organizations.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(asc(organizations.organizationName), asc(organizations.organizationId));
  if (rows.length === 0) return [];
  const granted = await db
    .select({
      organizationId: organizationApplications.organizationId,
      applicationId: applications.applicationId,
      applicationName: applications.applicationName,
    })
    .from(organizationApplications)
    .innerJoin(applications, eq(applications.applicationId, organizationApplications.applicationId))
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
      organizationApplications: own.map((app) => app.applicationId),
      OrganizationApplications: own,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function findOrganization(db: Db, scope: OrganizationScope, organizationId: string) {
  const [organization] = await listOrganizations(db, scope, organizationId);
  return organization;
}

/** The organization's id and name, if it exists and the scope reaches it; cheaper than reading it whole. */
export async function lookupOrganization(db: Db, scope: OrganizationScope, organizationId: string) {
  const [row] = await db
    .select({
      organizationId: organizations.organizationId,
      organizationName: organizations.organizationName,
    })
    .from(organizations)
    .where(and(scoped(scope), eq(organizations.organizationId, organizationId)))
    .limit(1);
  return row;
}

/** The application catalogue, or (with an organization) the applications granted to it. */
export function listApplications(db: Db, organizationId: string | null) {
  const columns = {
    applicationId: applications.applicationId,
    applicationName: applications.applicationName,
  };
  if (organizationId === null) {
    return db.select(columns).from(applications).orderBy(asc(applications.applicationId));
  }
  return db
    .select(columns)
    .from(applications)
    .innerJoin(
      organizationApplications,
      eq(organizationApplications.applicationId, applications.applicationId),
    )
    .where(eq(organizationApplications.organizationId, organizationId))
    .orderBy(asc(applications.applicationId));
}

/** How many of the ids are in the catalogue (all of them, when the input is valid). */
export async function countKnownApplications(db: Db, applicationIds: number[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(inArray(applications.applicationId, applicationIds));
  return row?.n ?? 0;
}

export async function insertOrganization(db: Db, values: OrganizationValues): Promise<string> {
  const [row] = await db
    .insert(organizations)
    .values(values)
    .returning({ id: organizations.organizationId });
  if (!row) throw new Error('organization not stored');
  return row.id;
}

export async function updateOrganization(
  db: Db,
  organizationId: string,
  values: OrganizationValues,
): Promise<void> {
  await db
    .update(organizations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(organizations.organizationId, organizationId));
}

/** Grants exactly these applications (the previous set is replaced). */
export async function setOrganizationApplications(
  db: Db,
  organizationId: string,
  applicationIds: number[],
): Promise<void> {
  await db
    .delete(organizationApplications)
    .where(eq(organizationApplications.organizationId, organizationId));
  if (applicationIds.length === 0) return;
  await db
    .insert(organizationApplications)
    .values(applicationIds.map((applicationId) => ({ organizationId, applicationId })));
}
