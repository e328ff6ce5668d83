import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Config } from '../../config/index.js';

/** Loaded on the first passkey step, not at every start (docs/performance.md, start-up). */
const webauthn = () => import('@simplewebauthn/server');

/**
 * WebAuthn through @simplewebauthn/server. The relying party is PUBLIC_URL: its host name is the
 * RP id and its origin the only origin accepted, so a passkey made for Vahti answers nowhere
 * else and a response made elsewhere is refused. User verification is required.
 */
export function createPasskeys(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  const rpID = url.hostname;
  const origin = url.origin;

  return {
    async registrationOptions(
      user: { userId: string; userEmail: string; displayName: string },
      existing: { credentialId: string; transports: string[] }[],
    ) {
      return (await webauthn()).generateRegistrationOptions({
        rpName: 'Vahti',
        rpID,
        userName: user.userEmail,
        userDisplayName: user.displayName,
        userID: new TextEncoder().encode(user.userId),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports as AuthenticatorTransport[],
        })),
        // A discoverable credential, so the same passkey can sign in without a password.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    },

    /** The new credential, or null when the response does not verify. */
    async verifyRegistration(
      response: unknown,
      takeChallenge: (challenge: string) => Promise<boolean>,
    ) {
      try {
        const result = await (await webauthn()).verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: takeChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!result.verified) return null;
        const { credential } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
        };
      } catch {
        return null;
      }
    },

    async authenticationOptions(allow: { credentialId: string; transports: string[] }[] | null) {
      return (await webauthn()).generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        ...(allow && {
          allowCredentials: allow.map((passkey) => ({
            id: passkey.credentialId,
            transports: passkey.transports as AuthenticatorTransport[],
          })),
        }),
      });
    },

    /** The credential id a response names, before it is looked up (untrusted until verified). */
    credentialIdOf(response: unknown): string | null {
      const id = (response as { id?: unknown } | null)?.id;
      return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1024}$/.test(id) ? id : null;
    },

    /** The new signature counter, or null when the assertion does not verify. */
    async verifyAuthentication(
      response: unknown,
      passkey: { credentialId: string; publicKey: string; counter: number; transports: string[] },
      takeChallenge: (challenge: string) => Promise<boolean>,
    ): Promise<number | null> {
      try {
        const result = await (await webauthn()).verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: takeChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          credential: {
            id: passkey.credentialId,
            publicKey: Buffer.from(passkey.publicKey, 'base64url'),
            counter: passkey.counter,
            transports: passkey.transports as AuthenticatorTransport[],
          },
        });
        return result.verified ? result.authenticationInfo.newCounter : null;
      } catch {
        return null;
      }
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
