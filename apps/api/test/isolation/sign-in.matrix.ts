import type { Matrix } from './matrix.js';
import { freshIds, organizationIds } from './requests.js';

/** Who manages sign-in: Hallinta and Ylläpitäjä or above (the policy's manageSignIn). */
const SIGN_IN_ADMIN = { section: 'hallinta', minRole: 'Ylläpitäjä' } as const;

const OWN_RECORD =
  "it names the caller's own record (a passkey, a session, a trusted browser) or needs the caller's own authenticator; two-factor.test.ts checks that another user's id answers 404";

/** The second step of sign-in, the own second factors and sessions, and their administration. */
export const signInMatrix: Matrix = {
  'POST /api/login/second-step': { access: 'public' },
  'POST /api/login/passkey-options': { access: 'public' },
  'POST /api/login/passkey': { access: 'public' },
  'POST /api/login/enrol-totp': { access: 'public' },
  'POST /api/login/enrol-totp/confirm': { access: 'public' },
  'POST /api/login/enrol-passkey-options': { access: 'public' },
  'POST /api/login/enrol-passkey': { access: 'public' },
  'GET /api/own-sign-in': { access: 'signedIn' },
  'POST /api/own-totp': { access: 'signedIn' },
  'POST /api/own-totp/confirm': { access: 'signedIn', onlyAuthChecked: OWN_RECORD },
  'DELETE /api/own-totp': { access: 'signedIn', onlyAuthChecked: OWN_RECORD },
  'POST /api/own-passkeys/options': { access: 'signedIn' },
  'POST /api/own-passkeys': { access: 'signedIn', onlyAuthChecked: OWN_RECORD },
  'DELETE /api/own-passkeys/:passkeyId': { access: 'signedIn', onlyAuthChecked: OWN_RECORD },
  'POST /api/own-recovery-codes': { access: 'signedIn', onlyAuthChecked: OWN_RECORD },
  'DELETE /api/own-sessions/:sessionId': { access: 'signedIn', onlyAuthChecked: OWN_RECORD },
  'POST /api/own-sessions/end-others': { access: 'signedIn' },
  'DELETE /api/own-trusted-browsers/:trustedBrowserId': {
    access: 'signedIn',
    onlyAuthChecked: OWN_RECORD,
  },
  // A fresh user each time: a reset ends the user's sign-ins, and the callers must keep theirs.
  'POST /api/users/:userId/second-factor-reset': {
    access: SIGN_IN_ADMIN,
    ids: freshIds('USER_NOT_FOUND', async (fx, org) => ({
      url: `/api/users/${org ? await fx.create.user(org.id) : fx.missing}/second-factor-reset`,
    })),
  },
  'GET /api/organizations/:organizationId/sign-in': {
    access: SIGN_IN_ADMIN,
    ids: organizationIds((id) => `/api/organizations/${id}/sign-in`),
  },
  // The rules as seeded (nothing required), so no caller's next sign-in changes.
  'PUT /api/organizations/:organizationId/sign-in': {
    access: SIGN_IN_ADMIN,
    ids: {
      notFound: 'ORGANIZATION_NOT_FOUND',
      of: (_fx, org) => ({
        url: `/api/organizations/${org.id}/sign-in`,
        body: { organizationTwoFactorRole: null, organizationPasskeySignIn: false },
      }),
      missing: (fx) => ({
        url: `/api/organizations/${fx.missing}/sign-in`,
        body: { organizationTwoFactorRole: null, organizationPasskeySignIn: false },
      }),
    },
  },
};
