import { randomUUID } from 'node:crypto';
import { organizations } from '../../src/db/schema/index.js';
import type { Fixtures } from './fixtures.js';
import type { Matrix } from './matrix.js';

// Organizations, applications, targets and registration codes. Create calls name their
// organization in the body; the records they reference (contact users, targets) are checked
// against the caller's scope before the organization is judged, so another organization's
// references answer 404 like any foreign id.

const organizationBody = () => ({
  organizationBusinessId: '1234567-8',
  organizationContractNumber: 'SOP-MATRIISI',
  organizationName: `Matriisi ${randomUUID().slice(0, 8)} Oy`,
  organizationAddress: 'Testikatu 1',
  organizationZipCode: '00100',
  organizationPostalDistrict: 'Helsinki',
  organizationArea: 'Uusimaa',
  organizationState: 'Aktiivinen',
  organizationApplications: [1, 2],
});

/** A fresh organization, so that an edit never touches the demo organizations. */
async function freshOrganization(fx: Fixtures): Promise<string> {
  const { organizationApplications: _, ...values } = organizationBody();
  const [row] = await fx.db
    .insert(organizations)
    .values(values as typeof organizations.$inferInsert)
    .returning({ id: organizations.organizationId });
  if (!row) throw new Error('matrix organization not stored');
  return row.id;
}

const targetBody = (organizationId: string, contactUserId: string) => ({
  targetName: `Matriisikohde ${randomUUID().slice(0, 8)}`,
  targetAddress: 'Testikatu 2',
  targetZipCode: '00100',
  targetPostalDistrict: 'Helsinki',
  targetOrganizationId: organizationId,
  targetType: 'Kerrostalo',
  targetPropertyId: '091-001-0001-0002',
  targetJobNumber: 'TN-9998',
  targetContactUser: [contactUserId],
  targetState: 'Aktiivinen',
});

/** A target id in the query or path: As Oy Kivikko is linked to every demo user of A. */
const targetIds = (url: (targetId: string) => string) => ({
  notFound: 'TARGET_NOT_FOUND' as const,
  own: (fx: Fixtures) => ({ url: url(fx.targetA) }),
  foreign: (fx: Fixtures) => ({ url: url(fx.targetB) }),
  missing: (fx: Fixtures) => ({ url: url(fx.missing) }),
});

/** An organization id in the query. */
const organizationIds = (url: (organizationId: string) => string) => ({
  notFound: 'ORGANIZATION_NOT_FOUND' as const,
  own: (fx: Fixtures) => ({ url: url(fx.orgA) }),
  foreign: (fx: Fixtures) => ({ url: url(fx.orgB) }),
  missing: (fx: Fixtures) => ({ url: url(fx.missing) }),
});

/** A fresh registration code of the organization (or a missing id), for revoke and send. */
const codeIds = (build: (id: string, code: string) => { url: string; body?: unknown }) => ({
  notFound: 'REGISTRATION_CODE_NOT_FOUND' as const,
  own: async (fx: Fixtures) => {
    const { id, code } = await fx.create.code(fx.orgA, [fx.targetA]);
    return build(id, code);
  },
  foreign: async (fx: Fixtures) => {
    const { id, code } = await fx.create.code(fx.orgB, [fx.targetB]);
    return build(id, code);
  },
  missing: (fx: Fixtures) => build(fx.missing, 'x'.repeat(43)),
});

export const adminMatrix: Matrix = {
  // --- Organizations and applications ---
  'GET /api/organizations': { access: 'administer' },
  'POST /api/organization': {
    access: 'topAdmin',
    request: () => ({ url: '/api/organization', body: organizationBody() }),
  },
  'PATCH /api/organization': {
    access: 'topAdmin',
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      own: async (fx) => ({
        url: '/api/organization',
        body: { organizationId: await freshOrganization(fx), ...organizationBody() },
      }),
      foreign: async (fx) => ({
        url: '/api/organization',
        body: { organizationId: await freshOrganization(fx), ...organizationBody() },
      }),
      missing: (fx) => ({
        url: '/api/organization',
        body: { organizationId: fx.missing, ...organizationBody() },
      }),
    },
  },
  'GET /api/applications': { access: 'administer' },
  'GET /api/organization-applications': {
    access: 'administer',
    ids: organizationIds((id) => `/api/organization-applications?organizationId=${id}`),
  },

  // --- Targets ---
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
    access: 'administer',
    ids: organizationIds((id) => `/api/organization-targets?targetOrganizationId=${id}`),
  },
  'POST /api/target': {
    access: 'administer',
    ids: {
      notFound: 'USER_NOT_FOUND',
      own: (fx) => ({ url: '/api/target', body: targetBody(fx.orgA, fx.userA.Ylläpitäjä) }),
      foreign: (fx) => ({ url: '/api/target', body: targetBody(fx.orgB, fx.adminB) }),
      missing: (fx) => ({ url: '/api/target', body: targetBody(fx.orgA, fx.missing) }),
    },
  },
  'PATCH /api/target': {
    access: 'administer',
    // The organization left out: the target stays where it is.
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      own: async (fx) => {
        const { targetOrganizationId: _, ...body } = targetBody(fx.orgA, fx.userA.Ylläpitäjä);
        return { url: '/api/target', body: { targetId: await fx.create.target(fx.orgA), ...body } };
      },
      foreign: async (fx) => {
        const { targetOrganizationId: _, ...body } = targetBody(fx.orgB, fx.adminB);
        return { url: '/api/target', body: { targetId: await fx.create.target(fx.orgB), ...body } };
      },
      missing: (fx) => {
        const { targetOrganizationId: _, ...body } = targetBody(fx.orgA, fx.userA.Ylläpitäjä);
        return { url: '/api/target', body: { targetId: fx.missing, ...body } };
      },
    },
  },
  'PATCH /api/target-contact-user-data-remove': {
    access: 'administer',
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      own: async (fx) => ({
        url: '/api/target-contact-user-data-remove',
        body: { targetId: await fx.create.target(fx.orgA) },
      }),
      foreign: async (fx) => ({
        url: '/api/target-contact-user-data-remove',
        body: { targetId: await fx.create.target(fx.orgB) },
      }),
      missing: (fx) => ({
        url: '/api/target-contact-user-data-remove',
        body: { targetId: fx.missing },
      }),
    },
  },

  // --- Registration codes ---
  'POST /api/registration-codes': {
    access: 'administer',
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      own: (fx) => ({
        url: '/api/registration-codes',
        body: { organizationId: fx.orgA, targetIds: [fx.targetA] },
      }),
      foreign: (fx) => ({
        url: '/api/registration-codes',
        body: { organizationId: fx.orgB, targetIds: [fx.targetB] },
      }),
      missing: (fx) => ({
        url: '/api/registration-codes',
        body: { organizationId: fx.orgA, targetIds: [fx.missing] },
      }),
    },
  },
  'GET /api/registration-codes': {
    access: 'administer',
    ids: organizationIds((id) => `/api/registration-codes?organizationId=${id}`),
  },
  'POST /api/registration-codes/:id/revoke': {
    access: 'administer',
    ids: codeIds((id) => ({ url: `/api/registration-codes/${id}/revoke` })),
  },
  'POST /api/registration-codes/:id/send': {
    access: 'administer',
    ids: codeIds((id, code) => ({
      url: `/api/registration-codes/${id}/send`,
      body: { code, recipients: ['vastaanottaja@example.fi'] },
    })),
  },
};
