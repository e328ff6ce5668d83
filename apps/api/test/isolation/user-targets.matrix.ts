import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { ADMIN_AREA, type Matrix } from './matrix.js';
import { freshIds, targetIds, userIds } from './requests.js';

/** A fresh Käyttäjä and a fresh target of the organization, for link changes. */
async function freshUserAndTarget(fx: Fixtures, org: FixtureOrg) {
  return { userId: await fx.create.user(org.id), targetId: await fx.create.target(org.id) };
}

async function linkRequest(fx: Fixtures, org: FixtureOrg | null) {
  if (!org) {
    return {
      url: '/api/user-targets',
      body: { userId: fx.missing, targetId: [fx.orgA.target.id] },
    };
  }
  const { userId, targetId } = await freshUserAndTarget(fx, org);
  return { url: '/api/user-targets', body: { userId, targetId: [targetId] } };
}

async function removeLinkRequest(fx: Fixtures, org: FixtureOrg | null) {
  if (!org) return { url: '/api/user-targets', body: { id: fx.missing } };
  const { userId, targetId } = await freshUserAndTarget(fx, org);
  return { url: '/api/user-targets', body: { id: await fx.create.link(userId, targetId) } };
}

/** The links between users and targets. */
export const userTargetsMatrix: Matrix = {
  'GET /api/user-targets': {
    access: ADMIN_AREA,
    ids: userIds((id) => `/api/user-targets?userId=${id}`),
  },
  'POST /api/user-targets': { access: ADMIN_AREA, ids: freshIds('USER_NOT_FOUND', linkRequest) },
  'PATCH /api/user-targets': { access: ADMIN_AREA, ids: freshIds('USER_NOT_FOUND', linkRequest) },
  'DELETE /api/user-targets': {
    access: ADMIN_AREA,
    ids: freshIds('USER_TARGET_NOT_FOUND', removeLinkRequest),
  },
  'GET /api/user-by-targets': {
    access: ADMIN_AREA,
    ids: targetIds((id) => `/api/user-by-targets?targetId=${id}`),
  },
  'GET /api/user-by-user-targets': {
    access: ADMIN_AREA,
    ids: userIds((id) => `/api/user-by-user-targets?userId=${id}`),
  },
};
