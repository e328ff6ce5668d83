import {
  createTargetBody,
  errorResponse,
  messageResponse,
  organizationTargetsQuery,
  targetByIdQuery,
  targetContactUserDataRemoveBody,
  targetNamesResponse,
  targetParams,
  targetResponse,
  targetsByIdQuery,
  targetsResponse,
  targetWithDevicesResponse,
  translate,
  updateTargetBody,
} from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TargetsService } from './targets.service.js';

const SCOPE =
  'The top administrator sees every target, a Pääkäyttäjä or Ylläpitäjä the targets of their organization, a Käyttäjä only the targets linked to them.';

/** Targets (kohteet), spec 000 §7. Reads are open to every signed-in user within their scope. */
export const targetsRoutes: FastifyPluginAsyncZod<{ targets: TargetsService }> = async (
  app,
  { targets },
) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/targets',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'listTargets',
        summary: 'Targets with their contact users and organization name, by name',
        description: SCOPE,
        security,
        response: { 200: targetsResponse, 401: errorResponse },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetsOk'),
      targets: await targets.list(request.caller),
    }),
  );

  app.get(
    '/api/targets/names',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'listTargetNames',
        summary: 'Id and name of every target the caller may see, by name',
        description: SCOPE,
        security,
        response: { 200: targetNamesResponse, 401: errorResponse },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetsOk'),
      targets: await targets.listNames(request.caller),
    }),
  );

  app.get(
    '/api/targets/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'getTargetWithDevices',
        summary: 'A target with its devices',
        description: `${SCOPE} Devices is an empty list until the device register (Vainu) arrives. 404 TARGET_NOT_FOUND for a target outside the scope or unknown.`,
        security,
        params: targetParams,
        response: {
          200: targetWithDevicesResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetOk'),
      target: { ...(await targets.get(request.caller, request.params.id)), Devices: [] },
    }),
  );

  app.get(
    '/api/target-by-id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'getTarget',
        summary: 'One target',
        description: `${SCOPE} 404 TARGET_NOT_FOUND for a target outside the scope or unknown.`,
        security,
        querystring: targetByIdQuery,
        response: {
          200: targetResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetOk'),
      target: await targets.get(request.caller, request.query.targetId),
    }),
  );

  app.get(
    '/api/targets-by-id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'listTargetsById',
        summary: 'Several targets at once (targetId=a,b,c), by name',
        description: `${SCOPE} 404 TARGET_NOT_FOUND when any of the ids is outside the scope or unknown.`,
        security,
        querystring: targetsByIdQuery,
        response: {
          200: targetsResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetsOk'),
      targets: await targets.getMany(request.caller, request.query.targetId),
    }),
  );

  app.get(
    '/api/organization-targets',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'listOrganizationTargets',
        summary: 'The targets of an organization, by name',
        description:
          'Any administrator may ask about their own organization, the top administrator about any. 403 FORBIDDEN without the admin area (Hallinta permission and a role above Käyttäjä); 404 ORGANIZATION_NOT_FOUND for an unknown organization or another organization than the own.',
        security,
        querystring: organizationTargetsQuery,
        response: {
          200: targetsResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetsOk'),
      targets: await targets.listOfOrganization(request.caller, request.query.targetOrganizationId),
    }),
  );

  app.post(
    '/api/target',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'createTarget',
        summary: 'Create a target with its contact users',
        description:
          'Anyone but the top administrator creates in their own organization and may leave targetOrganizationId out; the top administrator must name it (400 fields.targetOrganizationId). Every contact user must be a user of the organization. 400 VALIDATION_FAILED with `fields`; 403 FORBIDDEN without the admin area or when naming another organization than the own; 404 USER_NOT_FOUND for a contact user outside the organization or unknown; 404 ORGANIZATION_NOT_FOUND for an unknown organization.',
        security,
        body: createTargetBody,
        response: {
          201: targetResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const target = await targets.create(request.caller, request.body);
      return reply
        .status(201)
        .send({ message: translate(request.language, 'messages.targetCreated'), target });
    },
  );

  app.patch(
    '/api/target',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'updateTarget',
        summary: 'Save a target and replace its contact users',
        description:
          'The target named by targetId. An omitted targetOrganizationId keeps the organization; moving to another one is for the top administrator only and unlinks the users of the former organization. An omitted information or description keeps its value; null or an empty text clears it. 400 VALIDATION_FAILED with `fields`; 403 FORBIDDEN without the admin area or when moving the target; 404 TARGET_NOT_FOUND, USER_NOT_FOUND (a contact user outside the organization) or ORGANIZATION_NOT_FOUND.',
        security,
        body: updateTargetBody,
        response: {
          200: targetResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.targetUpdated'),
      target: await targets.update(request.caller, request.body),
    }),
  );

  app.patch(
    '/api/target-contact-user-data-remove',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['targets'],
        operationId: 'removeTargetContactUsers',
        summary: 'Remove every contact user of a target',
        description:
          '403 FORBIDDEN without the admin area; 404 TARGET_NOT_FOUND for a target of another organization or unknown.',
        security,
        body: targetContactUserDataRemoveBody,
        response: {
          200: messageResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      await targets.removeContactUsers(request.caller, request.body.targetId);
      return { message: translate(request.language, 'messages.contactUsersRemoved') };
    },
  );
};
