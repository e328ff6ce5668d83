import {
  changePasswordBody,
  changePasswordResponse,
  errorResponse,
  forgotPasswordBody,
  messageResponse,
  registerUserBody,
  resetPasswordBody,
  translate,
  updateOwnDetailsBody,
  updateOwnDetailsResponse,
} from '@vahti/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from './account.service.js';

const origin = (request: FastifyRequest) => ({ ip: request.ip, language: request.language });

/** Self-registration, password reset by mail, own password and own details. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (
  app,
  { account },
) => {
  app.post(
    '/api/register-user',
    {
      schema: {
        tags: ['account'],
        operationId: 'registerUser',
        summary: 'Self-registration with a registration code',
        description:
          'The user joins the organization and the targets of the code, as Käyttäjä with the permissions of the code. Mail is written in the language of Accept-Language from then on. 400 REGISTRATION_CODE_INVALID / _EXPIRED / _REVOKED / _USED_UP (fields.userCode), 409 EMAIL_TAKEN (fields.userEmail), 429 after 10 attempts per IP address per hour.',
        body: registerUserBody,
        response: {
          201: messageResponse,
          400: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await account.register(request.body, origin(request));
      return reply
        .status(201)
        .send({ message: translate(request.language, 'messages.registerOk') });
    },
  );

  app.post(
    '/api/forgot-user-password',
    {
      schema: {
        tags: ['account'],
        operationId: 'forgotUserPassword',
        summary: 'Mail a password reset link',
        description:
          'Always answers 200 with the same text, whether or not the address is registered. A known active user gets a link to `PUBLIC_URL/#/login?code=…&isPasswordChange=true`, valid 60 minutes and once; a new request, a password change and an e-mail change invalidate older links. The link is written and mailed after the answer, so the answer takes as long for an unknown address. 429 after 5 requests per address or 20 per IP address per hour.',
        body: forgotPasswordBody,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await account.forgotPassword(request.body, origin(request));
      return { message: translate(request.language, 'messages.forgotPasswordOk') };
    },
  );

  app.post(
    '/api/change-user-forgot-password',
    {
      schema: {
        tags: ['account'],
        operationId: 'changeUserForgotPassword',
        summary: 'Set a new password with the code of a reset link',
        description:
          'Signs out every session of the user. 400 RESET_LINK_INVALID for an unknown, used, superseded or expired code, or when userEmail is given and is not the address of the link. 429 after 20 attempts per IP address per hour.',
        body: resetPasswordBody,
        response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await account.resetPassword(request.body, origin(request));
      return { message: translate(request.language, 'messages.resetPasswordOk') };
    },
  );

  app.patch(
    '/api/change-password',
    {
      // onRequest, so an anonymous call is 401 before its body is validated.
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: 'Change the own password',
        description:
          'Every other session is signed out and pending reset links stop working; the answer carries a fresh token for this one. 400 WRONG_PASSWORD (fields.userCurrentPassword) when the current password is wrong; after 10 wrong ones for the account from one IP address within 15 minutes, 429 TOO_MANY_REQUESTS for that address until the window ends.',
        security: [{ bearerAuth: [] }],
        body: changePasswordBody,
        response: {
          200: changePasswordResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const token = await account.changePassword(request.account, request.body, origin(request));
      return { message: translate(request.language, 'messages.changePasswordOk'), token };
    },
  );

  app.patch(
    '/api/users-own',
    {
      // onRequest, so an anonymous call is 401 before its body is validated.
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        operationId: 'updateOwnDetails',
        summary: 'Edit the own names, phone number and job title',
        description:
          'The e-mail cannot be changed here; unknown keys are ignored. An omitted optional field keeps its value, null or an empty text clears it. Answers with the user as GET /api/auth does.',
        security: [{ bearerAuth: [] }],
        body: updateOwnDetailsBody,
        response: { 200: updateOwnDetailsResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.ownDetailsOk'),
      user: await account.updateOwnDetails(request.account, request.body),
    }),
  );
};
