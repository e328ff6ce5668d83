import { vainuDashboardQuery, vainuDashboardResponse } from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { VainuDashboardService } from './vainu-dashboard.service.js';

interface Options {
  vainuDashboard: VainuDashboardService;
}

/** The Vainu device dashboard's data (spec 001 §2 Vainu 1) in one call. */
export const vainuDashboardRoutes = signedIn<Options>(
  'vainu-dashboard',
  (app, { vainuDashboard }) => {
    app.get('/api/vainu/dashboard', {
      schema: {
        operationId: 'getVainuDashboard',
        summary:
          "The organization's address and its devices ok versus in alarm, the same per target that has devices, and each device's last uplink",
        description:
          "Every Vainu user (403 FORBIDDEN without Vainu). organizationId defaults to the caller's own; another one is for the top administrator (anyone else: 404 ORGANIZATION_NOT_FOUND). A Käyttäjä gets only the devices of targets linked to them. A device is in alarm when it has an open alarm (it is in GET /api/organization-alarms). lastSeenAt is the measurement time of the newest stored uplink, lastReceivedAt when it arrived; an Aktiivinen device is offline when that is longer ago than its device type's offline limit (deviceTypeOfflineAfterMinutes, the one its 'Ei yhteyttä' alarm opens at), or than DEVICE_OFFLINE_AFTER_MINUTES (offlineAfterMinutes) for a type without one, or it never sent one.",
        querystring: vainuDashboardQuery,
        response: { 200: vainuDashboardResponse, ...errors(403, 404) },
      },
      handler: async (request) =>
        ok(
          request,
          'messages.vainuDashboard.dashboardOk',
          await vainuDashboard.get(request.caller, request.query.organizationId),
        ),
    });
  },
);
