import { randomUUID } from 'node:crypto';
import { organizations } from '../../src/db/schema/index.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { pngImage } from '../helpers/images.js';
import { multipartBody } from '../helpers/multipart.js';
import { ADMIN_AREA, type Matrix } from './matrix.js';
import { organizationIds } from './requests.js';

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

/** A fresh organization, so that an edit never touches organizations A and B. */
async function freshOrganization(fx: Fixtures): Promise<string> {
  const { organizationApplications: _, ...values } = organizationBody();
  const [row] = await fx.db
    .insert(organizations)
    .values(values as typeof organizations.$inferInsert)
    .returning({ id: organizations.organizationId });
  if (!row) throw new Error('matrix organization not stored');
  return row.id;
}

/** A logo upload for the organization `id`. */
async function logoUpload(id: string) {
  const { payload, headers } = await multipartBody(
    {},
    { name: 'logo.png', type: 'image/png', content: pngImage(8, 8) },
  );
  return { url: `/api/organization-logo?organizationId=${id}`, body: payload, headers };
}

/** Replacing and removing an organization's logo: Hallinta and Ylläpitäjä or above. */
const LOGO_MANAGERS = { section: 'hallinta', minRole: 'Ylläpitäjä' } as const;

/** Organizations, the applications granted to them and their logos. */
export const organizationsMatrix: Matrix = {
  'GET /api/organizations': { access: ADMIN_AREA },
  'POST /api/organization': {
    access: 'topAdmin',
    request: () => ({ url: '/api/organization', body: organizationBody() }),
  },
  'PATCH /api/organization': {
    access: 'topAdmin',
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      of: async (fx) => ({
        url: '/api/organization',
        body: { organizationId: await freshOrganization(fx), ...organizationBody() },
      }),
      missing: (fx) => ({
        url: '/api/organization',
        body: { organizationId: fx.missing, ...organizationBody() },
      }),
    },
  },
  'GET /api/applications': { access: ADMIN_AREA },
  'GET /api/organization-applications': {
    access: ADMIN_AREA,
    ids: organizationIds((id) => `/api/organization-applications?organizationId=${id}`),
  },
  'GET /api/organization-logo': {
    access: ADMIN_AREA,
    ids: organizationIds((id) => `/api/organization-logo?organizationId=${id}`),
  },
  'PUT /api/organization-logo': {
    access: LOGO_MANAGERS,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      of: (_, org) => logoUpload(org.id),
      missing: (fx) => logoUpload(fx.missing),
    },
  },
  'DELETE /api/organization-logo': {
    access: LOGO_MANAGERS,
    ids: organizationIds((id) => `/api/organization-logo?organizationId=${id}`),
  },
};
