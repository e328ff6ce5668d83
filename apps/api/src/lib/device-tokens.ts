import { createHmac, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Config } from '../config/index.js';

/** How long a browser stays known after its last sign-in. */
const DEVICE_TOKEN_DAYS = 365;

/**
 * Device tokens (issue 26, finding 8; OWASP's "device cookies"): a browser in which an account
 * has signed in gets a token naming that e-mail. Failed sign-ins that present it are counted
 * against the token alone, not against the account's ceiling for every address, so a guesser
 * spread over many addresses who locks the account out does not lock its owner out on a browser
 * they have used before. HS256 JWTs under a key of their own derived from JWT_SECRET, issuer
 * "vahti-device": a session token is no device token and the other way round.
 */
export function createDeviceTokens(config: Pick<Config, 'jwtSecret'>) {
  const key = createHmac('sha256', config.jwtSecret).update('vahti device tokens').digest('hex');
  const sign = createSigner({
    key,
    algorithm: 'HS256',
    expiresIn: DEVICE_TOKEN_DAYS * 86_400_000,
    iss: 'vahti-device',
  });
  const verify = createVerifier({
    key,
    algorithms: ['HS256'],
    allowedIss: 'vahti-device',
    requiredClaims: ['exp', 'iss', 'sub', 'jti'],
  });
  return {
    /** A new token for a browser that has just signed in as `email`. */
    issue: (email: string): string => sign({ sub: email.toLowerCase(), jti: randomUUID() }),
    /** The token's id when it holds and was issued to `email`; else null. */
    idFor(token: string | undefined, email: string): string | null {
      if (!token) return null;
      try {
        const claims = verify(token) as { sub?: unknown; jti?: unknown };
        return claims.sub === email.toLowerCase() && typeof claims.jti === 'string'
          ? claims.jti
          : null;
      } catch {
        return null;
      }
    },
  };
}

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;
