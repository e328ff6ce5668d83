import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { ADMIN_AREA, type Matrix } from './matrix.js';
import { freshIds, organizationIds, userIds } from './requests.js';

async function emailOf(fx: Fixtures, userId: string): Promise<string> {
  const [row] = await fx.db
    .select({ email: users.userEmail })
    .from(users)
    .where(eq(users.userId, userId));
  if (!row) throw new Error('matrix user missing');
  return row.email;
}

/** A full admin edit of a fresh Käyttäjä of the organization (the organization left out). */
async function editFreshUser(fx: Fixtures, org: FixtureOrg | null) {
  return {
    url: '/api/users',
    body: {
      uuid: org ? await fx.create.user(org.id) : fx.missing,
      userEmail: `muokattu-${randomUUID().slice(0, 8)}@${(org ?? fx.orgA).emailDomain}`,
      userFirstName: 'Muokattu',
      userLastName: 'Käyttäjä',
      userPhoneNumber: '040 765 4321',
      userJobTitle: 'Asukas',
      userRoles: 'Käyttäjä',
      userState: 'Aktiivinen',
      userPermissions: '1,2',
    },
  };
}

/** A new user put in the organization, named explicitly (the top administrator must). */
const newUser = (organizationId: string, domain: string) => ({
  userEmail: `uusi-${randomUUID().slice(0, 8)}@${domain}`,
  userPassword: 'Uusi-salasana-1',
  userFirstName: 'Uusi',
  userLastName: 'Käyttäjä',
  userPhoneNumber: '040 111 2222',
  userJobTitle: 'Asukas',
  userRoles: 'Käyttäjä',
  userState: 'Aktiivinen',
  userOrganization: organizationId,
  userPermissions: '1',
});

async function passwordRequest(fx: Fixtures, org: FixtureOrg | null) {
  const userEmail = org
    ? await emailOf(fx, await fx.create.user(org.id))
    : `ei-ketaan-${randomUUID().slice(0, 8)}@${fx.orgA.emailDomain}`;
  return {
    url: '/api/change-user-password',
    body: { userEmail, userPassword: 'Uusi-salasana-1', confirmPassword: 'Uusi-salasana-1' },
  };
}

/** Users, the admin password change and the dashboard's counts. */
export const usersMatrix: Matrix = {
  'POST /api/register': {
    access: ADMIN_AREA,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: (_fx, org) => ({ url: '/api/register', body: newUser(org.id, org.emailDomain) }),
      missing: (fx) => ({
        url: '/api/register',
        body: newUser(fx.missing, fx.orgA.emailDomain),
      }),
    },
  },
  'GET /api/users': { access: ADMIN_AREA },
  'GET /api/organization-users': {
    access: ADMIN_AREA,
    ids: organizationIds((id) => `/api/organization-users?organizationId=${id}`),
  },
  'GET /api/user': { access: ADMIN_AREA, ids: userIds((id) => `/api/user?uuid=${id}`) },
  'PATCH /api/users': { access: ADMIN_AREA, ids: freshIds('USER_NOT_FOUND', editFreshUser) },
  'POST /api/change-user-password': {
    access: ADMIN_AREA,
    ids: freshIds('USER_NOT_FOUND', passwordRequest),
  },
  'GET /api/user-role-counts': {
    access: ADMIN_AREA,
    ids: organizationIds((id) => `/api/user-role-counts?organizationId=${id}`),
  },
};
