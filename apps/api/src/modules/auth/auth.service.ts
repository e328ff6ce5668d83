import { type Actor, formatPermissions, type LoginBody, type SessionUser } from '@vahti/domain';
import type { Db } from '../../db/client.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { burnVerifyTime, verifyPassword } from '../../lib/passwords.js';
import type { TokenService } from '../../plugins/auth.js';
import {
  type Account,
  findAccountByEmail,
  findAccountById,
  listTargetIdsOfUser,
} from './auth.repository.js';

/** The caller as every service sees it: identity, role, permissions and tenant, read per request. */
export interface Caller extends Actor {
  userId: string;
}

export function createAuthService({ db, tokens }: { db: Db; tokens: TokenService }) {
  async function toSessionUser(account: Account): Promise<SessionUser> {
    return {
      uuid: account.userId,
      userId: account.userId,
      userEmail: account.userEmail,
      userFirstName: account.userFirstName,
      userLastName: account.userLastName,
      userPhoneNumber: account.userPhoneNumber,
      userJobTitle: account.userJobTitle,
      userRoles: account.userRoles,
      userState: account.userState,
      userOrganization: account.userOrganization,
      userPermissions: formatPermissions(account.userPermissions),
      userInformation: account.userInformation,
      userDescription: account.userDescription,
      UserTargets: (await listTargetIdsOfUser(db, account.userId)).map((targetId) => ({
        targetId,
      })),
      Organization: {
        organizationId: account.userOrganization,
        organizationName: account.organizationName,
        organizationPostalDistrict: account.organizationPostalDistrict,
      },
    };
  }

  const isActive = (account: Account) =>
    account.userState === 'Aktiivinen' && account.organizationState === 'Aktiivinen';

  return {
    /** A wrong e-mail and a wrong password answer alike, in the same time. */
    async login(body: LoginBody) {
      const account = await findAccountByEmail(db, body.userEmail);
      if (!account) {
        await burnVerifyTime(body.userPassword);
        throw unauthorized('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(account.passwordHash, body.userPassword))) {
        throw unauthorized('INVALID_CREDENTIALS');
      }
      // Only someone who knows the password learns that the account is switched off.
      if (!isActive(account)) throw new AppError(403, 'ACCOUNT_INACTIVE');
      const token = tokens.sign({ sub: account.userId, tv: account.tokenVersion });
      return { token, user: await toSessionUser(account) };
    },

    /** Resolves a bearer token to the caller, or fails as 401 when it no longer holds. */
    async authenticate(token: string): Promise<{ caller: Caller; account: Account }> {
      const claims = tokens.verify(token);
      if (!claims) throw unauthorized('SESSION_EXPIRED');
      const account = await findAccountById(db, claims.sub);
      if (!account || account.tokenVersion !== claims.tv || !isActive(account)) {
        throw unauthorized('SESSION_EXPIRED');
      }
      return {
        account,
        caller: {
          userId: account.userId,
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
