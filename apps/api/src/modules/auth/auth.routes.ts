import {
  authResponse,
  errorResponse,
  loginBody,
  loginResponse,
  messageResponse,
  translate,
} from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const login = {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      body: loginBody,
      description:
        'After 10 failed attempts for one address from one IP address, or 50 from one IP address, within 15 minutes: 429 TOO_MANY_REQUESTS with Retry-After for that IP address, even for the right password, until the window ends. After 100 failed attempts for one address from all IP addresses within an hour, 429 for everyone.',
      response: {
        200: loginResponse,
        400: errorResponse,
        401: errorResponse,
        403: errorResponse,
        429: errorResponse,
      },
    },
  };
  // The spec documents sign-in as POST /; POST /api/login is the same call under /api.
  for (const url of ['/', '/api/login']) {
    app.post(
      url,
      { ...login, schema: { ...login.schema, operationId: url === '/' ? 'loginRoot' : 'login' } },
      async (request) => {
        const { token, user } = await auth.login(request.body, { ip: request.ip });
        return { message: translate(request.language, 'messages.loginOk'), token, user };
      },
    );
  }

  app.get(
    '/api/auth',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'getAuth',
        summary: 'The signed-in user; 401 when the token is missing, bad, expired or revoked',
        security: [{ bearerAuth: [] }],
        response: { 200: authResponse, 401: errorResponse },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.authOk'),
      user: await auth.toSessionUser(request.account),
    }),
  );

  app.post(
    '/api/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Sign out: revokes every token of the user',
        description:
          "Bumps the user's token version, so this token and every other one issued to the user (other browsers and devices too) answer 401 from now on. 401 when the token is already missing, bad, expired or revoked.",
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponse, 401: errorResponse },
      },
    },
    async (request) => {
      await auth.logout(request.account);
      return { message: translate(request.language, 'messages.logoutOk') };
    },
  );
};
