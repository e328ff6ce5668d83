import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  Language,
  RegisterUserBody,
  ResetPasswordBody,
  SessionUser,
  UpdateOwnDetailsBody,
} from '@vahti/domain';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { authorize, systemScope } from '../../lib/scope.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { callerOf, isActiveAccount } from '../auth/account.js';
import type { Account, AccountsRepository } from '../auth/auth.repository.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitKey, RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { RegistrationCodesService } from '../registration-codes/registration-codes.service.js';
import type { SignInOrigin, SignInService } from '../sign-in/sign-in.service.js';
import type { UserTargetsRepository } from '../user-targets/user-targets.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { ResetLinksRepository } from './account.repository.js';

/** Who is asking, as far as an anonymous request can tell. */
export interface RequestOrigin {
  ip: string;
  language: Language;
}

/** No user has this id; the unknown-address path of forgot-password does the same work on it. */
const NO_USER = '00000000-0000-0000-0000-000000000000';
/** Rolls back the rehearsed writes of forgot-password for an unknown address. */
const NOTHING_TO_SEND = Symbol('nothing to send');

const resetLinkInvalid = () => new AppError(400, 'RESET_LINK_INVALID');

/** Reset links are asked for and followed before anyone is signed in. */
const PASSWORD_RESET = systemScope('passwordReset');

