import { randomUUID } from 'node:crypto';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { ADMIN_AREA, type Matrix } from './matrix.js';
import { freshIds, organizationIds, targetIds } from './requests.js';

const targetBody = (organizationId: string, contactUserId: string) => ({
  targetName: `Matriisikohde ${randomUUID().slice(0, 8)}`,
  targetAddress: 'Testikatu 2',
  targetZipCode: '00100',
  // A district neither organization has: organization A's own "Helsinki" is not B's data.
  targetPostalDistrict: 'Testilä',
  targetOrganizationId: organizationId,
  targetType: 'Kerrostalo',
  targetPropertyId: '091-001-0001-0002',
  targetJobNumber: 'TN-9998',
  targetContactUser: [contactUserId],
  targetState: 'Aktiivinen',
});

/** An edit of a fresh target of the organization; the organization left out, so it stays. */
async function editFreshTarget(fx: Fixtures, org: FixtureOrg | null) {
  const owner = org ?? fx.orgA;
  const contact = await fx.user(owner.key, 'Ylläpitäjä');
  const { targetOrganizationId: _, ...body } = targetBody(owner.id, contact.id);
  const targetId = org ? await fx.create.target(org.id) : fx.missing;
  return { url: '/api/target', body: { targetId, ...body } };
}

/** Targets and their contact users. */
export const targetsMatrix: Matrix = {
  'GET /api/targets': { access: 'signedIn' },
  'GET /api/targets/names': { access: 'signedIn' },
  'GET /api/targets/:id': { access: 'signedIn', ids: targetIds((id) => `/api/targets/${id}`) },
  'GET /api/target-by-id': {
    access: 'signedIn',
    ids: targetIds((id) => `/api/target-by-id?targetId=${id}`),
  },
  'GET /api/targets-by-id': {
    access: 'signedIn',
    ids: targetIds((id) => `/api/targets-by-id?targetId=${id}`),
  },
  'GET /api/organization-targets': {
    access: ADMIN_AREA,
    ids: organizationIds((id) => `/api/organization-targets?targetOrganizationId=${id}`),
  },
  'POST /api/target': {
    access: ADMIN_AREA,
    // The contact user is checked against the caller's scope before the organization.
    ids: {
      notFound: 'USER_NOT_FOUND',
      of: async (fx, org) => ({
        url: '/api/target',
        body: targetBody(org.id, (await fx.user(org.key, 'Ylläpitäjä')).id),
      }),
      missing: (fx) => ({ url: '/api/target', body: targetBody(fx.orgA.id, fx.missing) }),
    },
  },
  'PATCH /api/target': { access: ADMIN_AREA, ids: freshIds('TARGET_NOT_FOUND', editFreshTarget) },
  'PATCH /api/target-contact-user-data-remove': {
    access: ADMIN_AREA,
    ids: freshIds('TARGET_NOT_FOUND', async (fx, org) => ({
      url: '/api/target-contact-user-data-remove',
      body: { targetId: org ? await fx.create.target(org.id) : fx.missing },
    })),
  },
};
