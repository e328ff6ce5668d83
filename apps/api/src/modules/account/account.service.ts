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
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { TokenService } from '../../plugins/auth.js';
import { type Account, findAccountByEmail, findAccountById } from '../auth/auth.repository.js';
import { type AuthService, isActiveAccount } from '../auth/auth.service.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { RegistrationCodesService } from '../registration-codes/registration-codes.service.js';
import {
  consumeResetLink,
  deleteResetLinksOfUser,
  emailInUse,
  findValidResetLink,
  insertResetLink,
  insertSelfRegisteredUser,
  linkUserToTargets,
  setPassword,
  updateOwnDetails,
} from './account.repository.js';

/** Who is asking, as far as an anonymous request can tell. */
export interface RequestOrigin {
  ip: string;
  language: Language;
}

/** No user has this id; the unknown-address path of forgot-password does the same work on it. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

const resetLinkInvalid = () => new AppError(400, 'RESET_LINK_INVALID');

export function createAccountService({
  db,
  auth,
  tokens,
  mailer,
  registrationCodes,
  rateLimits,
  config,
}: {
  db: Db;
  auth: AuthService;
  tokens: TokenService;
  mailer: Mailer;
  registrationCodes: RegistrationCodesService;
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
        await db.transaction(async (tx) => {
          const found = await registrationCodes.findUsable(body.userCode, tx);
          if (!found.ok) {
            throw new AppError(400, found.failure, { userCode: `errors.${found.failure}` });
          }
          if (await emailInUse(tx, body.userEmail)) throw emailTaken();
          const userId = await insertSelfRegisteredUser(tx, {
            organizationId: found.code.organizationId,
            email: body.userEmail,
            passwordHash,
            firstName: body.userFirstName,
            lastName: body.userLastName,
            phoneNumber: body.userPhoneNumber || null,
            permissions: found.code.permissions,
            language: origin.language,
          });
          await linkUserToTargets(tx, userId, found.code.targetIds);
          await registrationCodes.recordUse(found.code.id, tx);
        });
      } catch (err) {
        // Two registrations racing for one address: the unique index decides.
        if (isUniqueViolation(err, 'users_email_lower_idx')) throw emailTaken();
        throw err;
      }
    },

    /**
     * Mails a reset link to a known active account. The answer and the work done are the same
     * whether or not the address exists: a lookup and a transaction either way.
     */
    async forgotPassword(body: ForgotPasswordBody, origin: RequestOrigin): Promise<void> {
      await rateLimits.consume([
        { rule: 'forgotPasswordIp', value: origin.ip },
        { rule: 'forgotPasswordAccount', value: body.userEmail },
      ]);
      const token = randomToken();
      const tokenHash = sha256Hex(token);
      const account = await findAccountByEmail(db, body.userEmail);
      const recipient = account && isActiveAccount(account) ? account : undefined;
      await db.transaction(async (tx) => {
        await deleteResetLinksOfUser(tx, recipient?.userId ?? NO_USER);
        if (!recipient) return;
        await insertResetLink(tx, recipient.userId, tokenHash);
        const language = recipient.language ?? 'fi';
        const link = `${config.publicUrl}/#/login?code=${encodeURIComponent(token)}&isPasswordChange=true`;
        const mail = passwordResetMail(language, { firstName: recipient.userFirstName, link });
        await mailer.enqueue(tx, { to: recipient.userEmail, language, ...mail });
      });
      if (recipient) mailer.kick();
    },

    /**
     * Sets a new password with a reset link. Unknown, used, superseded and expired links all
     * answer RESET_LINK_INVALID, as does an e-mail that is not the link's own.
     */
    async resetPassword(body: ResetPasswordBody, origin: RequestOrigin): Promise<void> {
      await rateLimits.consume([{ rule: 'resetPasswordIp', value: origin.ip }]);
      const link = await findValidResetLink(db, sha256Hex(body.code));
      if (!link || !isActiveAccount(link)) throw resetLinkInvalid();
      if (body.userEmail && body.userEmail.toLowerCase() !== link.userEmail.toLowerCase()) {
        throw resetLinkInvalid();
      }
      const passwordHash = await hashPassword(body.userPassword);
      await db.transaction(async (tx) => {
        if (!(await consumeResetLink(tx, link.id))) throw resetLinkInvalid();
        await setPassword(tx, link.userId, passwordHash);
      });
    },

    /**
     * Changes the caller's own password. Every other session is signed out (token version
     * bump); this one continues with the fresh token returned.
     */
    async changePassword(account: Account, body: ChangePasswordBody): Promise<string> {
      if (!(await verifyPassword(account.passwordHash, body.userCurrentPassword))) {
        throw new AppError(400, 'WRONG_PASSWORD', {
          userCurrentPassword: 'errors.WRONG_PASSWORD',
        });
      }
      const tokenVersion = await setPassword(
        db,
        account.userId,
        await hashPassword(body.userPassword),
      );
      return tokens.sign({ sub: account.userId, tv: tokenVersion });
    },

    /** The caller's own names, phone and job title; the e-mail is read-only (spec 000 §5). */
    async updateOwnDetails(account: Account, body: UpdateOwnDetailsBody): Promise<SessionUser> {
      await updateOwnDetails(db, account.userId, {
        userFirstName: body.userFirstName,
        userLastName: body.userLastName,
        ...(body.userPhoneNumber !== undefined && {
          userPhoneNumber: body.userPhoneNumber || null,
        }),
        ...(body.userJobTitle !== undefined && { userJobTitle: body.userJobTitle || null }),
      });
      const updated = await findAccountById(db, account.userId);
      if (!updated) throw new AppError(401, 'SESSION_EXPIRED');
      return auth.toSessionUser(updated);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
