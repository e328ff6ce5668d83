import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Caller } from '../lib/caller.js';
import { unauthorized } from '../lib/errors.js';
import type { Account } from '../modules/auth/auth.repository.js';
import type { AuthService } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate preHandler; routes without it never read it. */
    caller: Caller;
    account: Account;
    /** The session (user_sessions row) the bearer token names. */
    sessionId: string;
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
    app.decorateRequest('sessionId', '');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) throw unauthorized();
      const { caller, account, sessionId } = await auth.authenticate(match[1]);
      request.caller = caller;
      request.account = account;
      request.sessionId = sessionId;
    });
  },
  { name: 'auth' },
);
