import {
  errorResponse,
  translate,
  userRoleCountsQuery,
  userRoleCountsResponse,
} from '@vahti/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard.service.js';

/** Hallinta: the dashboard's doughnut charts (spec 000 §2). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/api/user-role-counts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dashboard'],
        operationId: 'getUserRoleCounts',
        summary: 'User counts by role in an organization and per target',
        description:
          "Every role is present (0 when none); every user counts, Passiivinen ones too. A target counts the users linked to it; targets by name. organizationId left out: the caller's own. 404 ORGANIZATION_NOT_FOUND for an unknown organization, or another than the own one for anyone but Pääylläpitäjä. 403 FORBIDDEN without the Hallinta permission or with the role Käyttäjä.",
        security: [{ bearerAuth: [] }],
        querystring: userRoleCountsQuery,
        response: {
          200: userRoleCountsResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => ({
      message: translate(request.language, 'messages.userRoleCountsOk'),
      ...(await dashboard.userRoleCounts(request.caller, request.query.organizationId)),
    }),
  );
};
