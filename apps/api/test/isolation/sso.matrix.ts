import { organizationSso } from '../../src/db/schema/index.js';
import type { FixtureOrg, Fixtures } from '../helpers/fixtures.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';
import type { Matrix } from './matrix.js';
import { organizationIds } from './requests.js';

/** An organization's single sign-on: Hallinta and Ylläpitäjä or above (manageSignIn). */
const SIGN_IN_MANAGERS = { section: 'hallinta', minRole: 'Ylläpitäjä' } as const;

/** A valid save for the organization; its domain is its own, so saves of A and B never clash. */
const settingsFor = (organizationId: string) => ({
  organizationId,
  issuerUrl: 'https://login.example.fi',
  clientId: 'matrix',
  clientSecret: 'matrix-secret',
  emailDomains: [`matrix-${organizationId.slice(0, 8)}.example.fi`],
  userRoles: 'Käyttäjä',
  userPermissions: '4',
  targetIds: [],
  passwordSignIn: true,
  enabled: true,
});

/** Settings stored directly, so that there is something to remove. */
async function storedSettings(fx: Fixtures, org: FixtureOrg) {
  await fx.db
    .insert(organizationSso)
    .values({
      organizationId: org.id,
      issuerUrl: 'https://login.example.fi',
      clientId: 'matrix',
      clientSecretSealed: 'not-opened-here',
      userRoles: 'Käyttäjä',
      userPermissions: [4],
    })
    .onConflictDoNothing();
  return { url: `/api/organization-sso?organizationId=${org.id}` };
}

// "Testaa yhteys" reads a real discovery document: one test provider for the worker, left to its
// exit like the matrix app itself.
let provider: Promise<TestProvider> | undefined;
async function issuer() {
  provider ??= startTestProvider({ redirectUri: 'http://localhost/callback' });
  return (await provider).issuer;
}

export const ssoMatrix: Matrix = {
  'GET /api/auth/sso': {
    access: 'public',
    request: () => ({ url: '/api/auth/sso?email=someone@example.fi' }),
  },
  'POST /api/auth/sso/start': { access: 'public' },
  'GET /api/auth/sso/callback': { access: 'public' },
  'POST /api/auth/sso/complete': { access: 'public' },
  'GET /api/organization-sso': {
    access: SIGN_IN_MANAGERS,
    ids: organizationIds((id) => `/api/organization-sso?organizationId=${id}`),
  },
  'PUT /api/organization-sso': {
    access: SIGN_IN_MANAGERS,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      of: (_, org) => ({ url: '/api/organization-sso', body: settingsFor(org.id) }),
      missing: (fx) => ({ url: '/api/organization-sso', body: settingsFor(fx.missing) }),
    },
  },
  'DELETE /api/organization-sso': {
    access: SIGN_IN_MANAGERS,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      of: storedSettings,
      missing: (fx) => ({ url: `/api/organization-sso?organizationId=${fx.missing}` }),
    },
  },
  'POST /api/organization-sso/test': {
    access: SIGN_IN_MANAGERS,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      of: async (_, org) => ({
        url: '/api/organization-sso/test',
        body: { organizationId: org.id, issuerUrl: await issuer() },
      }),
      missing: async (fx) => ({
        url: '/api/organization-sso/test',
        body: { organizationId: fx.missing, issuerUrl: await issuer() },
      }),
    },
  },
};
