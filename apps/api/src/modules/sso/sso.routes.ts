import {
  loginStepResponse,
  messageResponse,
  organizationSsoBody,
  organizationSsoQuery,
  organizationSsoResponse,
  ssoCompleteBody,
  ssoLookupQuery,
  ssoLookupResponse,
  ssoStartBody,
  ssoStartResponse,
  testSsoBody,
} from '@vahti/domain';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, ok, publicRoutes, signedIn } from '../../plugins/route-groups.js';
import { answerFirstStep, signInOrigin } from '../sign-in/sign-in.routes.js';
import type { SsoService } from './sso.service.js';
import type { SsoSignInService } from './sso-sign-in.service.js';

interface Options {
  sso: SsoService;
  ssoSignIn: SsoSignInService;
  /** Secure cookies where the portal is served over https. */
  secureCookies: boolean;
}

/** The cookie that ties a sign-in under way to the browser that started it. */
const COOKIE = 'vahti_sso';
const COOKIE_PATH = '/api/auth/sso';

const browserOf = (request: FastifyRequest) => parseCookie(request.headers.cookie ?? '')[COOKIE];

function setBrowserCookie(reply: FastifyReply, value: string, secure: boolean, maxAge: number) {
  reply.header(
    'set-cookie',
    serializeCookie(COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: COOKIE_PATH,
      maxAge,
    }),
  );
}

const signIn = publicRoutes<Options>('auth', (app, { ssoSignIn, secureCookies }) => {
  app.get('/api/auth/sso', {
    schema: {
      operationId: 'lookupSso',
      summary: "Whether an e-mail address's domain signs in through its organization",
      description:
        'Answers by the domain alone: whether an organization has an enabled single sign-on for it and whether password sign-in stays allowed there. Never says whether the address has a user.',
      querystring: ssoLookupQuery,
      response: { 200: ssoLookupResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.sso.lookupOk', await ssoSignIn.lookup(request.query.email)),
  });

  app.post('/api/auth/sso/start', {
    schema: {
      operationId: 'startSso',
      summary: "Start signing in through the organization's OpenID provider",
      description:
        "Answers the provider's authorization URL (authorization code flow with PKCE S256, state and nonce, kept server-side for 10 minutes) and sets the HttpOnly cookie vahti_sso that ties the sign-in to this browser. 400 sso.SSO_NOT_AVAILABLE when the domain has no enabled single sign-on; 502 when the provider cannot be reached; 429 after 30 starts from one IP address in 15 minutes.",
      body: ssoStartBody,
      response: { 200: ssoStartResponse, ...errors(429, 502) },
    },
    handler: async (request, reply) => {
      const { url, browser } = await ssoSignIn.start(request.body.userEmail, request.ip);
      setBrowserCookie(reply, browser, secureCookies, 600);
      return ok(request, 'messages.sso.startOk', { url });
    },
  });

  app.get('/api/auth/sso/callback', {
    schema: {
      operationId: 'ssoCallback',
      summary: 'The OpenID provider sends the browser back here (the redirect URI)',
      description:
        "Redirects (302) to the login screen with a one-time code in `sso`, which POST /api/auth/sso/complete trades for a session or answers the failure with (a replayed or unknown state, an ID token that fails its checks, an unverified e-mail, a domain outside the organization, another organization's user).",
      querystring: z.record(z.string(), z.unknown()),
      response: { 302: z.null().describe('Location: the login screen') },
    },
    handler: async (request, reply) => {
      const query = request.raw.url?.split('?')[1] ?? '';
      const location = await ssoSignIn.callback(query, browserOf(request), request.ip);
      return reply.redirect(location, 302);
    },
  });

  app.post('/api/auth/sso/complete', {
    schema: {
      operationId: 'completeSso',
      summary: 'Trade the one-time code of a single sign-on for a session',
      description:
        "Answers as a password sign-in does: a session, or `secondStep` when the user has a second factor or the organization requires one. The code is single use, good for 2 minutes and only in the browser that started the sign-in (cookie vahti_sso). 400 sso.SSO_CODE_INVALID, or the sign-in's failure (sso.SSO_STATE_INVALID, sso.SSO_TOKEN_INVALID, sso.SSO_EMAIL_NOT_VERIFIED, sso.SSO_DOMAIN_NOT_ALLOWED, sso.SSO_OTHER_ORGANIZATION, sso.SSO_PROVIDER_REFUSED…); 403 ACCOUNT_INACTIVE.",
      body: ssoCompleteBody,
      response: { 200: loginStepResponse, ...errors(403) },
    },
    handler: async (request, reply) => {
      const step = await ssoSignIn.complete(
        request.body.code,
        browserOf(request),
        signInOrigin(request),
      );
      setBrowserCookie(reply, '', secureCookies, 0);
      return answerFirstStep(request, step);
    },
  });
});

const settings = signedIn<Options>('organizations', (app, { sso }) => {
  app.get('/api/organization-sso', {
    schema: {
      operationId: 'getOrganizationSso',
      summary: "An organization's single sign-on settings (Ylläpitäjä)",
      description:
        'null when none are saved. The client secret is never answered, only clientSecretSet. redirectUri is what the provider must allow. Ylläpitäjä (Hallinta) in their own organization, the top administrator in any: 403 FORBIDDEN below, 404 ORGANIZATION_NOT_FOUND for another organization.',
      querystring: organizationSsoQuery,
      response: { 200: organizationSsoResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.sso.settingsOk',
        await sso.get(request.caller, request.query.organizationId),
      ),
  });

  app.put('/api/organization-sso', {
    schema: {
      operationId: 'saveOrganizationSso',
      summary: "Save an organization's single sign-on (Ylläpitäjä)",
      description:
        "Creates or replaces the settings. The client secret is needed the first time; later omitted or empty keeps it. New users' role and applications may not exceed the saving administrator's own (400 fields.userRoles / fields.userPermissions); a domain another organization holds is 400 fields.emailDomains; an issuer that is not https on a public address is 400 sso.SSO_ISSUER_NOT_ALLOWED (OUTBOUND_ALLOW_PRIVATE=1 allows private addresses and http).",
      body: organizationSsoBody,
      response: { 200: organizationSsoResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const saved = await sso.save(request.caller, request.body);
      return ok(request, 'messages.sso.saved', {
        organizationSso: saved,
        redirectUri: saved.redirectUri,
      });
    },
  });

  app.delete('/api/organization-sso', {
    schema: {
      operationId: 'removeOrganizationSso',
      summary: "Remove an organization's single sign-on (Ylläpitäjä)",
      description: '404 sso.SSO_NOT_CONFIGURED when there is none; users keep their accounts.',
      querystring: organizationSsoQuery,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await sso.remove(request.caller, request.query.organizationId);
      return ok(request, 'messages.sso.removed');
    },
  });

  app.post('/api/organization-sso/test', {
    schema: {
      operationId: 'testOrganizationSso',
      summary: 'Read an issuer\'s OpenID discovery document ("Testaa yhteys")',
      description:
        '200 with the issuer the document names; 400 sso.SSO_DISCOVERY_FAILED when it cannot be read or is not a valid OpenID provider configuration for that issuer, 400 sso.SSO_ISSUER_NOT_ALLOWED for a refused address.',
      body: testSsoBody,
      response: {
        200: messageResponse.extend({ issuer: z.string() }),
        ...errors(403, 404),
      },
    },
    handler: async (request) =>
      ok(request, 'messages.sso.discoveryOk', {
        issuer: await sso.test(request.caller, request.body),
      }),
  });
});

export const ssoRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  await app.register(signIn, options);
  await app.register(settings, options);
};
