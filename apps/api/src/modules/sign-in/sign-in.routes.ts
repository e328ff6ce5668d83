import {
  addPasskeyBody,
  confirmTotpBody,
  enrolPasskeyBody,
  enrolTotpBody,
  messageResponse,
  organizationIdParams,
  ownSignInResponse,
  passkeyIdParams,
  passkeyOptionsBody,
  passkeyOptionsResponse,
  passkeySignInBody,
  recoveryCodesResponse,
  secondFactorChangedResponse,
  secondStepBody,
  sessionIdParams,
  signedInResponse,
  signInSettingsBody,
  signInSettingsResponse,
  ticketBody,
  totpEnrolmentResponse,
  trustedBrowserIdParams,
  userIdParams,
} from '@vahti/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, ok, publicRoutes, signedIn } from '../../plugins/route-groups.js';
import type { OwnSignInService } from './own-sign-in.service.js';
import type { LoginStep, SignInOrigin, SignInService } from './sign-in.service.js';

interface Options {
  signIn: SignInService;
  ownSignIn: OwnSignInService;
}

export const signInOrigin = (request: FastifyRequest): SignInOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** A first factor's answer (password, single sign-on): a session, or the second step's ticket. */
export function answerFirstStep(request: FastifyRequest, step: LoginStep) {
  if (!('secondStep' in step)) return ok(request, 'messages.loginOk', step);
  const message = step.secondStep.enrol ? 'enrolRequired' : 'secondStep';
  return ok(request, `messages.signIn.${message}`, step);
}

const TICKET =
  'The ticket is the one POST /api/login answered with (`secondStep.ticket`); it lives 5 minutes, is accepted by these calls only (never as a bearer token) and answers 401 signIn.SECOND_STEP_INVALID when bad, expired or superseded (a password change or a reset in between).';
const LIMITS =
  'Wrong answers are counted per account (10 in 15 minutes, from every address) and per IP address (30 in 15 minutes): 429 TOO_MANY_REQUESTS with Retry-After until the window ends, even for a right answer.';

