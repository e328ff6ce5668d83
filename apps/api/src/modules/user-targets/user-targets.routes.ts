import {
  addUserTargetsBody,
  deleteUserTargetBody,
  messageResponse,
  updateUserTargetsBody,
  userByTargetsQuery,
  userByUserTargetsQuery,
  userSummariesResponse,
  userTargetsQuery,
  userTargetsResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { UserTargetsService } from './user-targets.service.js';

const ADMIN_ONLY =
  '403 FORBIDDEN without the Hallinta permission or with the role Käyttäjä. Pääylläpitäjä sees every organization; everyone else only the own one.';
const MANAGE =
  "403 FORBIDDEN when the user's role is above what the caller may manage. 404 USER_NOT_FOUND for an unknown user or one of another organization.";

interface Options {
  userTargets: UserTargetsService;
}

/** Hallinta: which targets each user is linked to (spec 000 §7). */
export const userTargetsRoutes = signedIn<Options>('user-targets', (app, { userTargets }) => {
  app.get('/api/user-targets', {
    schema: {
      operationId: 'listUserTargets',
      summary: "The user's target links, by target name",
      description: `404 USER_NOT_FOUND for an unknown user or one of another organization. ${ADMIN_ONLY}`,
      querystring: userTargetsQuery,
      response: { 200: userTargetsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const targets = await userTargets.list(request.caller, request.query.userId);
      return ok(request, 'messages.userTargetsOk', { targets });
    },
  });

  app.post('/api/user-targets', {
    schema: {
      operationId: 'addUserTargets',
      summary: 'Links the user to targets; existing links are kept',
      description: `Answers with every link of the user after the change. organization may be left out; naming another organization than the own answers 403 FORBIDDEN (except for Pääylläpitäjä), and one other than the user's 400 VALIDATION_FAILED (fields.organization). 404 TARGET_NOT_FOUND when a target is not one of the user's organization. ${MANAGE} ${ADMIN_ONLY}`,
      body: addUserTargetsBody,
      response: { 201: userTargetsResponse, ...errors(403, 404) },
    },
    handler: async (request, reply) => {
      const targets = await userTargets.add(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.userTargetsAdded', { targets }));
    },
  });

  app.patch('/api/user-targets', {
    schema: {
      operationId: 'updateUserTargets',
      summary: "The user's links become exactly these targets",
      description: `An empty targetId list removes every link. Answers with every link of the user after the change. 404 TARGET_NOT_FOUND when a target is not one of the user's organization. ${MANAGE} ${ADMIN_ONLY}`,
      body: updateUserTargetsBody,
      response: { 200: userTargetsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const targets = await userTargets.replace(request.caller, request.body);
      return ok(request, 'messages.userTargetsUpdated', { targets });
    },
  });

  app.delete('/api/user-targets', {
    schema: {
      operationId: 'removeUserTarget',
      summary: 'Removes one link, by the link id',
      description: `404 USER_TARGET_NOT_FOUND for an unknown link or one of another organization. 403 FORBIDDEN when the linked user's role is above what the caller may manage. ${ADMIN_ONLY}`,
      body: deleteUserTargetBody,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await userTargets.remove(request.caller, request.body.id);
      return ok(request, 'messages.userTargetRemoved');
    },
  });

  app.get('/api/user-by-targets', {
    schema: {
      operationId: 'listUsersOfTarget',
      summary: 'The users linked to a target, by last name and first name',
      description: `404 TARGET_NOT_FOUND for an unknown target or one of another organization. ${ADMIN_ONLY}`,
      querystring: userByTargetsQuery,
      response: { 200: userSummariesResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const users = await userTargets.usersOfTarget(request.caller, request.query.targetId);
      return ok(request, 'messages.usersOk', { users });
    },
  });

  app.get('/api/user-by-user-targets', {
    schema: {
      operationId: 'listUsersSharingTargets',
      summary: 'The users who share at least one target with the user',
      description: `userId left out: the caller. The user is not in the list. 404 USER_NOT_FOUND for an unknown user or one of another organization. ${ADMIN_ONLY}`,
      querystring: userByUserTargetsQuery,
      response: { 200: userSummariesResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const users = await userTargets.usersSharingTargets(request.caller, request.query.userId);
      return ok(request, 'messages.usersOk', { users });
    },
  });
});
