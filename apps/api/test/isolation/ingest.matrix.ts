import { randomUUID } from 'node:crypto';
import { ingestKeys } from '../../src/db/schema/index.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { ADMIN_AREA, type Matrix } from './matrix.js';
import { freshIds } from './requests.js';

const KEY_AUTH =
  'authenticated by an ingest key, not a session: the organization is the key’s (test/integration/ingest.test.ts covers keys of A and B, revoked and wrong keys, and that B’s key cannot write to A’s device; test/integration/device-health.test.ts that B’s key cannot change the health of A’s device by a status event, nor B’s users see it)';

/** Ingest keys and rejected uplinks (Hallinta), and the webhooks, which take a key. */
export const ingestMatrix: Matrix = {
  'POST /api/ingest-keys': {
    access: ADMIN_AREA,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      setsOrganization: true,
      of: (_fx, org) => ({
        url: '/api/ingest-keys',
        body: { name: 'Matriisi', organizationId: org.id },
      }),
      missing: (fx) => ({
        url: '/api/ingest-keys',
        body: { name: 'Matriisi', organizationId: fx.missing },
      }),
    },
  },
  'GET /api/ingest-keys': { access: ADMIN_AREA },
  'DELETE /api/ingest-keys/:id': {
    access: ADMIN_AREA,
    ids: freshIds('ingest.INGEST_KEY_NOT_FOUND', async (fx, org) => {
      if (!org) return { url: `/api/ingest-keys/${fx.missing}` };
      const [row] = await fx.db
        .insert(ingestKeys)
        .values({
          organizationId: org.id,
          name: 'Matriisi',
          prefix: 'vahti_ik_matrix',
          keyHash: sha256Hex(randomUUID()),
        })
        .returning({ id: ingestKeys.id });
      return { url: `/api/ingest-keys/${row?.id}` };
    }),
  },
  'GET /api/rejected-uplinks': { access: ADMIN_AREA },
  'POST /api/ingest/chirpstack': {
    access: 'signedIn',
    onlyAuthChecked: KEY_AUTH,
    request: () => ({
      url: '/api/ingest/chirpstack',
      body: { deviceInfo: { devEui: '0102030405060708' } },
    }),
  },
  'POST /api/ingest/ttn': { access: 'signedIn', onlyAuthChecked: KEY_AUTH },
  'POST /api/ingest/generic': { access: 'signedIn', onlyAuthChecked: KEY_AUTH },
};
