import { type ErrorCode, emailDomain } from '@vahti/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { systemScope } from '../../lib/scope.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import { auditedChanges } from '../audit/audited.js';
import { isActiveAccount } from '../auth/account.js';
import type { AccountsRepository } from '../auth/auth.repository.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { SignInOrigin, SignInService } from '../sign-in/sign-in.service.js';
import type { UserTargetsRepository } from '../user-targets/user-targets.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { type OidcClient, OidcError, type ProviderSettings } from './oidc-client.js';
import type { SsoRepository, SsoRow } from './sso.repository.js';

/** Nobody is signed in yet: the address's domain names the organization (lib/scope.ts). */
const SSO = systemScope('singleSignOn');
/** How long the provider may take to send the browser back. */
const STARTED_MS = 10 * 60_000;
/** How long the browser has to trade the one-time code for a session. */
const FINISHED_MS = 2 * 60_000;

/** A failure the browser is told of on the login screen, audited where an organization is known. */
class SignInFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly organizationId: string | null = null,
  ) {
    super(code);
  }
}

/**
 * Signing in through an organization's OpenID provider (issue 31):
 * 1. the login screen asks whether the address's domain has single sign-on (`lookup`), which
 *    says nothing of whether the address has a user;
 * 2. `start` keeps the state (as its hash), nonce and PKCE verifier server-side, ties them to
 *    this browser with a cookie, and answers the provider's authorization URL;
 * 3. the provider sends the browser to the callback; `callback` takes the state (once: a replay
 *    finds nothing), checks the browser, lets openid-client trade the code and verify the ID token,
 *    then requires a verified e-mail of one of the organization's domains, finds the user in that
 *    organization only (another organization's user is never linked) or creates one with the
 *    configured role, permissions and targets, and leaves a one-time code (or the failure) for
 *    the login screen;
 * 4. the login screen trades the code (`complete`, same browser) for a session, issued exactly as
 *    a password sign-in's.
 */
