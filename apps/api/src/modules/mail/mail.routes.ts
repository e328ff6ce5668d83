import { outboxQuery, outboxResponse } from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { MailService } from './mail.service.js';

export const mailRoutes = signedIn<{ mail: MailService }>('mail', (app, { mail }) => {
  app.get('/api/admin/outbox', {
    schema: {
      operationId: 'listOutbox',
      summary: 'Every mail the service has stored, newest first (Pääylläpitäjä with Hallinta only)',
      description:
        'Status: queued (waiting for an SMTP attempt), sent, failed (gave up after 10 attempts) or outbox (no SMTP_URL configured: kept only here; the log says that a mail was kept, never what it says).',
      querystring: outboxQuery,
      response: { 200: outboxResponse, ...errors(403) },
    },
    handler: async (request) =>
      ok(request, 'messages.outboxOk', await mail.listOutbox(request.caller, request.query)),
  });
});
