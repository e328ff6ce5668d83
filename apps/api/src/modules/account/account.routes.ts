import {
  changePasswordBody,
  changePasswordResponse,
  forgotPasswordBody,
  messageResponse,
  registerUserBody,
  resetPasswordBody,
  updateOwnDetailsBody,
  updateOwnDetailsResponse,
} from '@vahti/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, ok, publicRoutes, signedIn } from '../../plugins/route-groups.js';
import { signInOrigin } from '../sign-in/sign-in.routes.js';
import type { AccountService } from './account.service.js';

interface Options {
  account: AccountService;
}

const origin = (request: FastifyRequest) => ({ ip: request.ip, language: request.language });

/** Self-registration and password reset by mail. */
const anonymous = publicRoutes<Options>('account', (app, { account }) => {
  app.post('/api/register-user', {
    schema: {
      operationId: 'registerUser',
      summary: 'Self-registration with a registration code',
      description:
        'The user joins the organization and the targets of the code, as Käyttäjä with the permissions of the code. Mail is written in the language of Accept-Language from then on. 400 REGISTRATION_CODE_INVALID / _EXPIRED / _REVOKED / _USED_UP (fields.userCode), 409 EMAIL_TAKEN (fields.userEmail), 429 after 10 attempts per IP address per hour.',
      body: registerUserBody,
      response: { 201: messageResponse, ...errors(409, 429) },
    },
    handler: async (request, reply) => {
      await account.register(request.body, origin(request));
      return reply.status(201).send(ok(request, 'messages.registerOk'));
    },
  });

  app.post('/api/forgot-user-password', {
    schema: {
      operationId: 'forgotUserPassword',
      summary: 'Mail a password reset link',
      description:
        'Always answers 200 with the same text, whether or not the address is registered. A known active user gets a link to `PUBLIC_URL/#/login?code=…&isPasswordChange=true`, valid 60 minutes and once; a new request, a password change and an e-mail change invalidate older links. The answer takes as long for an unknown address: the same writes are made and rolled back. 429 after 5 requests per address or 20 per IP address per hour.',
      body: forgotPasswordBody,
      response: { 200: messageResponse, ...errors(429) },
    },
    handler: async (request) => {
      await account.forgotPassword(request.body, origin(request));
      return ok(request, 'messages.forgotPasswordOk');
    },
  });

  app.post('/api/change-user-forgot-password', {
    schema: {
      operationId: 'changeUserForgotPassword',
      summary: 'Set a new password with the code of a reset link',
      description:
        'Signs out every session of the user. 400 RESET_LINK_INVALID for an unknown, used, superseded or expired code, or when userEmail is given and is not the address of the link. 429 after 20 attempts per IP address per hour.',
      body: resetPasswordBody,
      response: { 200: messageResponse, ...errors(429) },
    },
    handler: async (request) => {
      await account.resetPassword(request.body, origin(request));
      return ok(request, 'messages.resetPasswordOk');
    },
  });
});

/** The own password and the own details. */
const own = signedIn<Options>('account', (app, { account }) => {
  app.patch('/api/change-password', {
    schema: {
      operationId: 'changePassword',
      summary: 'Change the own password',
      description:
        'Every other session is signed out and pending reset links stop working; the answer carries a fresh token for this one. 400 WRONG_PASSWORD (fields.userCurrentPassword) when the current password is wrong; after 10 wrong ones for the account from one IP address within 15 minutes, 429 TOO_MANY_REQUESTS for that address until the window ends.',
      body: changePasswordBody,
      response: { 200: changePasswordResponse, ...errors(429) },
    },
    handler: async (request) => {
      const token = await account.changePassword(
        request.account,
        request.body,
        signInOrigin(request),
      );
      return ok(request, 'messages.changePasswordOk', { token });
    },
  });

  app.patch('/api/users-own', {
    schema: {
      operationId: 'updateOwnDetails',
      summary: 'Edit the own names, phone number and job title',
      description:
        'The e-mail cannot be changed here; unknown keys are ignored. An omitted optional field keeps its value, null or an empty text clears it. Answers with the user as GET /api/auth does.',
      body: updateOwnDetailsBody,
      response: { 200: updateOwnDetailsResponse },
    },
    handler: async (request) => {
      const user = await account.updateOwnDetails(request.account, request.body);
      return ok(request, 'messages.ownDetailsOk', { user });
    },
  });
});

export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  await app.register(anonymous, options);
  await app.register(own, options);
};
