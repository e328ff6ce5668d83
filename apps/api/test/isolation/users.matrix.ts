import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import type { Fixtures } from './fixtures.js';
import type { Matrix } from './matrix.js';

const domainOf = (fx: Fixtures, organizationId: string) =>
  organizationId === fx.orgB ? 'toinen.vahti.fi' : 'demo.vahti.fi';

async function emailOf(fx: Fixtures, userId: string): Promise<string> {
  const [row] = await fx.db
    .select({ email: users.userEmail })
    .from(users)
    .where(eq(users.userId, userId));
  if (!row) throw new Error('matrix user missing');
  return row.email;
}

/** A full admin edit of a fresh Käyttäjä of the organization (the organization left out). */
async function editFreshUser(fx: Fixtures, organizationId: string | null) {
  const uuid = organizationId ? await fx.create.user(organizationId) : fx.missing;
  return {
    url: '/api/users',
    body: {
      uuid,
      userEmail: `muokattu-${randomUUID().slice(0, 8)}@${domainOf(fx, organizationId ?? fx.orgA)}`,
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

/** A fresh Käyttäjä and a fresh target of the organization, for link changes. */
async function freshUserAndTarget(fx: Fixtures, organizationId: string) {
  return {
    userId: await fx.create.user(organizationId),
    targetId: await fx.create.target(organizationId),
  };
}

async function linkRequest(fx: Fixtures, organizationId: string | null) {
  if (!organizationId) {
    return { url: '/api/user-targets', body: { userId: fx.missing, targetId: [fx.targetA] } };
  }
  const { userId, targetId } = await freshUserAndTarget(fx, organizationId);
  return { url: '/api/user-targets', body: { userId, targetId: [targetId] } };
}

async function removeLinkRequest(fx: Fixtures, organizationId: string | null) {
  if (!organizationId) return { url: '/api/user-targets', body: { id: fx.missing } };
  const { userId, targetId } = await freshUserAndTarget(fx, organizationId);
  return { url: '/api/user-targets', body: { id: await fx.create.link(userId, targetId) } };
}

async function passwordRequest(fx: Fixtures, organizationId: string | null) {
  const userEmail = organizationId
    ? await emailOf(fx, await fx.create.user(organizationId))
    : `ei-ketaan-${randomUUID().slice(0, 8)}@demo.vahti.fi`;
  return {
    url: '/api/change-user-password',
    body: { userEmail, userPassword: 'Uusi-salasana-1', confirmPassword: 'Uusi-salasana-1' },
  };
}

/** Users, user-target links, the admin password change and the dashboard's counts. */
export const usersMatrix: Matrix = {
  'POST /api/register': {
    access: 'administer',
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      own: (fx) => ({ url: '/api/register', body: newUser(fx.orgA, 'demo.vahti.fi') }),
      foreign: (fx) => ({ url: '/api/register', body: newUser(fx.orgB, 'toinen.vahti.fi') }),
      missing: (fx) => ({ url: '/api/register', body: newUser(fx.missing, 'demo.vahti.fi') }),
    },
  },
  'GET /api/users': { access: 'administer' },
  'GET /api/organization-users': {
    access: 'administer',
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      own: (fx) => ({ url: `/api/organization-users?organizationId=${fx.orgA}` }),
      foreign: (fx) => ({ url: `/api/organization-users?organizationId=${fx.orgB}` }),
      missing: (fx) => ({ url: `/api/organization-users?organizationId=${fx.missing}` }),
    },
  },
  'GET /api/user': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => ({ url: `/api/user?uuid=${fx.userA.Käyttäjä}` }),
      foreign: (fx) => ({ url: `/api/user?uuid=${fx.adminB}` }),
      missing: (fx) => ({ url: `/api/user?uuid=${fx.missing}` }),
    },
  },
  'PATCH /api/users': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => editFreshUser(fx, fx.orgA),
      foreign: (fx) => editFreshUser(fx, fx.orgB),
      missing: (fx) => editFreshUser(fx, null),
    },
  },
  'POST /api/change-user-password': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => passwordRequest(fx, fx.orgA),
      foreign: (fx) => passwordRequest(fx, fx.orgB),
      missing: (fx) => passwordRequest(fx, null),
    },
  },
  'GET /api/user-targets': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => ({ url: `/api/user-targets?userId=${fx.userA.Käyttäjä}` }),
      foreign: (fx) => ({ url: `/api/user-targets?userId=${fx.adminB}` }),
      missing: (fx) => ({ url: `/api/user-targets?userId=${fx.missing}` }),
    },
  },
  'POST /api/user-targets': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => linkRequest(fx, fx.orgA),
      foreign: (fx) => linkRequest(fx, fx.orgB),
      missing: (fx) => linkRequest(fx, null),
    },
  },
  'PATCH /api/user-targets': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => linkRequest(fx, fx.orgA),
      foreign: (fx) => linkRequest(fx, fx.orgB),
      missing: (fx) => linkRequest(fx, null),
    },
  },
  'DELETE /api/user-targets': {
    access: 'administer',
    ids: {
      notFound: 'USER_TARGET_NOT_FOUND',
      own: (fx) => removeLinkRequest(fx, fx.orgA),
      foreign: (fx) => removeLinkRequest(fx, fx.orgB),
      missing: (fx) => removeLinkRequest(fx, null),
    },
  },
  'GET /api/user-by-targets': {
    access: 'administer',
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      own: (fx) => ({ url: `/api/user-by-targets?targetId=${fx.targetA}` }),
      foreign: (fx) => ({ url: `/api/user-by-targets?targetId=${fx.targetB}` }),
      missing: (fx) => ({ url: `/api/user-by-targets?targetId=${fx.missing}` }),
    },
  },
  'GET /api/user-by-user-targets': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => ({ url: `/api/user-by-user-targets?userId=${fx.userA.Käyttäjä}` }),
      foreign: (fx) => ({ url: `/api/user-by-user-targets?userId=${fx.adminB}` }),
      missing: (fx) => ({ url: `/api/user-by-user-targets?userId=${fx.missing}` }),
    },
  },
  'GET /api/user-role-counts': {
    access: 'administer',
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      own: (fx) => ({ url: `/api/user-role-counts?organizationId=${fx.orgA}` }),
      foreign: (fx) => ({ url: `/api/user-role-counts?organizationId=${fx.orgB}` }),
      missing: (fx) => ({ url: `/api/user-role-counts?organizationId=${fx.missing}` }),
    },
  },
};
