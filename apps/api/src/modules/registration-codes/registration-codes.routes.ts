import {
  createRegistrationCodeBody,
  createRegistrationCodeResponse,
  messageResponse,
  registrationCodeParams,
  registrationCodeResponse,
  registrationCodesQuery,
  registrationCodesResponse,
  sendRegistrationCodeBody,
} from '@vahti/domain';
import { translate } from '@vahti/domain/i18n/messages';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { RegistrationCodeAdminService } from './registration-code-admin.service.js';

const ADMIN =
  '403 FORBIDDEN without the admin area (Hallinta permission and a role above Käyttäjä).';

interface Options {
  registrationCodes: RegistrationCodeAdminService;
}

/** Hallinta: registration codes for self-registration (spec 000 §2, §6; the calls are ours). */
export const registrationCodesRoutes = signedIn<Options>('registration-codes', (app, options) => {
  const { registrationCodes } = options;

  app.post('/api/registration-codes', {
    schema: {
      operationId: 'createRegistrationCode',
      summary: 'Create a registration code for targets of one organization',
      description: `A user who registers with the code (POST /api/register-user) joins the organization and its targets as Käyttäjä with userPermissions ("1" when left out). The code's text is in this answer only: the server keeps its hash. Anyone but the top administrator creates for their own organization and may leave organizationId out; the top administrator must name it (400 fields.organizationId). The code expires after expiresInDays (30 by default); with maxUses it stops working after that many registrations (status usedUp). ${ADMIN} Also 403 when naming another organization than the own, and 403 FORBIDDEN with fields.userPermissions when userPermissions names an application the caller does not hold; 404 TARGET_NOT_FOUND for a target outside the organization or unknown; 404 ORGANIZATION_NOT_FOUND.`,
      body: createRegistrationCodeBody,
      response: { 201: createRegistrationCodeResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const created = await registrationCodes.create(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.registrationCodeCreated', created));
    },
  });

  app.get('/api/registration-codes', {
    schema: {
      operationId: 'listRegistrationCodes',
      summary: 'Registration codes, newest first, with their status (never their text)',
      description: `Anyone but the top administrator sees their own organization's codes; the top administrator every code, or one organization's with organizationId. The creator's e-mail shows only when the creator belongs to the caller's organization (or to the top administrator). ${ADMIN} 404 ORGANIZATION_NOT_FOUND for an unknown organization or another organization than the own.`,
      querystring: registrationCodesQuery,
      response: { 200: registrationCodesResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const list = await registrationCodes.list(request.caller, request.query.organizationId);
      return ok(request, 'messages.registrationCodesOk', list);
    },
  });

  app.post('/api/registration-codes/:id/revoke', {
    schema: {
      operationId: 'revokeRegistrationCode',
      summary: 'Stop a registration code from working',
      description: `Registration with the code then answers 400 REGISTRATION_CODE_REVOKED. Revoking again keeps the first revokedAt. ${ADMIN} 404 REGISTRATION_CODE_NOT_FOUND for a code of another organization or unknown.`,
      params: registrationCodeParams,
      response: { 200: registrationCodeResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const registrationCode = await registrationCodes.revoke(request.caller, request.params.id);
      return ok(request, 'messages.registrationCodeRevoked', { registrationCode });
    },
  });

  app.post('/api/registration-codes/:id/send', {
    schema: {
      operationId: 'sendRegistrationCode',
      summary: 'Mail a registration code with instructions',
      description: `One mail per distinct address (compared without case; at most 20 a call, else 400 with fields.recipients; at most 50 an hour per sender, else 429 TOO_MANY_REQUESTS and nothing is sent), in the caller's language (Accept-Language): a link to PUBLIC_URL/#/user-register?code=…, the code itself, the organization and the last day of validity. The body carries the code's text, which must be the text of this code (400 VALIDATION_FAILED, fields.code). 400 REGISTRATION_CODE_REVOKED / _EXPIRED / _USED_UP for a code that no longer works, REGISTRATION_CODE_INVALID when its organization is Passiivinen. ${ADMIN} 404 REGISTRATION_CODE_NOT_FOUND for a code of another organization or unknown.`,
      params: registrationCodeParams,
      body: sendRegistrationCodeBody,
      response: { 200: messageResponse, ...errors(403, 404, 429) },
    },
    handler: async (request) => {
      const { caller, params, body, language } = request;
      const count = await registrationCodes.send(caller, params.id, body, language);
      return { message: translate(language, 'messages.registrationCodeSent', { count }) };
    },
  });
});
