import { emailDomain, type LoginBody, type SessionUser } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import type { DeviceTokens } from '../../lib/device-tokens.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { burnVerifyTime, verifyPassword } from '../../lib/passwords.js';
import { authorize, systemScope } from '../../lib/scope.js';
import type { TokenService } from '../../lib/session-tokens.js';
import { sessionUserOf } from '../../lib/session-user.js';
import type { RateLimitKey, RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { SessionsRepository } from '../sign-in/sessions.repository.js';
import type { LoginStep, SignInOrigin, SignInService } from '../sign-in/sign-in.service.js';
import type { SsoRepository } from '../sso/sso.repository.js';
import { callerOf, isActiveAccount } from './account.js';
import type { Account, AccountsRepository } from './auth.repository.js';

/** A session's last use is written at most this often (a write per request would cost more). */
const TOUCH_EVERY_MS = 5 * 60_000;

/** Before anyone is signed in, an account is looked up in every organization. */
const SIGN_IN = systemScope('signIn');

export function createAuthService({
  accounts,
  sessions,
  tokens,
  deviceTokens,
  rateLimits,
  signIn,
  sso,
}: {
  accounts: AccountsRepository;
  sessions: Pick<SessionsRepository, 'touch'>;
  tokens: TokenService;
  deviceTokens: DeviceTokens;
  rateLimits: RateLimitService;
  signIn: Pick<SignInService, 'continueSignIn' | 'hasSecondFactor'>;
  /** Single sign-on: whether the account's organization has turned passwords off for its domain. */
  sso: Pick<SsoRepository, 'passwordRefused'>;
}) {
  /** The account read already holds the user's target ids. */
  const toSessionUser = (account: Account): SessionUser =>
    sessionUserOf(account, account.targetIds);

  return {
    /**
     * A wrong e-mail and a wrong password answer alike, in the same time. Failed attempts are
     * counted per account and IP address together, per IP address, and per account from every
     * address (a higher ceiling). The first refuses only the address that failed: someone who
     * fails on purpose cannot lock the owner out, while a guesser from one address stops after
     * 10. Once a limit is reached the password is not even checked, so a correct guess teaches
     * nothing until the window ends. A success does not reset the counts: resetting would let
     * someone who owns one account clear the IP count between guesses at others. A browser that
     * presents its device token for this e-mail (lib/device-tokens.ts) is counted by that token
     * and its address instead: the account's ceiling, reached by a guesser spread over many
     * addresses, does not lock the owner out there. Every success answers with a device token.
     */
    async login(
      body: LoginBody,
      origin: Omit<SignInOrigin, 'trustedBrowserToken'>,
    ): Promise<LoginStep> {
      const device = deviceTokens.idFor(body.deviceToken, body.userEmail);
      const limits: RateLimitKey[] = device
        ? [
            { rule: 'signInDevice', value: device },
            { rule: 'signInIp', value: origin.ip },
          ]
        : [
            { rule: 'signInAccountIp', value: `${body.userEmail}|${origin.ip}` },
            { rule: 'signInIp', value: origin.ip },
          ];
      const ceiling: RateLimitKey[] = device
        ? []
        : [{ rule: 'signInAccount', value: body.userEmail }];
      await rateLimits.refuseWhenReached(limits, 'failedSignIns');
      const account = await accounts.findByEmail(SIGN_IN, body.userEmail);
      // The account's ceiling, reached by a guesser spread over many addresses, does not apply
      // to an account with a second factor: its password alone signs nobody in (issue 31).
      if (!account || !(await signIn.hasSecondFactor(account))) {
        await rateLimits.refuseWhenReached(ceiling, 'failedSignIns');
      }
      const counted = [...limits, ...ceiling];
      if (!account) {
        await burnVerifyTime(body.userPassword);
        await rateLimits.hit(counted);
        throw unauthorized('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(account.passwordHash, body.userPassword))) {
        await rateLimits.hit(counted);
        throw unauthorized('INVALID_CREDENTIALS');
      }
      // Only someone who knows the password learns that the account is switched off.
      if (!isActiveAccount(account)) throw new AppError(403, 'ACCOUNT_INACTIVE');
      // The organization signs these users in through its own provider only.
      if (
        await sso.passwordRefused(SIGN_IN, account.userOrganization, emailDomain(body.userEmail))
      ) {
        throw new AppError(403, 'sso.SSO_REQUIRED');
      }
      const step = await signIn.continueSignIn(
        account,
        { ...origin, trustedBrowserToken: body.trustedBrowserToken },
        { method: 'password', secondFactorDone: false },
      );
      // A known browser keeps the device token it has.
      return device && body.deviceToken && 'token' in step
        ? { ...step, deviceToken: body.deviceToken }
        : step;
    },

    /** Resolves a bearer token to the caller, or fails as 401 when it no longer holds. */
    async authenticate(
      token: string,
    ): Promise<{ caller: Caller; account: Account; sessionId: string }> {
      const claims = tokens.verify(token);
      if (!claims) throw unauthorized('SESSION_EXPIRED');
      const row = await accounts.findBySession(SIGN_IN, claims.sub, claims.sid);
      if (
        !row ||
        row.sessionLastUsedAt === null ||
        row.tokenVersion !== claims.tv ||
        !isActiveAccount(row)
      ) {
        throw unauthorized('SESSION_EXPIRED');
      }
      const { sessionLastUsedAt, ...account } = row;
      if (Date.now() - new Date(sessionLastUsedAt).getTime() > TOUCH_EVERY_MS) {
        await sessions.touch(authorize(callerOf(account), { do: 'signIn' }), claims.sid);
      }
      return { account, caller: callerOf(account), sessionId: claims.sid };
    },

    /** Signs the user out everywhere: every token issued so far stops working. */
    async logout(account: Account): Promise<void> {
      const scope = authorize(callerOf(account), { do: 'signIn' });
      if (!(await accounts.revokeTokens(scope, account.userId))) {
        throw unauthorized('SESSION_EXPIRED');
      }
    },

    toSessionUser,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
