import { randomBytes } from 'node:crypto';
import type { AddPasskeyBody } from '@vahti/domain';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import type { Account } from '../auth/auth.repository.js';
import type { Passkeys } from './passkeys.js';
import type { Owner, SecondFactorsRepository } from './second-factors.repository.js';
import type { SignInKeys } from './sign-in-keys.js';

/** RFC 4648 base32 letters, lower case: no 0/1/8/9 to mistake for O/I/B/g. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_CODES = 10;

/** Ten codes of 10 letters (50 random bits each), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

export const ownerOf = (account: Pick<Account, 'userId' | 'userOrganization'>): Owner => ({
  userId: account.userId,
  organizationId: account.userOrganization,
});

/**
 * The second factors themselves: TOTP (otplib, RFC 6238: SHA-1, 6 digits, 30 s, ±1 step),
 * passkeys (WebAuthn) and recovery codes. Who may call is decided by the caller of these
 * functions (own details, the sign-in ticket): every one takes the scope it was given.
 */
export function createSecondFactorsService({
  factors,
  passkeys,
  keys,
}: {
  factors: SecondFactorsRepository;
  passkeys: Passkeys;
  keys: SignInKeys;
}) {
  /** New recovery codes replace the old; the texts are returned once and never stored. */
  async function replaceRecoveryCodes(scope: Scope, owner: Owner): Promise<string[]> {
    const codes = newRecoveryCodes();
    await factors.replaceRecoveryCodes(
      scope,
      owner,
      codes.map((code) => keys.hashRecoveryCode(code.replace('-', ''))),
    );
    return codes;
  }

  /** Recovery codes come with the first second factor, never silently with a later one. */
  async function codesForFirstFactor(scope: Scope, owner: Owner, hadFactor: boolean) {
    return hadFactor ? undefined : replaceRecoveryCodes(scope, owner);
  }

  const hasFactor = (summary: { totp: boolean; passkeys: number }) =>
    summary.totp || summary.passkeys > 0;

  return {
    hasFactor,
    replaceRecoveryCodes,

    /** A new TOTP secret for the user to scan; replaces an enrolment not yet confirmed. */
    async beginTotp(scope: Scope, account: Account) {
      const secret = generateSecret();
      if (!(await factors.beginTotp(scope, ownerOf(account), keys.encryptTotpSecret(secret)))) {
        throw new AppError(409, 'signIn.TOTP_ENABLED');
      }
      const otpauthUrl = generateURI({ issuer: 'Vahti', label: account.userEmail, secret });
      const qrCode = `data:image/svg+xml;base64,${Buffer.from(
        await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }),
      ).toString('base64')}`;
      return { secret, otpauthUrl, qrCode };
    },

    /**
     * Checks a code against the user's secret (±1 step of 30 s) and takes its time step, so the
     * same code, or an older one, is refused afterwards. `pending` accepts an enrolment not yet
     * confirmed (and confirms it); otherwise only a confirmed authenticator counts.
     */
    async verifyTotp(scope: Scope, owner: Owner, code: string, pending = false): Promise<boolean> {
      const totp = await factors.findTotp(scope, owner);
      if (!totp || totp.confirmed === pending) return false;
      const result = await verify({
        secret: keys.decryptTotpSecret(totp.secretEncrypted),
        token: code,
        epochTolerance: 30,
        afterTimeStep: totp.lastStep,
      });
      // The TOTP strategy's answer names the time step the code matched (otplib's VerifyResult).
      if (!result.valid || !('timeStep' in result)) return false;
      return factors.useTotpStep(scope, owner, result.timeStep);
    },

    /** Confirms an enrolment with its first code; recovery codes if this is the first factor. */
    async confirmTotp(scope: Scope, account: Account, code: string) {
      const owner = ownerOf(account);
      const before = await factors.summary(scope, owner);
      const totp = await factors.findTotp(scope, owner);
      if (!totp || totp.confirmed) throw new AppError(400, 'signIn.TOTP_NOT_STARTED');
      if (!(await this.verifyTotp(scope, owner, code, true))) {
        throw new AppError(400, 'signIn.TOTP_CODE_WRONG', {
          totpCode: 'errors.signIn.TOTP_CODE_WRONG',
        });
      }
      return { recoveryCodes: await codesForFirstFactor(scope, owner, hasFactor(before)) };
    },

    async useRecoveryCode(scope: Scope, owner: Owner, code: string): Promise<boolean> {
      return factors.useRecoveryCode(scope, owner, keys.hashRecoveryCode(code));
    },

    /** Options for a new passkey; the challenge is kept server-side for five minutes. */
    async passkeyRegistrationOptions(scope: Scope, account: Account) {
      const existing = await factors.listPasskeys(scope, ownerOf(account));
      const options = await passkeys.registrationOptions(
        {
          userId: account.userId,
          userEmail: account.userEmail,
          displayName: `${account.userFirstName} ${account.userLastName}`,
        },
        existing,
      );
      await factors.saveChallenge(options.challenge, 'register', account.userId);
      return options;
    },

    /** Verifies and stores a new passkey; recovery codes if it is the first factor. */
    async addPasskey(scope: Scope, account: Account, body: AddPasskeyBody) {
      const owner = ownerOf(account);
      const before = await factors.summary(scope, owner);
      const credential = await passkeys.verifyRegistration(body.credential, (challenge) =>
        factors.takeChallenge(challenge, 'register', account.userId),
      );
      if (!credential) throw new AppError(400, 'signIn.PASSKEY_INVALID');
      const row = await factors.insertPasskey(scope, owner, { ...credential, name: body.name });
      if (!row) throw new AppError(400, 'signIn.PASSKEY_INVALID');
      return {
        passkeyId: row.passkeyId,
        recoveryCodes: await codesForFirstFactor(scope, owner, hasFactor(before)),
      };
    },
  };
}

export type SecondFactorsService = ReturnType<typeof createSecondFactorsService>;