export function createAccountService({
  db,
  auth,
  accounts,
  users,
  userTargets,
  resetLinks,
  signIn,
  mailer,
  notifications,
  registrationCodes,
  rateLimits,
  config,
}: {
  db: Db;
  auth: Pick<AuthService, 'toSessionUser'>;
  accounts: AccountsRepository;
  users: Pick<UsersRepository, 'emailTaken' | 'insert' | 'setPassword' | 'update'>;
  userTargets: Pick<UserTargetsRepository, 'insertLinks'>;
  resetLinks: ResetLinksRepository;
  signIn: Pick<SignInService, 'issueSession'>;
  mailer: Mailer;
  /** The own details' alarm-mail toggle is the e-mail channel of the notification settings. */
  notifications: Pick<NotificationsService, 'setAlarmMail'>;
  registrationCodes: Pick<RegistrationCodesService, 'findUsable' | 'recordUse'>;
  rateLimits: RateLimitService;
  config: Pick<Config, 'publicUrl'>;
}) {
  return {
    /**
     * Self-registration with a code. The code is checked before the e-mail, so only someone
     * holding a valid code can learn whether an address is registered. The user, its target
     * links and the code's use count are written in one transaction.
     */
    async register(body: RegisterUserBody, origin: RequestOrigin): Promise<void> {
      await rateLimits.consume([{ rule: 'registerIp', value: origin.ip }]);
      const passwordHash = await hashPassword(body.userPassword);
      const emailTaken = () =>
        new AppError(409, 'EMAIL_TAKEN', { userEmail: 'errors.EMAIL_TAKEN' });
      try {
        await db.transaction(async () => {
          const found = await registrationCodes.findUsable(body.userCode);
          if (!found.ok) {
            throw new AppError(400, found.failure, { userCode: `errors.${found.failure}` });
          }
          // What the code grants is looked up, never parsed: its organization is the scope.
          const scope = systemScope('registration', found.code.organizationId);
          if (await users.emailTaken(scope, body.userEmail)) throw emailTaken();
          const userId = await users.insert(scope, {
            organizationId: found.code.organizationId,
            userEmail: body.userEmail,
            passwordHash,
            userFirstName: body.userFirstName,
            userLastName: body.userLastName,
            userPhoneNumber: body.userPhoneNumber || null,
            userJobTitle: null,
            userRoles: 'Käyttäjä',
            userState: 'Aktiivinen',
            userPermissions: found.code.permissions,
            userInformation: null,
            userDescription: null,
            language: origin.language,
          });
          await userTargets.insertLinks(scope, userId, found.code.targetIds);
          // Counted only while uses remain: the last use goes to one of two racing registrations.
          if (!(await registrationCodes.recordUse(found.code.id))) {
            throw new AppError(400, 'REGISTRATION_CODE_USED_UP', {
              userCode: 'errors.REGISTRATION_CODE_USED_UP',
            });
          }
        });
      } catch (err) {
        // Two registrations racing for one address: the unique index decides.
        if (isUniqueViolation(err, 'users_email_lower_idx')) throw emailTaken();
        throw err;
      }
    },

    /**
     * Mails a reset link to a known active account. The answer and the work done are the same
     * whether or not the address exists: the limits, the lookup, the link and the mail are
     * written in one transaction either way, and for an unknown address the link and the mail
     * are rolled back to a savepoint. The transaction still commits the limits' counts, so on
     * PostgreSQL both paths pay the same commit too: the time taken tells nothing.
     */
    async forgotPassword(body: ForgotPasswordBody, origin: RequestOrigin): Promise<void> {
      const sent = await db.transaction(async () => {
        await rateLimits.consume([
          { rule: 'forgotPasswordIp', value: origin.ip },
          { rule: 'forgotPasswordAccount', value: body.userEmail },
        ]);
        const account = await accounts.findByEmail(PASSWORD_RESET, body.userEmail);
        const recipient = account && isActiveAccount(account) ? account : undefined;
        const token = randomToken();
        const language = recipient?.language ?? 'fi';
        const link = `${config.publicUrl}/#/login?code=${encodeURIComponent(token)}&isPasswordChange=true`;
        const mail = {
          to: recipient?.userEmail ?? body.userEmail,
          language,
          ...passwordResetMail(language, { firstName: recipient?.userFirstName ?? '', link }),
        };
        try {
          await db.transaction(async () => {
            const userId = recipient?.userId ?? NO_USER;
            await resetLinks.removeOfUser(PASSWORD_RESET, userId);
            await resetLinks.insert(PASSWORD_RESET, userId, sha256Hex(token));
            if (recipient) {
              await mailer.enqueue(mail);
              return;
            }
            await mailer.store(mail);
            throw NOTHING_TO_SEND;
          });
        } catch (err) {
          if (err === NOTHING_TO_SEND) return false;
          throw err;
        }
        return true;
      });
      if (sent) mailer.kick();
    },

    /**
     * Sets a new password with a reset link. Unknown, used, superseded and expired links all
     * answer RESET_LINK_INVALID, as does an e-mail that is not the link's own.
     */
    async resetPassword(body: ResetPasswordBody, origin: RequestOrigin): Promise<void> {
      await rateLimits.consume([{ rule: 'resetPasswordIp', value: origin.ip }]);
      const link = await resetLinks.findValid(PASSWORD_RESET, sha256Hex(body.code));
      if (!link || !isActiveAccount(link)) throw resetLinkInvalid();
      if (body.userEmail && body.userEmail.toLowerCase() !== link.userEmail.toLowerCase()) {
        throw resetLinkInvalid();
      }
      const passwordHash = await hashPassword(body.userPassword);
      await db.transaction(async () => {
        if (!(await resetLinks.consume(PASSWORD_RESET, link.id))) throw resetLinkInvalid();
        await users.setPassword(PASSWORD_RESET, link.userId, passwordHash);
        // Any other link still pending was asked for with the old password: it goes too.
        await resetLinks.removeOfUser(PASSWORD_RESET, link.userId);
      });
    },

    /**
     * Changes the caller's own password. Wrong current passwords are limited per account and IP
     * address like sign-in (a stolen session must not become a password oracle). Every other
     * session is signed out (token version bump) and pending reset links are dropped; this
     * session continues with the fresh token returned.
     */
    async changePassword(
      account: Account,
      body: ChangePasswordBody,
      origin: SignInOrigin,
    ): Promise<string> {
      const scope = authorize(callerOf(account), { do: 'signIn' });
      const limits: RateLimitKey[] = [
        { rule: 'changePasswordAccountIp', value: `${account.userId}|${origin.ip}` },
      ];
      await rateLimits.refuseWhenReached(limits);
      const currentHash = await accounts.findPasswordHash(scope, account.userId);
      if (currentHash === undefined) throw new AppError(401, 'SESSION_EXPIRED');
      if (!(await verifyPassword(currentHash, body.userCurrentPassword))) {
        await rateLimits.hit(limits);
        throw new AppError(400, 'WRONG_PASSWORD', {
          userCurrentPassword: 'errors.WRONG_PASSWORD',
        });
      }
      const passwordHash = await hashPassword(body.userPassword);
      const tokenVersion = await db.transaction(async () => {
        const version = await users.setPassword(scope, account.userId, passwordHash);
        await resetLinks.removeOfUser(scope, account.userId);
        return version;
      });
      if (tokenVersion === undefined) throw new AppError(401, 'SESSION_EXPIRED');
      const { token } = await signIn.issueSession({ ...account, tokenVersion }, origin, 'password');
      return token;
    },

    /** The caller's own names, phone and job title; the e-mail is read-only (spec 000 §5). */
    async updateOwnDetails(account: Account, body: UpdateOwnDetailsBody): Promise<SessionUser> {
      const scope = authorize(callerOf(account), { do: 'signIn' });
      await db.transaction(async () => {
        await users.update(
          scope,
          account.userId,
          {
            userFirstName: body.userFirstName,
            userLastName: body.userLastName,
            ...(body.userPhoneNumber !== undefined && {
              userPhoneNumber: body.userPhoneNumber || null,
            }),
            ...(body.userJobTitle !== undefined && { userJobTitle: body.userJobTitle || null }),
          },
          { revokeTokens: false },
        );
        if (body.userAlarmMail !== undefined) {
          await notifications.setAlarmMail(
            scope,
            { userId: account.userId, organizationId: account.userOrganization },
            body.userAlarmMail,
          );
        }
      });
      const updated = await accounts.findById(scope, account.userId);
      if (!updated) throw new AppError(401, 'SESSION_EXPIRED');
      return auth.toSessionUser(updated);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
