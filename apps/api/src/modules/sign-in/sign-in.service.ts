import {
  type EnrolPasskeyBody,
  type EnrolTotpBody,
  type PasskeyOptionsBody,
  type PasskeySignInBody,
  type Role,
  roleRank,
  type SecondFactor,
  type SecondStepBody,
  type SecondStepResponse,
  type SignedInResponse,
} from '@vahti/domain';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import type { DeviceTokens } from '../../lib/device-tokens.js';
import { AppError } from '../../lib/errors.js';
import { authorize, type Scope, systemScope } from '../../lib/scope.js';
import type { TokenService } from '../../lib/session-tokens.js';
import { sessionUserOf } from '../../lib/session-user.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import { callerOf, isActiveAccount } from '../auth/account.js';
import type { Account, AccountsRepository } from '../auth/auth.repository.js';
import type { RateLimitKey, RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { Passkeys } from './passkeys.js';
import type { SecondFactorsRepository } from './second-factors.repository.js';
import { ownerOf, type SecondFactorsService } from './second-factors.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { SignInKeys, TicketPurpose } from './sign-in-keys.js';

/** How a sign-in's first step was taken. `sso` is for OpenID Connect (branch oidc-sso). */
export type FirstFactor = 'password' | 'passkey' | 'sso';
/** How a session began, as the sessions list shows it. */
export type SessionMethod = FirstFactor | SecondFactor | 'trustedBrowser' | 'enrolment';

/** Who is signing in, as far as the request tells. */
export interface SignInOrigin {
  ip: string;
  userAgent: string | null;
  /** The token an earlier "trust this browser" answered with, if the browser kept one. */
  trustedBrowserToken?: string;
}

/** What the service answers; the route adds the message. */
export type SignedIn = Omit<SignedInResponse, 'message'>;
export type LoginStep = SignedIn | Omit<SecondStepResponse, 'message'>;

const TRUSTED_BROWSER_DAYS = 30;

/** Before the second step nobody is signed in: the account is looked up in every organization. */
const SIGN_IN = systemScope('signIn');

const secondStepInvalid = () => new AppError(401, 'signIn.SECOND_STEP_INVALID');

/** Whether the organization requires a second factor of this role. */
export const secondFactorRequired = (
  account: Pick<Account, 'userRoles' | 'organizationTwoFactorRole'>,
) =>
  account.organizationTwoFactorRole !== null &&
  roleRank(account.userRoles as Role) >= roleRank(account.organizationTwoFactorRole as Role);

/**
 * Sign-in after the first factor (issue 31). `continueSignIn` is the one place where a first
 * step becomes a session, a second-step ticket or an enrolment ticket; `issueSession` the one
 * place where a session token is made. Password sign-in goes through both, and so should the
 * single sign-on callback.
 */
export function createSignInService({
  db,
  accounts,
  sessions,
  factors,
  secondFactors,
  passkeys,
  keys,
  tokens,
  deviceTokens,
  rateLimits,
  audit,
  config,
}: {
  db: Db;
  accounts: Pick<AccountsRepository, 'findById'>;
  sessions: SessionsRepository;
  factors: SecondFactorsRepository;
  secondFactors: SecondFactorsService;
  passkeys: Passkeys;
  keys: SignInKeys;
  tokens: TokenService;
  deviceTokens: DeviceTokens;
  rateLimits: RateLimitService;
  audit: AuditService;
  config: Pick<Config, 'jwtExpiresInHours'>;
}) {
  /** The account acting on its own behalf: what its audit entries name. */
  const ownScope = (account: Account): Scope => authorize(callerOf(account), { do: 'signIn' });

  /** A new session: its row (listed in own details), its token, and the device token. */
  async function issueSession(
    account: Account,
    origin: SignInOrigin,
    method: SessionMethod,
  ): Promise<SignedIn & { sessionId: string }> {
    const scope = ownScope(account);
    const sessionId = await sessions.insert(scope, {
      userId: account.userId,
      organizationId: account.userOrganization,
      tokenVersion: account.tokenVersion,
      method,
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      ip: origin.ip,
      expiresAt: new Date(Date.now() + config.jwtExpiresInHours * 3_600_000),
    });
    await audit.record(scope, {
      action: 'user.signIn',
      entityId: account.userId,
      organizationId: account.userOrganization,
      details: { method, ip: origin.ip },
    });
    return {
      sessionId,
      token: tokens.sign({ sub: account.userId, tv: account.tokenVersion, sid: sessionId }),
      user: sessionUserOf(account, account.targetIds),
      deviceToken: deviceTokens.issue(account.userEmail),
    };
  }

  /** "Trust this browser for 30 days": a random token, stored hashed, listed and revocable. */
  async function trustBrowser(account: Account, origin: SignInOrigin): Promise<string> {
    const token = randomToken();
    const scope = ownScope(account);
    await factors.insertTrustedBrowser(scope, ownerOf(account), {
      tokenHash: sha256Hex(token),
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      ip: origin.ip,
      expiresAt: new Date(Date.now() + TRUSTED_BROWSER_DAYS * 86_400_000),
    });
    await audit.record(scope, {
      action: 'user.trustBrowser',
      entityId: account.userId,
      organizationId: account.userOrganization,
      details: { ip: origin.ip },
    });
    return token;
  }

  /** A session after a second factor, and the trusted-browser token when asked for. */
  async function finish(
    account: Account,
    origin: SignInOrigin,
    method: SessionMethod,
    trust: boolean | undefined,
  ): Promise<SignedIn> {
    return db.transaction(async () => {
      const { sessionId: _sessionId, ...session } = await issueSession(account, origin, method);
      return trust
        ? { ...session, trustedBrowserToken: await trustBrowser(account, origin) }
        : session;
    });
  }

  async function continueSignIn(
    account: Account,
    origin: SignInOrigin,
    first: { method: FirstFactor; secondFactorDone: boolean },
  ): Promise<LoginStep> {
    const scope = ownScope(account);
    if (first.secondFactorDone) return finish(account, origin, first.method, false);
    const owner = ownerOf(account);
    const summary = await factors.summary(scope, owner);
    if (secondFactors.hasFactor(summary)) {
      if (
        origin.trustedBrowserToken &&
        (await factors.isTrustedBrowser(scope, owner, sha256Hex(origin.trustedBrowserToken)))
      ) {
        return finish(account, origin, 'trustedBrowser', false);
      }
      const methods: SecondFactor[] = [];
      if (summary.totp) methods.push('totp');
      if (summary.passkeys > 0) methods.push('passkey');
      if (summary.recoveryCodes > 0) methods.push('recoveryCode');
      return secondStep(account, first.method, 'secondStep', methods);
    }
    if (secondFactorRequired(account)) return secondStep(account, first.method, 'enrol', []);
    return finish(account, origin, first.method, false);
  }

  async function secondStep(
    account: Account,
    first: FirstFactor,
    purpose: TicketPurpose,
    methods: SecondFactor[],
  ): Promise<LoginStep> {
    await audit.record(ownScope(account), {
      action: purpose === 'enrol' ? 'user.signInEnrol' : 'user.signInSecondStep',
      entityId: account.userId,
      organizationId: account.userOrganization,
      details: { first },
    });
    return {
      secondStep: {
        ticket: keys.issueTicket({ sub: account.userId, tv: account.tokenVersion, purpose, first }),
        methods,
        enrol: purpose === 'enrol',
      },
    };
  }

  /** The account a ticket names, while the ticket and the account still hold. */
  async function ticketAccount(ticket: string, purpose: TicketPurpose) {
    const claims = keys.readTicket(ticket, purpose);
    if (!claims) throw secondStepInvalid();
    const account = await accounts.findById(SIGN_IN, claims.sub);
    if (!account || account.tokenVersion !== claims.tv || !isActiveAccount(account)) {
      throw secondStepInvalid();
    }
    return account;
  }

  /** Second-step attempts are limited per account and per address, like passwords. */
  const limitsOf = (userId: string, origin: SignInOrigin): RateLimitKey[] => [
    { rule: 'secondStepAccount', value: userId },
    { rule: 'secondStepIp', value: origin.ip },
  ];

  async function refused(account: Account, limits: RateLimitKey[], method: SessionMethod) {
    await rateLimits.hit(limits);
    await audit.record(ownScope(account), {
      action: 'user.secondStepFailed',
      entityId: account.userId,
      organizationId: account.userOrganization,
      details: { method },
    });
  }

  return {
    issueSession,
    continueSignIn,

    /** Whether the account has a second factor (TOTP or a passkey). */
    async hasSecondFactor(account: Account): Promise<boolean> {
      return secondFactors.hasFactor(await factors.summary(ownScope(account), ownerOf(account)));
    },

    /** The second step with a TOTP code or a recovery code. */
    async secondStep(body: SecondStepBody, origin: SignInOrigin): Promise<SignedIn> {
      const account = await ticketAccount(body.ticket, 'secondStep');
      const limits = limitsOf(account.userId, origin);
      await rateLimits.refuseWhenReached(limits, 'failedSignIns');
      const scope = ownScope(account);
      const owner = ownerOf(account);
      if (body.totpCode !== undefined) {
        if (!(await secondFactors.verifyTotp(scope, owner, body.totpCode))) {
          await refused(account, limits, 'totp');
          throw new AppError(400, 'signIn.TOTP_CODE_WRONG', {
            totpCode: 'errors.signIn.TOTP_CODE_WRONG',
          });
        }
        return finish(account, origin, 'totp', body.trustBrowser);
      }
      if (!(await secondFactors.useRecoveryCode(scope, owner, body.recoveryCode ?? ''))) {
        await refused(account, limits, 'recoveryCode');
        throw new AppError(400, 'signIn.RECOVERY_CODE_WRONG', {
          recoveryCode: 'errors.signIn.RECOVERY_CODE_WRONG',
        });
      }
      return finish(account, origin, 'recoveryCode', body.trustBrowser);
    },

    /**
     * A passkey challenge: with a second-step ticket, for that user's passkeys; without one, for
     * a password-less sign-in with any discoverable passkey (the organization decides, below).
     */
    async passkeyOptions(body: PasskeyOptionsBody, origin: SignInOrigin) {
      if (body.ticket === undefined) {
        await rateLimits.consume([{ rule: 'passkeyChallengeIp', value: origin.ip }]);
        const options = await passkeys.authenticationOptions(null);
        await factors.saveChallenge(options.challenge, 'authenticate', null);
        return options;
      }
      const account = await ticketAccount(body.ticket, 'secondStep');
      const allow = await factors.listPasskeys(ownScope(account), ownerOf(account));
      const options = await passkeys.authenticationOptions(allow);
      await factors.saveChallenge(options.challenge, 'authenticate', account.userId);
      return options;
    },

    /**
     * A passkey's assertion: the second step (with a ticket), or the whole sign-in (without one)
     * where the user's organization allows password-less passkeys. A passkey that verifies the
     * user counts as two factors (something held, verified by something known or been).
     */
    async passkeySignIn(body: PasskeySignInBody, origin: SignInOrigin): Promise<SignedIn> {
      const ticketed =
        body.ticket === undefined ? null : await ticketAccount(body.ticket, 'secondStep');
      const limits: RateLimitKey[] = ticketed
        ? limitsOf(ticketed.userId, origin)
        : [{ rule: 'secondStepIp', value: origin.ip }];
      await rateLimits.refuseWhenReached(limits, 'failedSignIns');
      const credentialId = passkeys.credentialIdOf(body.credential);
      const passkey = credentialId
        ? await factors.findPasskeyByCredential(SIGN_IN, credentialId)
        : undefined;
      const account =
        ticketed ?? (passkey ? await accounts.findById(SIGN_IN, passkey.userId) : undefined);
      const invalid = async () => {
        if (account) await refused(account, limits, 'passkey');
        else await rateLimits.hit(limits);
        return new AppError(400, 'signIn.PASSKEY_INVALID');
      };
      if (!passkey || !account || passkey.userId !== account.userId || !isActiveAccount(account)) {
        throw await invalid();
      }
      if (!ticketed && !account.organizationPasskeySignIn) {
        throw new AppError(403, 'signIn.PASSKEY_SIGN_IN_DISABLED');
      }
      const counter = await passkeys.verifyAuthentication(body.credential, passkey, (challenge) =>
        factors.takeChallenge(challenge, 'authenticate', ticketed ? account.userId : null),
      );
      if (
        counter === null ||
        !(await factors.usePasskey(ownScope(account), passkey.passkeyId, counter))
      ) {
        throw await invalid();
      }
      return finish(account, origin, 'passkey', body.trustBrowser);
    },

    /** Enrolment with the ticket of a user whose organization requires a second factor. */
    async enrolTotp(ticket: string) {
      const account = await ticketAccount(ticket, 'enrol');
      return secondFactors.beginTotp(ownScope(account), account);
    },

    async confirmEnrolTotp(body: EnrolTotpBody, origin: SignInOrigin): Promise<SignedIn> {
      const account = await ticketAccount(body.ticket, 'enrol');
      const limits = limitsOf(account.userId, origin);
      await rateLimits.refuseWhenReached(limits, 'failedSignIns');
      try {
        return await db.transaction(async () => {
          const scope = ownScope(account);
          const { recoveryCodes } = await secondFactors.confirmTotp(scope, account, body.totpCode);
          await audit.record(scope, {
            action: 'user.totpEnrol',
            entityId: account.userId,
            organizationId: account.userOrganization,
          });
          const session = await finish(account, origin, 'enrolment', body.trustBrowser);
          return { ...session, recoveryCodes };
        });
      } catch (err) {
        // Counted outside the transaction, which the wrong code rolled back.
        if (err instanceof AppError && err.code === 'signIn.TOTP_CODE_WRONG') {
          await rateLimits.hit(limits);
        }
        throw err;
      }
    },

    async enrolPasskeyOptions(ticket: string) {
      const account = await ticketAccount(ticket, 'enrol');
      return secondFactors.passkeyRegistrationOptions(ownScope(account), account);
    },

    async enrolPasskey(body: EnrolPasskeyBody, origin: SignInOrigin): Promise<SignedIn> {
      const account = await ticketAccount(body.ticket, 'enrol');
      return db.transaction(async () => {
        const scope = ownScope(account);
        const { recoveryCodes } = await secondFactors.addPasskey(scope, account, body);
        await audit.record(scope, {
          action: 'user.passkeyAdd',
          entityId: account.userId,
          organizationId: account.userOrganization,
          details: { name: body.name },
        });
        return {
          ...(await finish(account, origin, 'enrolment', body.trustBrowser)),
          recoveryCodes,
        };
      });
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
