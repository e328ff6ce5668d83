import {
  type AddPasskeyBody,
  can,
  type OwnSignInResponse,
  type Role,
  type SignInSettingsBody,
} from '@vahti/domain';
import Bowser from 'bowser';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { authorize, type Scope } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import { callerOf } from '../auth/account.js';
import type { Account, AccountsRepository } from '../auth/auth.repository.js';
import type { Mailer } from '../mail/mailer.js';
import { secondFactorResetMail } from '../mail/templates.js';
import type { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { SecondFactorsRepository } from './second-factors.repository.js';
import { ownerOf, type SecondFactorsService } from './second-factors.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import { secondFactorRequired } from './sign-in.service.js';

/** "Chrome 131 · Windows" from a User-Agent header (bowser); "Tuntematon" when it says nothing. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '?';
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  return [browser, parsed.os.name].filter(Boolean).join(' · ') || '?';
}

const MANAGE_SIGN_IN = [{ do: 'administer' }, { do: 'manageSignIn' }] as const;

/**
 * The own second factors, sign-ins and trusted browsers (own details), an administrator's reset
 * of a user's second factor, and the organization's sign-in rules. A change of the own second
 * factors ends the user's other sign-ins: whoever held one may have learnt the old factor.
 */
export function createOwnSignInService({
  db,
  accounts,
  sessions,
  factors,
  secondFactors,
  organizations,
  audit,
  mailer,
  config,
}: {
  db: Db;
  accounts: Pick<AccountsRepository, 'findById' | 'revokeTokens'>;
  sessions: SessionsRepository;
  factors: SecondFactorsRepository;
  secondFactors: SecondFactorsService;
  organizations: Pick<OrganizationsRepository, 'signInSettings' | 'setSignInSettings'>;
  audit: AuditService;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}) {
  const own = (account: Account): Scope => authorize(callerOf(account), { do: 'signIn' });

  /** One audited change of the own factors, in a transaction that also ends the other sign-ins. */
  function changeFactors<T>(
    account: Account,
    sessionId: string,
    action: string,
    work: (scope: Scope) => Promise<T>,
    details?: Record<string, unknown>,
  ): Promise<T> {
    const scope = own(account);
    return db.transaction(async () => {
      const result = await work(scope);
      const ended = await sessions.removeOthers(scope, account.userId, sessionId);
      await audit.record(scope, {
        action,
        entityId: account.userId,
        organizationId: account.userOrganization,
        details: { ...details, endedSessions: ended },
      });
      return result;
    });
  }

  /** Removing a factor may not leave a user the organization requires one of without any. */
  async function refuseLastRequired(scope: Scope, account: Account, left: number) {
    if (left === 0 && secondFactorRequired(account)) {
      throw new AppError(409, 'signIn.SECOND_FACTOR_REQUIRED');
    }
    if (left === 0) await factors.replaceRecoveryCodes(scope, ownerOf(account), []);
  }

  const factorCount = async (scope: Scope, account: Account) => {
    const summary = await factors.summary(scope, ownerOf(account));
    return (summary.totp ? 1 : 0) + summary.passkeys;
  };

  return {
    async overview(
      account: Account,
      sessionId: string,
    ): Promise<Omit<OwnSignInResponse, 'message'>> {
      const scope = own(account);
      const owner = ownerOf(account);
      const [summary, passkeys, signIns, browsers] = await Promise.all([
        factors.summary(scope, owner),
        factors.listPasskeys(scope, owner),
        sessions.list(scope, account.userId),
        factors.listTrustedBrowsers(scope, owner),
      ]);
      return {
        totp: summary.totp,
        passkeys: passkeys.map((passkey) => ({
          passkeyId: passkey.passkeyId,
          name: passkey.name,
          createdAt: passkey.createdAt.toISOString(),
          lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: summary.recoveryCodes,
        secondFactorRequired: secondFactorRequired(account),
        sessions: signIns.map((session) => ({
          sessionId: session.sessionId,
          current: session.sessionId === sessionId,
          browser: browserOf(session.userAgent),
          ip: session.ip,
          method: session.method,
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
        })),
        trustedBrowsers: browsers.map((browser) => ({
          trustedBrowserId: browser.trustedBrowserId,
          browser: browserOf(browser.userAgent),
          ip: browser.ip,
          createdAt: browser.createdAt.toISOString(),
          expiresAt: browser.expiresAt.toISOString(),
        })),
      };
    },

    beginTotp: (account: Account) => secondFactors.beginTotp(own(account), account),

    confirmTotp: (account: Account, sessionId: string, code: string) =>
      changeFactors(account, sessionId, 'user.totpEnrol', (scope) =>
        secondFactors.confirmTotp(scope, account, code),
      ),

    removeTotp: (account: Account, sessionId: string) =>
      changeFactors(account, sessionId, 'user.totpRemove', async (scope) => {
        if (!(await factors.removeTotp(scope, ownerOf(account)))) {
          throw notFound('signIn.TOTP_NOT_STARTED');
        }
        await refuseLastRequired(scope, account, await factorCount(scope, account));
      }),

    passkeyOptions: (account: Account) =>
      secondFactors.passkeyRegistrationOptions(own(account), account),

    addPasskey: (account: Account, sessionId: string, body: AddPasskeyBody) =>
      changeFactors(
        account,
        sessionId,
        'user.passkeyAdd',
        (scope) => secondFactors.addPasskey(scope, account, body),
        { name: body.name },
      ),

    removePasskey: (account: Account, sessionId: string, passkeyId: string) =>
      changeFactors(
        account,
        sessionId,
        'user.passkeyRemove',
        async (scope) => {
          if (!(await factors.removePasskey(scope, ownerOf(account), passkeyId))) {
            throw notFound('signIn.PASSKEY_NOT_FOUND');
          }
          await refuseLastRequired(scope, account, await factorCount(scope, account));
        },
        { passkeyId },
      ),

    newRecoveryCodes: (account: Account, sessionId: string) =>
      changeFactors(account, sessionId, 'user.recoveryCodes', async (scope) => {
        if ((await factorCount(scope, account)) === 0) {
          throw new AppError(400, 'signIn.TOTP_NOT_STARTED');
        }
        return secondFactors.replaceRecoveryCodes(scope, ownerOf(account));
      }),

    async endSession(account: Account, sessionId: string): Promise<void> {
      const scope = own(account);
      await db.transaction(async () => {
        if (!(await sessions.remove(scope, account.userId, sessionId))) {
          throw notFound('signIn.SESSION_NOT_FOUND');
        }
        await audit.record(scope, {
          action: 'user.sessionEnd',
          entityId: account.userId,
          organizationId: account.userOrganization,
          details: { sessionId },
        });
      });
    },

    async endOtherSessions(account: Account, sessionId: string): Promise<void> {
      const scope = own(account);
      await db.transaction(async () => {
        const ended = await sessions.removeOthers(scope, account.userId, sessionId);
        await audit.record(scope, {
          action: 'user.sessionEndOthers',
          entityId: account.userId,
          organizationId: account.userOrganization,
          details: { endedSessions: ended },
        });
      });
    },

    async removeTrustedBrowser(account: Account, trustedBrowserId: string): Promise<void> {
      const scope = own(account);
      await db.transaction(async () => {
        if (!(await factors.removeTrustedBrowser(scope, ownerOf(account), trustedBrowserId))) {
          throw notFound('signIn.TRUSTED_BROWSER_NOT_FOUND');
        }
        await audit.record(scope, {
          action: 'user.trustedBrowserRemove',
          entityId: account.userId,
          organizationId: account.userOrganization,
          details: { trustedBrowserId },
        });
      });
    },

    /**
     * The lost-device path: an Ylläpitäjä of the user's organization (or the top administrator)
     * removes every second factor, recovery code and trusted browser of a user who does not
     * outrank them and ends all their sign-ins; the user is told by mail in their language.
     * Another organization's user answers 404.
     */
    async resetSecondFactors(caller: Caller, userId: string): Promise<void> {
      const scope = authorize(caller, ...MANAGE_SIGN_IN);
      const subject = await accounts.findById(scope, userId);
      if (!subject) throw notFound('USER_NOT_FOUND');
      if (!can(caller, { do: 'manageUser', role: subject.userRoles as Role })) throw forbidden();
      await db.transaction(async () => {
        await factors.removeAll(scope, ownerOf(subject));
        await accounts.revokeTokens(scope, subject.userId);
        await audit.record(scope, {
          action: 'user.secondFactorReset',
          entityId: subject.userId,
          organizationId: subject.userOrganization,
        });
        const language = subject.language ?? 'fi';
        await mailer.enqueue({
          to: subject.userEmail,
          language,
          ...secondFactorResetMail(language, {
            firstName: subject.userFirstName,
            link: `${config.publicUrl}/#/login`,
          }),
        });
      });
      mailer.kick();
    },

    async signInSettings(caller: Caller, organizationId: string) {
      const scope = authorize(caller, ...MANAGE_SIGN_IN);
      const settings = await organizations.signInSettings(scope, organizationId);
      if (!settings) throw notFound('ORGANIZATION_NOT_FOUND');
      return settings;
    },

    async setSignInSettings(caller: Caller, organizationId: string, body: SignInSettingsBody) {
      const scope = authorize(caller, ...MANAGE_SIGN_IN);
      return db.transaction(async () => {
        const before = await organizations.setSignInSettings(scope, organizationId, body);
        if (!before) throw notFound('ORGANIZATION_NOT_FOUND');
        await audit.record(scope, {
          action: 'organization.signIn',
          entityId: organizationId,
          organizationId,
          details: { from: before, to: body },
        });
        return body;
      });
    },
  };
}

export type OwnSignInService = ReturnType<typeof createOwnSignInService>;
