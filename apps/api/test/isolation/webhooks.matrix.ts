import { webhooks } from '../../src/db/schema/index.js';
import type { Fixtures } from '../helpers/fixtures.js';
import type { Matrix } from './matrix.js';
import { freshIds } from './requests.js';

/** Hallinta and Ylläpitäjä or above (issue 28). */
const MANAGE_WEBHOOKS = { section: 'hallinta', minRole: 'Ylläpitäjä' } as const;

/** A fresh webhook of the organization; its host never resolves (.invalid, RFC 2606). */
async function webhookOf(fx: Fixtures, organizationId: string): Promise<string> {
  const [row] = await fx.db
    .insert(webhooks)
    .values({
      organizationId,
      name: 'Matriisi',
      url: 'https://hooks.vahti.invalid/matrix',
      events: ['alarm.opened'],
      format: 'json',
      secret: 'whsec_matrix',
    })
    .returning({ id: webhooks.id });
  if (!row) throw new Error('matrix webhook not stored');
  return row.id;
}

const webhookIds = (build: (id: string) => { url: string; body?: unknown }) =>
  freshIds('webhooks.WEBHOOK_NOT_FOUND', async (fx, org) =>
    build(org ? await webhookOf(fx, org.id) : fx.missing),
  );

/** Outbound webhooks: managed by the organization's Ylläpitäjä. */
export const webhooksMatrix: Matrix = {
  'POST /api/webhooks': {
    access: MANAGE_WEBHOOKS,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      // A public address literal: the save checks it without a DNS lookup.
      of: (_fx, org) => ({
        url: '/api/webhooks',
        body: {
          organizationId: org.id,
          name: 'Matriisi',
          url: 'https://1.1.1.1/matrix',
          events: ['alarm.opened'],
        },
      }),
      missing: (fx) => ({
        url: '/api/webhooks',
        body: {
          organizationId: fx.missing,
          name: 'Matriisi',
          url: 'https://1.1.1.1/matrix',
          events: ['alarm.opened'],
        },
      }),
    },
  },
  'GET /api/webhooks': { access: MANAGE_WEBHOOKS },
  'PUT /api/webhooks/:id': {
    access: MANAGE_WEBHOOKS,
    ids: webhookIds((id) => ({
      url: `/api/webhooks/${id}`,
      body: { name: 'Matriisi 2', url: 'https://1.1.1.1/matrix', events: ['alarm.closed'] },
    })),
  },
  'DELETE /api/webhooks/:id': {
    access: MANAGE_WEBHOOKS,
    ids: webhookIds((id) => ({ url: `/api/webhooks/${id}` })),
  },
  'POST /api/webhooks/:id/rotate-secret': {
    access: MANAGE_WEBHOOKS,
    ids: webhookIds((id) => ({ url: `/api/webhooks/${id}/rotate-secret` })),
  },
  'GET /api/webhooks/:id/deliveries': {
    access: MANAGE_WEBHOOKS,
    ids: webhookIds((id) => ({ url: `/api/webhooks/${id}/deliveries` })),
  },
  'POST /api/webhooks/:id/test': {
    access: MANAGE_WEBHOOKS,
    ids: webhookIds((id) => ({ url: `/api/webhooks/${id}/test` })),
  },
};