/** The second step of sign-in, password-less passkeys, and enrolment with a ticket. */
const steps = publicRoutes<Options>('sign-in', (app, { signIn }) => {
  app.post('/api/login/second-step', {
    schema: {
      operationId: 'loginSecondStep',
      summary: 'Sign in, second step: a TOTP code or a recovery code',
      description: `${TICKET} A TOTP code is accepted within ±30 s and only once; a recovery code once. 400 signIn.TOTP_CODE_WRONG (fields.totpCode) or signIn.RECOVERY_CODE_WRONG (fields.recoveryCode). ${LIMITS} With trustBrowser the answer carries trustedBrowserToken: sent with the next password sign-ins of this account, it skips the second step for 30 days (listed and revocable in own details).`,
      body: secondStepBody,
      response: { 200: signedInResponse, ...errors(401, 429) },
    },
    handler: async (request) =>
      ok(request, 'messages.loginOk', await signIn.secondStep(request.body, signInOrigin(request))),
  });

  app.post('/api/login/passkey-options', {
    schema: {
      operationId: 'loginPasskeyOptions',
      summary: 'A WebAuthn challenge to sign in with a passkey',
      description: `With a ticket: for the second step, naming the user's passkeys. Without: for a password-less sign-in with any discoverable passkey. The options are PublicKeyCredentialRequestOptionsJSON for @simplewebauthn/browser's startAuthentication; the challenge is used once and lives 5 minutes. Without a ticket, at most 60 per IP address in 15 minutes (429).`,
      body: passkeyOptionsBody,
      response: { 200: passkeyOptionsResponse, ...errors(401, 429) },
    },
    handler: async (request) =>
      ok(request, 'messages.signIn.passkeyOptions', {
        options: { ...(await signIn.passkeyOptions(request.body, signInOrigin(request))) },
      }),
  });

  app.post('/api/login/passkey', {
    schema: {
      operationId: 'loginPasskey',
      summary: "Sign in with a passkey's assertion",
      description: `With a ticket: the second step. Without: a password-less sign-in, which the user's organization must allow (403 signIn.PASSKEY_SIGN_IN_DISABLED). 400 signIn.PASSKEY_INVALID when the assertion does not verify (unknown credential, wrong origin or RP id, used challenge, no user verification, a counter that went back). ${LIMITS}`,
      body: passkeySignInBody,
      response: { 200: signedInResponse, ...errors(401, 403, 429) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.loginOk',
        await signIn.passkeySignIn(request.body, signInOrigin(request)),
      ),
  });

  app.post('/api/login/enrol-totp', {
    schema: {
      operationId: 'loginEnrolTotp',
      summary: 'Enrolment at sign-in: a new TOTP secret',
      description: `For a user whose organization requires a second factor they do not have (the password step answered secondStep.enrol). ${TICKET} Answers the secret, its otpauth URI and a QR code (SVG data URL), shown this once.`,
      body: ticketBody,
      response: { 200: totpEnrolmentResponse, ...errors(401, 409) },
    },
    handler: async (request) =>
      ok(request, 'messages.signIn.totpStarted', await signIn.enrolTotp(request.body.ticket)),
  });

  app.post('/api/login/enrol-totp/confirm', {
    schema: {
      operationId: 'loginEnrolTotpConfirm',
      summary: 'Enrolment at sign-in: confirm the TOTP code, then signed in',
      description: `${TICKET} Answers a session and the ten recovery codes (shown once). ${LIMITS}`,
      body: enrolTotpBody,
      response: { 200: signedInResponse, ...errors(401, 429) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.loginOk',
        await signIn.confirmEnrolTotp(request.body, signInOrigin(request)),
      ),
  });

  app.post('/api/login/enrol-passkey-options', {
    schema: {
      operationId: 'loginEnrolPasskeyOptions',
      summary: 'Enrolment at sign-in: options for a new passkey',
      description: `${TICKET} PublicKeyCredentialCreationOptionsJSON for startRegistration.`,
      body: ticketBody,
      response: { 200: passkeyOptionsResponse, ...errors(401) },
    },
    handler: async (request) =>
      ok(request, 'messages.signIn.passkeyOptions', {
        options: { ...(await signIn.enrolPasskeyOptions(request.body.ticket)) },
      }),
  });

  app.post('/api/login/enrol-passkey', {
    schema: {
      operationId: 'loginEnrolPasskey',
      summary: 'Enrolment at sign-in: store the new passkey, then signed in',
      description: `${TICKET} 400 signIn.PASSKEY_INVALID when the registration does not verify. Answers a session and the ten recovery codes (shown once).`,
      body: enrolPasskeyBody,
      response: { 200: signedInResponse, ...errors(401) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.loginOk',
        await signIn.enrolPasskey(request.body, signInOrigin(request)),
      ),
  });
});

const ENDS_OTHERS = "Ends the user's other sign-ins (this one goes on) and is audited.";

/** The own second factors, sign-ins and trusted browsers (own details). */
const own = signedIn<Options>('sign-in', (app, { ownSignIn }) => {
  app.get('/api/own-sign-in', {
    schema: {
      operationId: 'getOwnSignIn',
      summary: 'The own second factors, active sign-ins and trusted browsers',
      response: { 200: ownSignInResponse },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.signIn.ownSignIn',
        await ownSignIn.overview(request.account, request.sessionId),
      ),
  });

  app.post('/api/own-totp', {
    schema: {
      operationId: 'beginOwnTotp',
      summary: 'Start setting up an authenticator app (TOTP)',
      description:
        'Answers a new secret, its otpauth URI and QR code, shown this once; nothing is in use until confirmed. 409 signIn.TOTP_ENABLED when one is already in use.',
      response: { 200: totpEnrolmentResponse, ...errors(409) },
    },
    handler: async (request) =>
      ok(request, 'messages.signIn.totpStarted', await ownSignIn.beginTotp(request.account)),
  });

  app.post('/api/own-totp/confirm', {
    schema: {
      operationId: 'confirmOwnTotp',
      summary: 'Confirm the authenticator app with its first code',
      description: `400 signIn.TOTP_CODE_WRONG (fields.totpCode), signIn.TOTP_NOT_STARTED. The first second factor answers the ten recovery codes. ${ENDS_OTHERS}`,
      body: confirmTotpBody,
      response: { 200: secondFactorChangedResponse },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.signIn.totpEnabled',
        await ownSignIn.confirmTotp(request.account, request.sessionId, request.body.totpCode),
      ),
  });

  app.delete('/api/own-totp', {
    schema: {
      operationId: 'removeOwnTotp',
      summary: 'Remove the authenticator app',
      description: `409 signIn.SECOND_FACTOR_REQUIRED when the organization requires a second factor and this is the last. ${ENDS_OTHERS}`,
      response: { 200: messageResponse, ...errors(404, 409) },
    },
    handler: async (request) => {
      await ownSignIn.removeTotp(request.account, request.sessionId);
      return ok(request, 'messages.signIn.totpRemoved');
    },
  });

  app.post('/api/own-passkeys/options', {
    schema: {
      operationId: 'ownPasskeyOptions',
      summary: 'Options for a new passkey (WebAuthn registration)',
      description:
        'PublicKeyCredentialCreationOptionsJSON for startRegistration: a discoverable credential with user verification; the challenge is used once and lives 5 minutes.',
      response: { 200: passkeyOptionsResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.signIn.passkeyOptions', {
        options: { ...(await ownSignIn.passkeyOptions(request.account)) },
      }),
  });

  app.post('/api/own-passkeys', {
    schema: {
      operationId: 'addOwnPasskey',
      summary: 'Store a new passkey under a name',
      description: `400 signIn.PASSKEY_INVALID when the registration does not verify. The first second factor answers the ten recovery codes. ${ENDS_OTHERS}`,
      body: addPasskeyBody,
      response: { 200: secondFactorChangedResponse },
    },
    handler: async (request) => {
      const { recoveryCodes } = await ownSignIn.addPasskey(
        request.account,
        request.sessionId,
        request.body,
      );
      return ok(request, 'messages.signIn.passkeyAdded', { recoveryCodes });
    },
  });

  app.delete('/api/own-passkeys/:passkeyId', {
    schema: {
      operationId: 'removeOwnPasskey',
      summary: 'Remove a passkey',
      description: `404 signIn.PASSKEY_NOT_FOUND for another user's. 409 signIn.SECOND_FACTOR_REQUIRED when the organization requires a second factor and this is the last. ${ENDS_OTHERS}`,
      params: passkeyIdParams,
      response: { 200: messageResponse, ...errors(404, 409) },
    },
    handler: async (request) => {
      await ownSignIn.removePasskey(request.account, request.sessionId, request.params.passkeyId);
      return ok(request, 'messages.signIn.passkeyRemoved');
    },
  });

  app.post('/api/own-recovery-codes', {
    schema: {
      operationId: 'newOwnRecoveryCodes',
      summary: 'Ten new recovery codes; the old ones stop working',
      description: `Shown this once. 400 when the user has no second factor. ${ENDS_OTHERS}`,
      response: { 200: recoveryCodesResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.signIn.recoveryCodesCreated', {
        recoveryCodes: await ownSignIn.newRecoveryCodes(request.account, request.sessionId),
      }),
  });

  app.delete('/api/own-sessions/:sessionId', {
    schema: {
      operationId: 'endOwnSession',
      summary: 'End one of the own sign-ins',
      description:
        "Its token answers 401 from now on. 404 signIn.SESSION_NOT_FOUND for another user's.",
      params: sessionIdParams,
      response: { 200: messageResponse, ...errors(404) },
    },
    handler: async (request) => {
      await ownSignIn.endSession(request.account, request.params.sessionId);
      return ok(request, 'messages.signIn.sessionEnded');
    },
  });

  app.post('/api/own-sessions/end-others', {
    schema: {
      operationId: 'endOtherOwnSessions',
      summary: 'Sign out everywhere else',
      description: 'Every other sign-in of the user ends; this one goes on.',
      response: { 200: messageResponse },
    },
    handler: async (request) => {
      await ownSignIn.endOtherSessions(request.account, request.sessionId);
      return ok(request, 'messages.signIn.otherSessionsEnded');
    },
  });

  app.delete('/api/own-trusted-browsers/:trustedBrowserId', {
    schema: {
      operationId: 'removeOwnTrustedBrowser',
      summary: 'Stop trusting a browser',
      description:
        "Its next password sign-in asks for the second step again. 404 signIn.TRUSTED_BROWSER_NOT_FOUND for another user's.",
      params: trustedBrowserIdParams,
      response: { 200: messageResponse, ...errors(404) },
    },
    handler: async (request) => {
      await ownSignIn.removeTrustedBrowser(request.account, request.params.trustedBrowserId);
      return ok(request, 'messages.signIn.trustedBrowserRemoved');
    },
  });
});

/** An administrator's side: a user's lost device, the organization's sign-in rules. */
const admin = signedIn<Options>('sign-in', (app, { ownSignIn }) => {
  app.post('/api/users/:userId/second-factor-reset', {
    schema: {
      operationId: 'resetUserSecondFactor',
      summary: "Reset a user's second factor (lost device)",
      description:
        "Removes the user's authenticator app, passkeys, recovery codes and trusted browsers and ends all their sign-ins; the user gets a mail in their language. Ylläpitäjä with Hallinta of the user's organization, or Pääylläpitäjä; not for a user who outranks the caller (403). Another organization's user answers 404 USER_NOT_FOUND.",
      params: userIdParams,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await ownSignIn.resetSecondFactors(request.caller, request.params.userId);
      return ok(request, 'messages.signIn.secondFactorsReset');
    },
  });

  app.get('/api/organizations/:organizationId/sign-in', {
    schema: {
      operationId: 'getOrganizationSignIn',
      summary: "The organization's sign-in rules",
      description:
        'Ylläpitäjä with Hallinta of the organization, or Pääylläpitäjä. Another organization answers 404.',
      params: organizationIdParams,
      response: { 200: signInSettingsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.signIn.ownSignIn',
        await ownSignIn.signInSettings(request.caller, request.params.organizationId),
      ),
  });

  app.put('/api/organizations/:organizationId/sign-in', {
    schema: {
      operationId: 'setOrganizationSignIn',
      summary: "Set the organization's sign-in rules",
      description:
        'organizationTwoFactorRole: users of this role and above must have a second factor (those without are led to enrol at their next sign-in); null: nobody must. organizationPasskeySignIn: a passkey alone signs in. Audited.',
      params: organizationIdParams,
      body: signInSettingsBody,
      response: { 200: signInSettingsResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(
        request,
        'messages.signIn.settingsSaved',
        await ownSignIn.setSignInSettings(
          request.caller,
          request.params.organizationId,
          request.body,
        ),
      ),
  });
});

export const signInRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  await app.register(steps, options);
  await app.register(own, options);
  await app.register(admin, options);
};
