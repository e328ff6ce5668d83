import { tietoDashboardQuery, tietoDashboardResponse } from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { TietoDashboardService } from './tieto-dashboard.service.js';

interface Options {
  tietoDashboard: TietoDashboardService;
}

/** The Tieto dashboard's data: one call for what spec 001 §7 lists as "Dashboard data". */
export const tietoDashboardRoutes = signedIn<Options>(
  'tieto-dashboard',
  (app, { tietoDashboard }) => {
    app.get('/api/tieto/dashboard', {
      schema: {
        operationId: 'getTietoDashboard',
        summary:
          "The organization's address and its counts of users, discussions, feedback and surveys; the same per target",
        description:
          "Every Tieto user (403 FORBIDDEN without Tieto). organizationId defaults to the caller's own; another one is for the top administrator (anyone else: 404 ORGANIZATION_NOT_FOUND). A Käyttäjä gets only the targets linked to them. Per target, users are the users linked to it and surveys those concerning it.",
        querystring: tietoDashboardQuery,
        response: { 200: tietoDashboardResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(
          request,
          'messages.tietoDashboard.dashboardOk',
          await tietoDashboard.get(request.caller, request.query.organizationId),
        ),
    });
  },
);
