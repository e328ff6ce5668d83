import { id } from '@vahti/domain';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Config } from '../config/index.js';

/** Bearer tokens: HS256 JWTs signed with JWT_SECRET, issuer "vahti" (ADR 0004). */
export interface TokenClaims {
  /** user id */
  sub: string;
  /** token version: a bump on the user row revokes every earlier token */
  tv: number;
  /** session id: the user_sessions row that lists this sign-in and can end it alone */
  sid: string;
}

export interface TokenService {
  sign(claims: TokenClaims): string;
  verify(token: string): TokenClaims | null;
}

const userId = id();

export function createTokenService(
  config: Pick<Config, 'jwtSecret' | 'jwtExpiresInHours'>,
): TokenService {
  const sign = createSigner({
    key: config.jwtSecret,
    algorithm: 'HS256',
    expiresIn: config.jwtExpiresInHours * 3_600_000,
    iss: 'vahti',
  });
  const verify = createVerifier({
    key: config.jwtSecret,
    algorithms: ['HS256'],
    allowedIss: 'vahti',
    // A token without an expiry would never end, one without an issuer may be another service's.
    requiredClaims: ['exp', 'iss'],
  });
  return {
    sign: (claims) => sign({ ...claims }),
    verify(token) {
      try {
        const payload = verify(token) as Partial<TokenClaims>;
        // A well-signed token whose claims could not have come from sign() (a user id that is no
        // uuid, a version that is no whole number) is refused here, never handed to a query.
        if (
          !userId.safeParse(payload.sub).success ||
          !Number.isSafeInteger(payload.tv) ||
          !userId.safeParse(payload.sid).success
        )
          return null;
        return { sub: payload.sub as string, tv: payload.tv as number, sid: payload.sid as string };
      } catch {
        return null;
      }
    },
  };
}
