import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import type { Container } from './container.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { alarmsRoutes } from './modules/alarms/alarms.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { deviceImportRoutes } from './modules/device-import/device-import.routes.js';
import { deviceLabelsRoutes } from './modules/device-labels/device-labels.routes.js';
import { deviceNetworkRoutes } from './modules/device-network/device-network.routes.js';
import { deviceTypesRoutes } from './modules/device-types/device-types.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { discussionsRoutes } from './modules/discussions/discussions.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import { ingestKeysRoutes } from './modules/ingest/ingest-keys.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { materialbankRoutes } from './modules/materialbank/materialbank.routes.js';
import { measurementsRoutes } from './modules/measurements/measurements.routes.js';
import { newDevicesRoutes } from './modules/new-devices/new-devices.routes.js';
import {
  notificationsRoutes,
  unsubscribeRoutes,
} from './modules/notifications/notifications.routes.js';
import { organizationLogoRoutes } from './modules/organizations/organization-logo.routes.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { registrationCodesRoutes } from './modules/registration-codes/registration-codes.routes.js';
import { reportSchedulesRoutes } from './modules/report-schedules/report-schedules.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { sensorDataRoutes } from './modules/sensor-data/index.js';
import { signInRoutes } from './modules/sign-in/sign-in.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { surveysRoutes } from './modules/surveys/surveys.routes.js';
import { targetsRoutes } from './modules/targets/targets.routes.js';
import { tietoDashboardRoutes } from './modules/tieto-dashboard/tieto-dashboard.routes.js';
import { userDevicesRoutes } from './modules/user-devices/user-devices.routes.js';
import { userTargetsRoutes } from './modules/user-targets/user-targets.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { vainuDashboardRoutes } from './modules/vainu-dashboard/vainu-dashboard.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';

/** A routes plugin and the options it is registered with. */
export interface RouteGroup {
  plugin: FastifyPluginAsyncZod<never>;
  options: object;
}

/** Pairs a routes plugin with its options, checked against what the plugin takes. */
const group = <Options extends object>(
  plugin: FastifyPluginAsyncZod<Options>,
  options: Options,
): RouteGroup => ({ plugin: plugin as FastifyPluginAsyncZod<never>, options });

/**
 * Every route group of the API in registration order (the order of the OpenAPI document), each
 * with what it needs from the container.
 */
export function routeGroups({
  config,
  database,
  container: { services },
}: {
  config: Config;
  database: Database;
  container: Container;
}): RouteGroup[] {
  return [
    group(healthRoutes, { database, mqtt: services.mqtt, journal: services.journal }),
    group(authRoutes, { auth: services.auth }),
    group(accountRoutes, { account: services.account }),
    group(signInRoutes, { signIn: services.signIn, ownSignIn: services.ownSignIn }),
    group(mailRoutes, { mail: services.mail }),
    group(pushRoutes, { push: services.push }),
    group(auditRoutes, { audit: services.audit }),
    group(organizationsRoutes, { organizations: services.organizations }),
    group(organizationLogoRoutes, { logos: services.organizationLogos }),
    group(ssoRoutes, {
      sso: services.sso,
      ssoSignIn: services.ssoSignIn,
      secureCookies: config.publicUrl.startsWith('https:'),
    }),
    group(targetsRoutes, { targets: services.targets, devices: services.devices }),
    group(registrationCodesRoutes, { registrationCodes: services.registrationCodeAdmin }),
    group(usersRoutes, { users: services.users }),
    group(userTargetsRoutes, { userTargets: services.userTargets }),
    group(dashboardRoutes, { dashboard: services.dashboard }),
    group(deviceNetworkRoutes, { deviceNetwork: services.deviceNetwork }),
    group(eventsRoutes, {
      events: services.events,
      heartbeatMs: Math.min(25_000, config.connectionTimeoutMs / 2),
    }),
    group(discussionsRoutes, { discussions: services.discussions }),
    group(materialbankRoutes, {
      materialbank: services.materialbank,
      maxFileBytes: config.materialbankMaxFileBytes,
    }),
    group(surveysRoutes, { surveys: services.surveys, surveyResults: services.surveyResults }),
    group(feedbackRoutes, { feedback: services.feedback }),
    group(tietoDashboardRoutes, { tietoDashboard: services.tietoDashboard }),
    group(measurementsRoutes, { measurements: services.measurements }),
    group(deviceTypesRoutes, { deviceTypes: services.deviceTypes }),
    group(deviceLabelsRoutes, { deviceLabels: services.deviceLabels }),
    group(devicesRoutes, { devices: services.devices }),
    group(deviceImportRoutes, { deviceImport: services.deviceImport }),
    group(userDevicesRoutes, { userDevices: services.userDevices }),
    group(alarmsRoutes, { alarms: services.alarms, alarmNotice: services.alarmNotice }),
    group(notificationsRoutes, { notifications: services.notifications }),
    group(unsubscribeRoutes, { notifications: services.notifications }),
    group(ingestKeysRoutes, { ingestKeys: services.ingestKeys }),
    group(ingestRoutes, { ingest: services.ingest }),
    group(newDevicesRoutes, { newDevices: services.newDevices }),
    group(vainuDashboardRoutes, { vainuDashboard: services.vainuDashboard }),
    group(sensorDataRoutes, { sensorData: services.sensorData }),
    group(reportsRoutes, { reports: services.reports }),
    group(exportsRoutes, { exports: services.exports }),
    group(reportSchedulesRoutes, { reportSchedules: services.reportSchedules }),
    group(webhooksRoutes, { webhooks: services.webhooks }),
  ];
}
