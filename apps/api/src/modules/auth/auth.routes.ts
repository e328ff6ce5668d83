import { authResponse, loginBody, loginStepResponse, messageResponse } from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, ok, publicRoutes, signedIn } from '../../plugins/route-groups.js';
import { answerFirstStep, signInOrigin } from '../sign-in/sign-in.routes.js';
import type { AuthService } from './auth.service.js';

interface Options {
  auth: AuthService;
}

const signIn = publicRoutes<Options>('auth', (app, { auth }) => {
  // The spec documents sign-in as POST /; POST /api/login is the same call under /api.
  for (const [url, operationId] of [
    ['/', 'loginRoot'],
    ['/api/login', 'login'],
  ] as const) {
    app.post(url, {
      schema: {
        operationId,
        summary: 'Sign in with e-mail and password',
        description:
          'After 10 failed attempts for one address from one IP address, or 50 from one IP address, within 15 minutes: 429 TOO_MANY_REQUESTS with Retry-After for that IP address, even for the right password, until the window ends. After 100 failed attempts for one address from all IP addresses within an hour, 429 for everyone — except a browser that sends the deviceToken an earlier sign-in there answered with: its failures count against that token (10 in 15 minutes) and its IP address only. Every successful sign-in answers with a deviceToken. When the user has a second factor (and the browser sent no trustedBrowserToken of theirs), or the organization requires one of their role, the answer is `secondStep` instead: a ticket for POST /api/login/second-step or /api/login/passkey, or with `enrol` for the enrolment calls. The password alone gives nothing usable then. The per-account ceiling does not apply to an account with a second factor.',
        body: loginBody,
        response: { 200: loginStepResponse, ...errors(401, 403, 429) },
      },
      handler: async (request) => {
        return answerFirstStep(request, await auth.login(request.body, signInOrigin(request)));
      },
    });
  }
});

const session = signedIn<Options>('auth', (app, { auth }) => {
  app.get('/api/auth', {
    schema: {
      operationId: 'getAuth',
      summary: 'The signed-in user; 401 when the token is missing, bad, expired or revoked',
      response: { 200: authResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.authOk', { user: auth.toSessionUser(request.account) }),
  });

  app.post('/api/logout', {
    schema: {
      operationId: 'logout',
      summary: 'Sign out: revokes every token of the user',
      description:
        "Bumps the user's token version, so this token and every other one issued to the user (other browsers and devices too) answer 401 from now on. 401 when the token is already missing, bad, expired or revoked.",
      response: { 200: messageResponse },
    },
    handler: async (request) => {
      await auth.logout(request.account);
      return ok(request, 'messages.logoutOk');
    },
  });
});

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  await app.register(signIn, options);
  await app.register(session, options);
};
