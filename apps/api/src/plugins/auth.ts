import { id } from '@vahti/domain';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.js';
import { unauthorized } from '../lib/errors.js';
import type { Account } from '../modules/auth/auth.repository.js';
import type { AuthService, Caller } from '../modules/auth/auth.service.js';

export interface TokenClaims {
  /** user id */
  sub: string;
  /** token version: a bump on the user row revokes every earlier token */
  tv: number;
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
  });
  return {
    sign: (claims) => sign({ ...claims }),
    verify(token) {
      try {
        const payload = verify(token) as Partial<TokenClaims>;
        // A well-signed token whose claims could not have come from sign() (a user id that is no
        // uuid, a version that is no whole number) is refused here, never handed to a query.
        if (!userId.safeParse(payload.sub).success || !Number.isSafeInteger(payload.tv))
          return null;
        return { sub: payload.sub as string, tv: payload.tv as number };
      } catch {
        return null;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate preHandler; routes without it never read it. */
    caller: Caller;
    account: Account;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Adds `app.authenticate`, the preHandler of every signed-in route. */
export const authPlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('caller', null as unknown as Caller);
    app.decorateRequest('account', null as unknown as Account);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized();
      const { caller, account } = await auth.authenticate(match[1]);
      request.caller = caller;
      request.account = account;
    });
  },
  { name: 'auth' },
);
