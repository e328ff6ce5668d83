import { ADMIN_AREA, type Matrix } from './matrix.js';
import { freshIds, organizationIds } from './requests.js';

/** A fresh registration code of the organization (or a missing id), for revoke and send. */
const codeIds = (build: (id: string, code: string) => { url: string; body?: unknown }) =>
  freshIds('REGISTRATION_CODE_NOT_FOUND', async (fx, org) => {
    if (!org) return build(fx.missing, 'x'.repeat(43));
    const { id, code } = await fx.create.code(org.id, [org.target.id]);
    return build(id, code);
  });

/** Registration codes: made, listed, revoked and sent by the admin area. */
export const registrationCodesMatrix: Matrix = {
  'POST /api/registration-codes': {
    access: ADMIN_AREA,
    ids: {
      notFound: 'TARGET_NOT_FOUND',
      of: (_fx, org) => ({
        url: '/api/registration-codes',
        body: { organizationId: org.id, targetIds: [org.target.id] },
      }),
      missing: (fx) => ({
        url: '/api/registration-codes',
        body: { organizationId: fx.orgA.id, targetIds: [fx.missing] },
      }),
    },
  },
  'GET /api/registration-codes': {
    access: ADMIN_AREA,
    ids: organizationIds((id) => `/api/registration-codes?organizationId=${id}`),
  },
  'POST /api/registration-codes/:id/revoke': {
    access: ADMIN_AREA,
    ids: codeIds((id) => ({ url: `/api/registration-codes/${id}/revoke` })),
  },
  'POST /api/registration-codes/:id/send': {
    access: ADMIN_AREA,
    ids: codeIds((id, code) => ({
      url: `/api/registration-codes/${id}/send`,
      body: { code, recipients: ['vastaanottaja@example.fi'] },
    })),
  },
};
