import { type Actor, formatPermissions, type LoginBody, type SessionUser } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { burnVerifyTime, verifyPassword } from '../../lib/passwords.js';
import type { TokenService } from '../../plugins/auth.js';
import type { RateLimitKey, RateLimitService } from '../rate-limits/rate-limits.service.js';
import {
  type Account,
  findAccountByEmail,
  findAccountById,
  listTargetIdsOfUser,
} from './auth.repository.js';

/** Only an Aktiivinen user of an Aktiivinen organization may sign in or use a reset link. */
export const isActiveAccount = (account: Pick<Account, 'userState' | 'organizationState'>) =>
  account.userState === 'Aktiivinen' && account.organizationState === 'Aktiivinen';

/** The fields of a user row that the API's user shape (spec 000 §3) is made of. */
type UserFields = Pick<
  Account,
  | 'userId'
  | 'userEmail'
  | 'userFirstName'
  | 'userLastName'
  | 'userPhoneNumber'
  | 'userJobTitle'
  | 'userRoles'
  | 'userState'
  | 'userOrganization'
  | 'userPermissions'
  | 'userInformation'
  | 'userDescription'
  | 'organizationName'
  | 'organizationPostalDistrict'
>;

/** A user as the API returns it, from the row and the ids of the user's targets. */
export function sessionUserOf(user: UserFields, targetIds: readonly string[]): SessionUser {
  return {
    uuid: user.userId,
    userId: user.userId,
    userEmail: user.userEmail,
    userFirstName: user.userFirstName,
    userLastName: user.userLastName,
    userPhoneNumber: user.userPhoneNumber,
    userJobTitle: user.userJobTitle,
    userRoles: user.userRoles,
    userState: user.userState,
    userOrganization: user.userOrganization,
    userPermissions: formatPermissions(user.userPermissions),
    userInformation: user.userInformation,
    userDescription: user.userDescription,
    UserTargets: targetIds.map((targetId) => ({ targetId })),
    Organization: {
      organizationId: user.userOrganization,
      organizationName: user.organizationName,
      organizationPostalDistrict: user.organizationPostalDistrict,
    },
  };
}

/** The caller as every service sees it: identity, role, permissions and tenant, read per request. */
export interface Caller extends Actor {
  userId: string;
  /** For the audit log: who did it, in words that outlive the user row. */
  userEmail: string;
}

export function createAuthService({
  db,
  tokens,
  rateLimits,
}: {
  db: Db;
  tokens: TokenService;
  rateLimits: RateLimitService;
}) {
  const toSessionUser = async (account: Account): Promise<SessionUser> =>
    sessionUserOf(account, await listTargetIdsOfUser(db, account.userId));

  return {
    /**
     * A wrong e-mail and a wrong password answer alike, in the same time. Failed attempts are
     * counted per address (known or not) and per IP address; once either limit is reached the
     * password is not even checked, so a correct guess teaches nothing until the window ends.
     * A success does not reset the counts: resetting would let someone who owns one account
     * clear the IP count between guesses at others, and the account count only matters to an
     * owner who keeps failing.
     */
    async login(body: LoginBody, origin: { ip: string }) {
      const limits: RateLimitKey[] = [
        { rule: 'signInAccount', value: body.userEmail },
        { rule: 'signInIp', value: origin.ip },
      ];
      await rateLimits.refuseWhenReached(limits, 'failedSignIns');
      const account = await findAccountByEmail(db, body.userEmail);
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
      return { token, user: await toSessionUser(account) };
    },

    /** Resolves a bearer token to the caller, or fails as 401 when it no longer holds. */
    async authenticate(token: string): Promise<{ caller: Caller; account: Account }> {
      const claims = tokens.verify(token);
      if (!claims) throw unauthorized('SESSION_EXPIRED');
      const account = await findAccountById(db, claims.sub);
      if (!account || account.tokenVersion !== claims.tv || !isActiveAccount(account)) {
        throw unauthorized('SESSION_EXPIRED');
      }
      return {
        account,
        caller: {
          userId: account.userId,
          userEmail: account.userEmail,
          userRoles: account.userRoles,
          userPermissions: account.userPermissions,
          organizationId: account.userOrganization,
        },
      };
    },

    toSessionUser,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
