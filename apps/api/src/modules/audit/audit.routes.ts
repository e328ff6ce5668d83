import { auditLogQuery, auditLogResponse } from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes = signedIn<{ audit: AuditService }>('admin', (app, { audit }) => {
  app.get('/api/audit-log', {
    schema: {
      operationId: 'listAuditLog',
      summary: 'Who changed what and when, newest first (Pääylläpitäjä with Hallinta only)',
      description:
        'Every create, update and delete of users, user-target links, targets and organizations, every role, state and password change, and every registration code created, sent or revoked. `organizationId` narrows to the records of one organization.',
      querystring: auditLogQuery,
      response: { 200: auditLogResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.auditLogOk', await audit.list(request.caller, request.query)),
  });
});
