import {
  createTargetBody,
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
  updateTargetBody,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { TargetsService } from './targets.service.js';

const SCOPE =
  'The top administrator sees every target, a Pääkäyttäjä or Ylläpitäjä the targets of their organization, a Käyttäjä only the targets linked to them.';

interface Options {
  targets: TargetsService;
  devices: Pick<DevicesService, 'ofTargetIfAllowed'>;
}

/** Targets (kohteet), spec 000 §7. Reads are open to every signed-in user within their scope. */
export const targetsRoutes = signedIn<Options>('targets', (app, { targets, devices }) => {
  app.get('/api/targets', {
    schema: {
      operationId: 'listTargets',
      summary: 'Targets with their contact users and organization name, by name',
      description: SCOPE,
      response: { 200: targetsResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.targetsOk', { targets: await targets.list(request.caller) }),
  });

  app.get('/api/targets/names', {
    schema: {
      operationId: 'listTargetNames',
      summary: 'Id and name of every target the caller may see, by name',
      description: SCOPE,
      response: { 200: targetNamesResponse },
    },
    handler: async (request) =>
      ok(request, 'messages.targetsOk', { targets: await targets.listNames(request.caller) }),
  });

  app.get('/api/targets/:id', {
    schema: {
      operationId: 'getTargetWithDevices',
      summary: 'A target with its devices',
      description: `${SCOPE} Devices: the target's devices the caller sees (empty without the Vainu permission). 404 TARGET_NOT_FOUND for a target outside the scope or unknown.`,
      params: targetParams,
      response: { 200: targetWithDevicesResponse, ...errors(404) },
    },
    handler: async (request) => {
      const target = await targets.get(request.caller, request.params.id);
      const Devices = await devices.ofTargetIfAllowed(request.caller, target.targetId);
      return ok(request, 'messages.targetOk', { target: { ...target, Devices } });
    },
  });

  app.get('/api/target-by-id', {
    schema: {
      operationId: 'getTarget',
      summary: 'One target',
      description: `${SCOPE} 404 TARGET_NOT_FOUND for a target outside the scope or unknown.`,
      querystring: targetByIdQuery,
      response: { 200: targetResponse, ...errors(404) },
    },
    handler: async (request) => {
      const target = await targets.get(request.caller, request.query.targetId);
      return ok(request, 'messages.targetOk', { target });
    },
  });

  app.get('/api/targets-by-id', {
    schema: {
      operationId: 'listTargetsById',
      summary: 'Several targets at once (targetId=a,b,c), by name',
      description: `${SCOPE} 404 TARGET_NOT_FOUND when any of the ids is outside the scope or unknown.`,
      querystring: targetsByIdQuery,
      response: { 200: targetsResponse, ...errors(404) },
    },
    handler: async (request) => {
      const found = await targets.getMany(request.caller, request.query.targetId);
      return ok(request, 'messages.targetsOk', { targets: found });
    },
  });

  app.get('/api/organization-targets', {
    schema: {
      operationId: 'listOrganizationTargets',
      summary: 'The targets of an organization, by name',
      description:
        'Any administrator may ask about their own organization, the top administrator about any. 403 FORBIDDEN without the admin area (Hallinta permission and a role above Käyttäjä); 404 ORGANIZATION_NOT_FOUND for an unknown organization or another organization than the own.',
      querystring: organizationTargetsQuery,
      response: { 200: targetsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const { targetOrganizationId } = request.query;
      const found = await targets.listOfOrganization(request.caller, targetOrganizationId);
      return ok(request, 'messages.targetsOk', { targets: found });
    },
  });

  app.post('/api/target', {
    schema: {
      operationId: 'createTarget',
      summary: 'Create a target with its contact users',
      description:
        'Anyone but the top administrator creates in their own organization and may leave targetOrganizationId out; the top administrator must name it (400 fields.targetOrganizationId). Every contact user must be a user of the organization. 400 VALIDATION_FAILED with `fields`; 403 FORBIDDEN without the admin area or when naming another organization than the own; 404 USER_NOT_FOUND for a contact user outside the organization or unknown; 404 ORGANIZATION_NOT_FOUND for an unknown organization.',
      body: createTargetBody,
      response: { 201: targetResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const target = await targets.create(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.targetCreated', { target }));
    },
  });

  app.patch('/api/target', {
    schema: {
      operationId: 'updateTarget',
      summary: 'Save a target and replace its contact users',
      description:
        'The target named by targetId. An omitted targetOrganizationId keeps the organization; moving to another one is for the top administrator only and unlinks the users of the former organization. An omitted information or description keeps its value; null or an empty text clears it. 400 VALIDATION_FAILED with `fields`; 403 FORBIDDEN without the admin area or when moving the target; 404 TARGET_NOT_FOUND, USER_NOT_FOUND (a contact user outside the organization) or ORGANIZATION_NOT_FOUND.',
      body: updateTargetBody,
      response: { 200: targetResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const target = await targets.update(request.caller, request.body);
      return ok(request, 'messages.targetUpdated', { target });
    },
  });

  app.patch('/api/target-contact-user-data-remove', {
    schema: {
      operationId: 'removeTargetContactUsers',
      summary: 'Remove every contact user of a target',
      description:
        '403 FORBIDDEN without the admin area; 404 TARGET_NOT_FOUND for a target of another organization or unknown.',
      body: targetContactUserDataRemoveBody,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await targets.removeContactUsers(request.caller, request.body.targetId);
      return ok(request, 'messages.contactUsersRemoved');
    },
  });
});