export function createSsoSignInService({
  db,
  sso,
  accounts,
  users,
  userTargets,
  signIn,
  audit,
  secrets,
  oidc,
  rateLimits,
  publicUrl,
  log,
}: {
  db: Db;
  sso: SsoRepository;
  accounts: Pick<AccountsRepository, 'findByEmail' | 'findById'>;
  users: Pick<UsersRepository, 'insert'>;
  userTargets: Pick<UserTargetsRepository, 'insertLinks'>;
  /** Where a first factor becomes a session or a second step (issue 31). */
  signIn: Pick<SignInService, 'continueSignIn'>;
  audit: Pick<AuditService, 'record'>;
  secrets: SecretBox;
  oidc: Pick<OidcClient, 'start' | 'finish'>;
  rateLimits: Pick<RateLimitService, 'consume'>;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const audited = auditedChanges({ db, audit });
  const loginUrl = (code: string) => `${publicUrl}/#/login?sso=${encodeURIComponent(code)}`;

  const providerOf = (row: SsoRow): ProviderSettings => ({
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    clientSecret: secrets.open(row.clientSecretSealed),
  });

  /** The user of the identity, found in the organization or created there; or a failure. */
  async function userFor(row: SsoRow, email: string): Promise<string> {
    const organizationId = row.organizationId;
    const scope = systemScope('singleSignOn', organizationId);
    const account = await accounts.findByEmail(SSO, email);
    if (account && account.userOrganization !== organizationId) {
      // The address is another organization's user's: never linked, and the refusal is kept.
      await audit.record(scope, {
        action: 'sso.refused',
        entityId: null,
        organizationId,
        details: { reason: 'otherOrganization', email },
      });
      throw new SignInFailure('sso.SSO_OTHER_ORGANIZATION', organizationId);
    }
    if (account) {
      if (!isActiveAccount(account)) throw new SignInFailure('ACCOUNT_INACTIVE', organizationId);
      return account.userId;
    }
    // Just in time: the user signs in with the provider, so the password is random and unknown
    // (a reset link can set one where the organization keeps passwords).
    const passwordHash = await hashPassword(randomToken());
    const local = email.slice(0, email.lastIndexOf('@'));
    const { entityId } = await audited(scope, async () => {
      const userId = await users.insert(scope, {
        organizationId,
        userEmail: email,
        userFirstName: local,
        userLastName: '-',
        userPhoneNumber: null,
        userJobTitle: null,
        userRoles: row.userRoles,
        userState: 'Aktiivinen',
        userPermissions: row.userPermissions,
        userInformation: null,
        userDescription: null,
        passwordHash,
      });
      const linked = await userTargets.insertLinks(scope, userId, row.targetIds);
      return {
        action: 'sso.userCreated',
        entityId: userId,
        organizationId,
        details: {
          userEmail: email,
          userRoles: row.userRoles,
          userPermissions: row.userPermissions.join(','),
          targetIds: linked,
        },
      };
    });
    return entityId as string;
  }

  return {
    /** Whether the address's domain signs in through an organization, and whether passwords still do. */
    async lookup(email: string) {
      const row = await sso.findEnabledByDomain(SSO, emailDomain(email));
      return { sso: row !== undefined, passwordSignIn: row?.passwordSignIn ?? true };
    },

    /** The provider's authorization URL, and the cookie value that ties the sign-in to the browser. */
    async start(email: string, ip: string): Promise<{ url: string; browser: string }> {
      await rateLimits.consume([{ rule: 'ssoStartIp', value: ip }]);
      const row = await sso.findEnabledByDomain(SSO, emailDomain(email));
      if (!row) throw new AppError(400, 'sso.SSO_NOT_AVAILABLE');
      let started: Awaited<ReturnType<OidcClient['start']>>;
      try {
        started = await oidc.start(providerOf(row), email);
      } catch (err) {
        if (!(err instanceof OidcError)) throw err;
        log.warn(
          { organizationId: row.organizationId, detail: err.detail },
          'sso discovery failed',
        );
        throw new AppError(502, `sso.${err.failure}`);
      }
      const browser = randomToken();
      await sso.removeExpired(SSO);
      await sso.insertSignIn(systemScope('singleSignOn', row.organizationId), {
        organizationId: row.organizationId,
        stateHash: sha256Hex(started.state),
        browserHash: sha256Hex(browser),
        nonce: started.nonce,
        codeVerifier: started.codeVerifier,
        expiresAt: new Date(Date.now() + STARTED_MS),
      });
      return { url: started.url, browser };
    },

    /**
     * The provider's redirect back: `query` is the callback's query string as received. Always
     * answers where to send the browser: the login screen with a one-time code, which trades for
     * the session or tells the failure in the user's language.
     */
    async callback(query: string, browser: string | undefined, ip: string): Promise<string> {
      const state = new URLSearchParams(query).get('state');
      const started = state
        ? await sso.takeSignIn(SSO, { stateHash: sha256Hex(state) })
        : undefined;
      let outcome: { userId: string } | SignInFailure;
      let organizationId: string | null = started?.organizationId ?? null;
      try {
        // A state never issued, already used (a replay) or expired; or another browser's.
        if (!started?.organizationId) throw new SignInFailure('sso.SSO_STATE_INVALID');
        if (!browser || sha256Hex(browser) !== started.browserHash) {
          throw new SignInFailure('sso.SSO_STATE_INVALID', started.organizationId);
        }
        organizationId = started.organizationId;
        const row = await sso.find(systemScope('singleSignOn', organizationId), organizationId);
        if (!row?.enabled) throw new SignInFailure('sso.SSO_NOT_AVAILABLE', organizationId);
        const identity = await oidc
          .finish(providerOf(row), query, {
            state: state as string,
            nonce: started.nonce ?? '',
            codeVerifier: started.codeVerifier ?? '',
          })
          .catch((err: unknown) => {
            if (!(err instanceof OidcError)) throw err;
            log.warn({ organizationId, detail: err.detail }, 'sso sign-in refused');
            throw new SignInFailure(`sso.${err.failure}`, organizationId);
          });
        if (!identity.emailVerified || !identity.email) {
          throw new SignInFailure('sso.SSO_EMAIL_NOT_VERIFIED', organizationId);
        }
        if (!row.emailDomains.includes(emailDomain(identity.email))) {
          throw new SignInFailure('sso.SSO_DOMAIN_NOT_ALLOWED', organizationId);
        }
        outcome = { userId: await userFor(row, identity.email) };
      } catch (err) {
        if (!(err instanceof SignInFailure)) throw err;
        outcome = err;
      }
      // Failures leave rows too, so they count against the address like starts do.
      if (outcome instanceof SignInFailure) {
        await rateLimits.consume([{ rule: 'ssoStartIp', value: ip }]).catch(() => {});
      }
      const code = randomToken();
      const scope = systemScope('singleSignOn', organizationId);
      await audited(scope, async () => {
        await sso.insertSignIn(scope, {
          organizationId,
          codeHash: sha256Hex(code),
          browserHash: started?.browserHash ?? null,
          userId: 'userId' in outcome ? outcome.userId : null,
          failure: outcome instanceof SignInFailure ? outcome.code : null,
          expiresAt: new Date(Date.now() + FINISHED_MS),
        });
        if (!organizationId) return null;
        return 'userId' in outcome
          ? { action: 'sso.signIn', entityId: outcome.userId, organizationId }
          : {
              action: 'sso.failed',
              entityId: null,
              organizationId,
              details: { reason: outcome.code },
            };
      });
      return loginUrl(code);
    },

    /** The one-time code for a session, in the browser that started the sign-in. */
    async complete(code: string, browser: string | undefined, origin: SignInOrigin) {
      const row = await sso.takeSignIn(SSO, { codeHash: sha256Hex(code) });
      if (
        !row ||
        (row.browserHash !== null && (!browser || sha256Hex(browser) !== row.browserHash))
      ) {
        throw new AppError(400, 'sso.SSO_CODE_INVALID');
      }
      if (row.failure || !row.userId) {
        const failure = (row.failure ?? 'sso.SSO_CODE_INVALID') as ErrorCode;
        throw new AppError(failure === 'ACCOUNT_INACTIVE' ? 403 : 400, failure);
      }
      const account = await accounts.findById(SSO, row.userId);
      if (!account || !isActiveAccount(account)) throw new AppError(403, 'ACCOUNT_INACTIVE');
      // The provider's sign-in is the first factor: a user with a second factor in Vahti, or
      // whose organization requires one, still takes the second step.
      return signIn.continueSignIn(account, origin, { method: 'sso', secondFactorDone: false });
    },
  };
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;
