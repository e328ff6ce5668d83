import { userRoleCountsQuery, userRoleCountsResponse } from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DashboardService } from './dashboard.service.js';

interface Options {
  dashboard: DashboardService;
}

/** Hallinta: the dashboard's doughnut charts (spec 000 §2). */
export const dashboardRoutes = signedIn<Options>('dashboard', (app, { dashboard }) => {
  app.get('/api/user-role-counts', {
    schema: {
      operationId: 'getUserRoleCounts',
      summary: 'User counts by role in an organization and per target',
      description:
        "Every role is present (0 when none); every user counts, Passiivinen ones too. A target counts the users linked to it; targets by name. organizationId left out: the caller's own. 404 ORGANIZATION_NOT_FOUND for an unknown organization, or another than the own one for anyone but Pääylläpitäjä. 403 FORBIDDEN without the Hallinta permission or with the role Käyttäjä.",
      querystring: userRoleCountsQuery,
      response: { 200: userRoleCountsResponse, ...errors(403, 404) },
    },
    handler: async (request) => {
      const counts = await dashboard.userRoleCounts(request.caller, request.query.organizationId);
      return ok(request, 'messages.userRoleCountsOk', counts);
    },
  });
});
