import {
  changeUserPasswordBody,
  createUserBody,
  messageResponse,
  organizationUsersQuery,
  updateUserBody,
  userQuery,
  userResponse,
  usersResponse,
} from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { UsersService } from './users.service.js';

const ADMIN_ONLY =
  '403 FORBIDDEN without the Hallinta permission or with the role Käyttäjä. Pääylläpitäjä sees every organization; everyone else only the own one.';

interface Options {
  users: UsersService;
}

/** Hallinta: users (spec 000 §7) and the admin password change. */
export const usersRoutes = signedIn<Options>('users', (app, { users }) => {
  app.post('/api/register', {
    schema: {
      operationId: 'createUser',
      summary: 'An administrator creates a user',
      description: `userPermissions is a comma string of application ids ("1,2,4"). userOrganization: left out, the caller's own; Pääylläpitäjä must name one (400 VALIDATION_FAILED fields.userOrganization). 403 FORBIDDEN when a non-top administrator names another organization or when the role is above what the caller may assign (only Pääylläpitäjä assigns Pääylläpitäjä; nobody assigns a role above their own). 404 ORGANIZATION_NOT_FOUND for an unknown organization. 409 EMAIL_TAKEN (fields.userEmail) when a user the caller can see has the address, in any letter case; 409 EMAIL_UNAVAILABLE (fields.userEmail) when a user of another organization has it (which one is not said; the attempt is written to the audit log). ${ADMIN_ONLY}`,
      body: createUserBody,
      response: { 201: userResponse, ...errors(403, 404, 409) },
    },
    handler: async (request, reply) => {
      const user = await users.create(request.caller, request.body);
      return reply.status(201).send(ok(request, 'messages.userCreated', { user }));
    },
  });

  app.get('/api/users', {
    schema: {
      operationId: 'listUsers',
      summary: 'Users the caller administers, by last name and first name',
      description: ADMIN_ONLY,
      response: { 200: usersResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.usersOk', { users: await users.list(request.caller) }),
  });

  app.get('/api/organization-users', {
    schema: {
      operationId: 'listOrganizationUsers',
      summary: 'Users of one organization, by last name and first name',
      description: `404 ORGANIZATION_NOT_FOUND for an unknown organization, or another than the own one for anyone but Pääylläpitäjä. ${ADMIN_ONLY}`,
      querystring: organizationUsersQuery,
      response: { 200: usersResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const found = await users.listOfOrganization(request.caller, request.query.organizationId);
      return ok(request, 'messages.usersOk', { users: found });
    },
  });

  app.get('/api/user', {
    schema: {
      operationId: 'getUser',
      summary: 'One user, by uuid',
      description: `404 USER_NOT_FOUND for an unknown user or one of another organization. ${ADMIN_ONLY}`,
      querystring: userQuery,
      response: { 200: userResponse, ...errors(403, 404) },
    },
    handler: async (request) =>
      ok(request, 'messages.userOk', { user: await users.get(request.caller, request.query.uuid) }),
  });

  app.patch('/api/users', {
    schema: {
      operationId: 'updateUser',
      summary: 'An administrator edits a user, named by uuid',
      description: `Every field of the form is sent; userInformation and userDescription left out keep their value. Changing the role, state, permissions or organization signs the user out everywhere; moving the user to another organization (Pääylläpitäjä only) drops their links to the old organization's targets. 400 OWN_ACCOUNT_LOCKED (the fields named) when the caller changes their own role, state, organization, permissions or e-mail. 403 FORBIDDEN when the user's role is above what the caller may manage, the new role above what the caller may assign, or a non-top administrator names another organization. 404 USER_NOT_FOUND, 404 ORGANIZATION_NOT_FOUND, 409 EMAIL_TAKEN or EMAIL_UNAVAILABLE (fields.userEmail) as on create. Pending password reset links of the user stop working when the e-mail changes. ${ADMIN_ONLY}`,
      body: updateUserBody,
      response: { 200: userResponse, ...errors(403, 404, 409) },
    },
    handler: async (request) =>
      ok(request, 'messages.userUpdated', {
        user: await users.update(request.caller, request.body),
      }),
  });

  app.post('/api/change-user-password', {
    schema: {
      operationId: 'changeUserPassword',
      summary: "An administrator sets another user's password, by e-mail",
      description: `The user is signed out everywhere and pending reset links stop working. 404 USER_NOT_FOUND for an address not in the caller's organization (any letter case matches). 403 FORBIDDEN when the user's role is above what the caller may manage. ${ADMIN_ONLY}`,
      body: changeUserPasswordBody,
      response: { 200: messageResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      await users.changePassword(request.caller, request.body);
      return ok(request, 'messages.userPasswordChanged');
    },
  });
});
