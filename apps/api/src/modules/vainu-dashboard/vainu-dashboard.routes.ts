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
          "Every Vainu user (403 FORBIDDEN without Vainu). organizationId defaults to the caller's own; another one is for the top administrator (anyone else: 404 ORGANIZATION_NOT_FOUND). A Käyttäjä gets only the devices of targets linked to them. A device is in alarm when it has an open alarm (it is in GET /api/organization-alarms). counts: devices, inAlarm, and neverReported (Aktiivinen, no reading ever, not in alarm); Kunnossa is the rest. lastSeenAt is the measurement time of the newest stored reading, lastReceivedAt when it arrived. connection is the one definition the offline alarm sweep shares: silent when the device type's offline limit (deviceTypeOfflineAfterMinutes; none: never silent) has passed since lastSeenAt (so old readings arriving late leave it silent, and the sweep keeps its 'Ei yhteyttä' alarm open), neverReported without any reading, passive when Passiivinen, else reporting. latest: each measurement's newest value (of the last 31 days) with its limits, limitState and indoorClass, as GET /api/devices/{deviceId}.",
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
