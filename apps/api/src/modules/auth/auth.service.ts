import type { LoginBody, SessionUser } from '@vahti/domain';
import type { Caller } from '../../lib/caller.js';
import type { DeviceTokens } from '../../lib/device-tokens.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { burnVerifyTime, verifyPassword } from '../../lib/passwords.js';
import { authorize, systemScope } from '../../lib/scope.js';
import type { TokenService } from '../../lib/session-tokens.js';
import { sessionUserOf } from '../../lib/session-user.js';
import type { RateLimitKey, RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { Account, AccountsRepository } from './auth.repository.js';

/** Only an Aktiivinen user of an Aktiivinen organization may sign in or use a reset link. */
export const isActiveAccount = (account: Pick<Account, 'userState' | 'organizationState'>) =>
  account.userState === 'Aktiivinen' && account.organizationState === 'Aktiivinen';

/** The caller a signed-in account acts as: what the policy and `authorize` read. */
export const callerOf = (account: Account): Caller => ({
  userId: account.userId,
  userEmail: account.userEmail,
  userRoles: account.userRoles,
  userPermissions: account.userPermissions,
  organizationId: account.userOrganization,
});

/** Before anyone is signed in, an account is looked up in every organization. */
const SIGN_IN = systemScope('signIn');

export function createAuthService({
  accounts,
  tokens,
  deviceTokens,
  rateLimits,
}: {
  accounts: AccountsRepository;
  tokens: TokenService;
  deviceTokens: DeviceTokens;
  rateLimits: RateLimitService;
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
    async login(body: LoginBody, origin: { ip: string }) {
      const device = deviceTokens.idFor(body.deviceToken, body.userEmail);
      const limits: RateLimitKey[] = device
        ? [
            { rule: 'signInDevice', value: device },
            { rule: 'signInIp', value: origin.ip },
          ]
        : [
            { rule: 'signInAccountIp', value: `${body.userEmail}|${origin.ip}` },
            { rule: 'signInIp', value: origin.ip },
            { rule: 'signInAccount', value: body.userEmail },
          ];
      await rateLimits.refuseWhenReached(limits, 'failedSignIns');
      const account = await accounts.findByEmail(SIGN_IN, body.userEmail);
      if (!account) {
        await burnVerifyTime(body.userPassword);
        await rateLimits.hit(limits);
        throw unauthorized('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(account.passwordHash, body.userPassword))) {
        await rateLimits.hit(limits);
        throw unauthorized('INVALID_CREDENTIALS');
      }
      // Only someone who knows the password learns that the account is switched off.
      if (!isActiveAccount(account)) throw new AppError(403, 'ACCOUNT_INACTIVE');
      const token = tokens.sign({ sub: account.userId, tv: account.tokenVersion });
      return {
        token,
        user: toSessionUser(account),
        deviceToken:
          device && body.deviceToken ? body.deviceToken : deviceTokens.issue(body.userEmail),
      };
    },

    /** Resolves a bearer token to the caller, or fails as 401 when it no longer holds. */
    async authenticate(token: string): Promise<{ caller: Caller; account: Account }> {
      const claims = tokens.verify(token);
      if (!claims) throw unauthorized('SESSION_EXPIRED');
      const account = await accounts.findById(SIGN_IN, claims.sub);
      if (!account || account.tokenVersion !== claims.tv || !isActiveAccount(account)) {
        throw unauthorized('SESSION_EXPIRED');
      }
      return { account, caller: callerOf(account) };
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
