import { errorResponse, outboxQuery, outboxResponse, translate } from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailService } from './mail.service.js';

export const mailRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (app, { mail }) => {
  app.get(
    '/api/admin/outbox',
    {
      // onRequest, so an anonymous call is 401 before its query is validated.
      onRequest: app.authenticate,
      schema: {
        tags: ['mail'],
        operationId: 'listOutbox',
        summary:
          'Every mail the service has stored, newest first (Pääylläpitäjä with Hallinta only)',
        description:
          'Status: queued (waiting for an SMTP attempt), sent, failed (gave up after 10 attempts) or outbox (no SMTP_URL configured: kept here and in the log).',
        security: [{ bearerAuth: [] }],
        querystring: outboxQuery,
        response: {
          200: outboxResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.outboxOk'),
      ...(await mail.listOutbox(request.caller, request.query)),
    }),
  );
};
