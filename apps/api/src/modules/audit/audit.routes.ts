import { auditLogQuery, auditLogResponse, errorResponse, translate } from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './audit.service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (
  app,
  { audit },
) => {
  app.get(
    '/api/audit-log',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['admin'],
        operationId: 'listAuditLog',
        summary: 'Who changed what and when, newest first (Pääylläpitäjä with Hallinta only)',
        description:
          'Every create, update and delete of users, user-target links, targets and organizations, every role, state and password change, and every registration code created, sent or revoked. `organizationId` narrows to the records of one organization.',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuery,
        response: {
          200: auditLogResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.auditLogOk'),
      ...(await audit.list(request.caller, request.query)),
    }),
  );
};
