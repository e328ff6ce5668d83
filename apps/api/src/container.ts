import type { Agent } from 'node:https';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/index.js';
import type { Database } from './db/client.js';
import { createMeasurementPartitions } from './db/partitions.js';
import { withTransactions } from './db/transactions.js';
import { backgroundJobs } from './jobs.js';
import { createDeviceTokens } from './lib/device-tokens.js';
import { createLifecycle } from './lib/lifecycle.js';
import { createMetrics } from './lib/metrics.js';
import { createSecretBox } from './lib/secret-box.js';
import { createTokenService } from './lib/session-tokens.js';
import { createFileStorage } from './lib/storage/create-storage.js';
import { createResetLinksRepository } from './modules/account/account.repository.js';
import { createAccountService } from './modules/account/account.service.js';
import { createAlarmNoticeService } from './modules/alarms/alarm-notice.service.js';
import { createAlarmsRepository } from './modules/alarms/alarms.repository.js';
import { createAlarmsService } from './modules/alarms/alarms.service.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAccountsRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createDeviceImportRepository } from './modules/device-import/device-import.repository.js';
import { createDeviceImportService } from './modules/device-import/device-import.service.js';
import { createDeviceLabelsService } from './modules/device-labels/device-labels.service.js';
import { createDeviceNetworkClient } from './modules/device-network/device-network.client.js';
import { createDeviceNetworkService } from './modules/device-network/device-network.service.js';
import { createDeviceTypesRepository } from './modules/device-types/device-types.repository.js';
import { createDeviceTypesService } from './modules/device-types/device-types.service.js';
import { createDevicesRepository } from './modules/devices/devices.repository.js';
import { createDevicesService } from './modules/devices/devices.service.js';
import { createDiscussionsRepository } from './modules/discussions/discussions.repository.js';
import { createDiscussionsService } from './modules/discussions/discussions.service.js';
import { createInProcessEventBus, type EventBus } from './modules/events/event-bus.js';
import { createEventsService } from './modules/events/events.service.js';
import { createPostgresEventBus } from './modules/events/postgres-event-bus.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { createFeedbackRepository } from './modules/feedback/feedback.repository.js';
import { createFeedbackService } from './modules/feedback/feedback.service.js';
import { lazyScriptCodecs } from './modules/ingest/codecs/javascript.js';
import { createIngestRepository } from './modules/ingest/ingest.repository.js';
import { createIngestService } from './modules/ingest/ingest.service.js';
import { createIngestKeysRepository } from './modules/ingest/ingest-keys.repository.js';
import { createIngestKeysService } from './modules/ingest/ingest-keys.service.js';
import { createIntakeJournal } from './modules/ingest/journal.js';
import { createMqttSubscriber } from './modules/ingest/mqtt-subscriber.js';
import { createMailRepository } from './modules/mail/mail.repository.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createMailer } from './modules/mail/mailer.js';
import { createMaterialbankRepository } from './modules/materialbank/materialbank.repository.js';
import { createMaterialbankService } from './modules/materialbank/materialbank.service.js';
import { createPreviewQueue } from './modules/materialbank/preview-queue.js';
import {
  createPreviewRenderer,
  defaultPreviewLimits,
} from './modules/materialbank/preview-renderer.js';
import { createMeasurementsRepository } from './modules/measurements/measurements.repository.js';
import { createMeasurementsService } from './modules/measurements/measurements.service.js';
import { createNewDevicesRepository } from './modules/new-devices/new-devices.repository.js';
import { createNewDevicesService } from './modules/new-devices/new-devices.service.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createUnsubscribeTokens } from './modules/notifications/unsubscribe-tokens.js';
import { createOrganizationLogosService } from './modules/organizations/organization-logos.service.js';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';
import { createPushRepository } from './modules/push/push.repository.js';
import { createPushService } from './modules/push/push.service.js';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository.js';
import { createRateLimitService } from './modules/rate-limits/rate-limits.service.js';
import { createRegistrationCodeAdminService } from './modules/registration-codes/registration-code-admin.service.js';
import { createRegistrationCodesRepository } from './modules/registration-codes/registration-codes.repository.js';
import { createRegistrationCodesService } from './modules/registration-codes/registration-codes.service.js';
import { createReportRunner } from './modules/report-schedules/report-runner.js';
import { createReportSchedulesRepository } from './modules/report-schedules/report-schedules.repository.js';
import { createReportSchedulesService } from './modules/report-schedules/report-schedules.service.js';
import { createReportRenderer } from './modules/reports/render-pool.js';
import { createReportsRepository } from './modules/reports/reports.repository.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createRetentionRepository } from './modules/retention/retention.repository.js';
import { createRetentionService } from './modules/retention/retention.service.js';
import {
  createSensorDataRepository,
  createSensorDataService,
} from './modules/sensor-data/index.js';
import { createOwnSignInService } from './modules/sign-in/own-sign-in.service.js';
import { createPasskeys } from './modules/sign-in/passkeys.js';
import { createSecondFactorsRepository } from './modules/sign-in/second-factors.repository.js';
import { createSecondFactorsService } from './modules/sign-in/second-factors.service.js';
import { createSessionsRepository } from './modules/sign-in/sessions.repository.js';
import { createSignInService } from './modules/sign-in/sign-in.service.js';
import { createSignInKeys } from './modules/sign-in/sign-in-keys.js';
import { createOidcClient } from './modules/sso/oidc-client.js';
import { createSsoRepository } from './modules/sso/sso.repository.js';
import { createSsoService } from './modules/sso/sso.service.js';
import { createSsoSignInService } from './modules/sso/sso-sign-in.service.js';
import { createSurveyResultsRepository } from './modules/surveys/survey-results.repository.js';
import { createSurveyResultsService } from './modules/surveys/survey-results.service.js';
import { createSurveysRepository } from './modules/surveys/surveys.repository.js';
import { createSurveysService } from './modules/surveys/surveys.service.js';
import { createTargetsRepository } from './modules/targets/targets.repository.js';
import { createTargetsService } from './modules/targets/targets.service.js';
import { createTietoDashboardRepository } from './modules/tieto-dashboard/tieto-dashboard.repository.js';
import { createTietoDashboardService } from './modules/tieto-dashboard/tieto-dashboard.service.js';
import { createUserDevicesRepository } from './modules/user-devices/user-devices.repository.js';
import { createUserDevicesService } from './modules/user-devices/user-devices.service.js';
import { createUserTargetsRepository } from './modules/user-targets/user-targets.repository.js';
import { createUserTargetsService } from './modules/user-targets/user-targets.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createVainuDashboardRepository } from './modules/vainu-dashboard/vainu-dashboard.repository.js';
import { createVainuDashboardService } from './modules/vainu-dashboard/vainu-dashboard.service.js';
import { createWebhookWorker } from './modules/webhooks/webhook-worker.js';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';

export interface ContainerOptions {
  config: Config;
  database: Database;
  /** The app's logger: the services and jobs log with it. */
  log: FastifyBaseLogger;
  /** The HTTPS agent Web Push sends with; the tests pass one that trusts their receiver. */
  pushAgent?: Agent;
}

/**
 * The composition root: builds every repository once, every service with only what it needs,
 * the app's metrics and the lifecycle of its background work. The HTTP app (app.ts) registers
 * routes over it; the tests and benches call its services directly.
 */
export function createContainer({ config, database, log, pushAgent }: ContainerOptions) {
  // Prometheus metrics (ADR 0028): one registry for this app, each family handed to what records.
  const metrics = createMetrics();
  metrics.database.info.set({ driver: database.kind }, 1);
  if (database.postgres) {
    const { pool } = database.postgres;
    metrics.database.watchPool(pool, pool.options.max);
  }

  // Repositories over the transaction-aware handle, then the services that use them, each
  // handed only the narrow part of another module it needs.
  const db = withTransactions(database.db);
  const repositories = {
    accounts: createAccountsRepository(db),
    auditLog: createAuditRepository(db),
    codes: createRegistrationCodesRepository(db),
    dashboard: createDashboardRepository(db),
    discussions: createDiscussionsRepository(db),
    mails: createMailRepository(db),
    materialbankFiles: createMaterialbankRepository(db),
    organizations: createOrganizationsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    resetLinks: createResetLinksRepository(db),
    targets: createTargetsRepository(db),
    userTargets: createUserTargetsRepository(db),
    users: createUsersRepository(db),
    surveys: createSurveysRepository(db),
    surveyResults: createSurveyResultsRepository(db),
    feedback: createFeedbackRepository(db),
    tietoDashboard: createTietoDashboardRepository(db),
    measurements: createMeasurementsRepository(db),
    devices: createDevicesRepository(db),
    userDevices: createUserDevicesRepository(db),
    alarms: createAlarmsRepository(db),
    ingestKeys: createIngestKeysRepository(db),
    ingest: createIngestRepository(db),
    vainuDashboard: createVainuDashboardRepository(db),
    sensorData: createSensorDataRepository(db),
    webhooks: createWebhooksRepository(db),
    sso: createSsoRepository(db),
  };
  const { organizations: organizationRecords, users: userRecords } = repositories;
  const tokens = createTokenService(config);
  const rateLimits = createRateLimitService({ windows: repositories.rateLimits, log });
  const mailer = createMailer({
    mails: repositories.mails,
    config,
    log,
    attachmentStorage: createFileStorage(config, 'mail'),
  });
  const audit = createAuditService({ auditLog: repositories.auditLog });
  // Sign-in after the password (issue 31): second factors, passkeys, sessions, trusted browsers.
  const signInKeys = createSignInKeys(config);
  const passkeys = createPasskeys(config);
  const sessions = createSessionsRepository(db);
  const secondFactorRecords = createSecondFactorsRepository(db);
  const secondFactors = createSecondFactorsService({
    factors: secondFactorRecords,
    passkeys,
    keys: signInKeys,
  });
  const signIn = createSignInService({
    db,
    accounts: repositories.accounts,
    sessions,
    factors: secondFactorRecords,
    secondFactors,
    passkeys,
    keys: signInKeys,
    tokens,
    deviceTokens: createDeviceTokens(config),
    rateLimits,
    audit,
    config,
  });
  const ownSignIn = createOwnSignInService({
    db,
    accounts: repositories.accounts,
    sessions,
    factors: secondFactorRecords,
    secondFactors,
    organizations: organizationRecords,
    audit,
    mailer,
    config,
  });
  const auth = createAuthService({
    accounts: repositories.accounts,
    sessions,
    tokens,
    deviceTokens: createDeviceTokens(config),
    rateLimits,
    signIn,
    sso: repositories.sso,
  });
  // Web Push (issue 28): browsers' subscriptions and the push queue, worked by every instance.
  const push = createPushService({
    db,
    push: createPushRepository(db),
    config: {
      keys: config.push,
      serviceHosts: config.pushServiceHosts,
      leaseMs: config.deliveryLeaseMs,
    },
    publicUrl: config.publicUrl,
    log,
    ...(pushAgent && { agent: pushAgent }),
  });
  // The unsubscribe links of alarm and report mails (issue 28).
  const unsubscribeTokens = createUnsubscribeTokens(config.jwtSecret);
  const reportSchedulesRepository = createReportSchedulesRepository(db);
  // Who hears of an alarm, on which channel and when (issue 28): mail, Web Push or held rows.
  const notifications = createNotificationsService({
    db,
    notifications: createNotificationsRepository(db),
    alarms: repositories.alarms,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
    mailer,
    push,
    tokens: unsubscribeTokens,
    reportRecipients: reportSchedulesRepository,
    publicUrl: config.publicUrl,
    log,
  });
  // Single sign-on with each organization's OpenID provider (issue 31); the client secrets are
  // sealed under a key derived from JWT_SECRET, requests go through the outbound guard.
  const oidc = createOidcClient({
    policy: config.outbound,
    redirectUri: `${config.publicUrl}/api/auth/sso/callback`,
  });
  const ssoSecrets = createSecretBox(config.jwtSecret, 'organization-sso');
  const sso = createSsoService({
    db,
    sso: repositories.sso,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
    secrets: ssoSecrets,
    oidc,
    policy: config.outbound,
  });
  const ssoSignIn = createSsoSignInService({
    db,
    sso: repositories.sso,
    accounts: repositories.accounts,
    users: userRecords,
    userTargets: repositories.userTargets,
    signIn,
    audit,
    secrets: ssoSecrets,
    oidc,
    rateLimits,
    publicUrl: config.publicUrl,
    log,
  });
  // Live updates: services publish after their change is committed; each open stream hears only
  // what its caller may see (docs/ARCHITECTURE.md, "Live updates"). On PostgreSQL every
  // instance's streams hear every instance's events (LISTEN/NOTIFY, ADR 0023); PGlite has one
  // instance, in process.
  const postgresBus = database.postgres
    ? createPostgresEventBus({ ...database.postgres, log })
    : null;
  const eventBus: EventBus = postgresBus ?? createInProcessEventBus(log);
  const events = createEventsService({
    bus: eventBus,
    targets: repositories.targets,
    maxStreams: config.eventStreamsMax,
    onRefused: (reason) => metrics.events.refused.inc({ reason }),
  });
  metrics.events.watch(() => events.counts());
  const registrationCodes = createRegistrationCodesService({
    codes: repositories.codes,
    targets: repositories.targets,
  });
  const account = createAccountService({
    db,
    auth,
    accounts: repositories.accounts,
    users: userRecords,
    userTargets: repositories.userTargets,
    resetLinks: repositories.resetLinks,
    signIn,
    mailer,
    notifications,
    registrationCodes,
    rateLimits,
    config,
  });
  const mail = createMailService({ mails: repositories.mails });
  const organizations = createOrganizationsService({
    db,
    organizations: organizationRecords,
    audit,
  });
  const organizationLogos = createOrganizationLogosService({
    db,
    organizations: organizationRecords,
    storage: createFileStorage(config, 'logos'),
    audit,
  });
  const targets = createTargetsService({
    db,
    targets: repositories.targets,
    organizations: organizationRecords,
    audit,
  });
  const registrationCodeAdmin = createRegistrationCodeAdminService({
    db,
    codes: registrationCodes,
    codeRecords: repositories.codes,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
    mailer,
    rateLimits,
    config,
  });
  const users = createUsersService({
    db,
    users: userRecords,
    organizations: organizationRecords,
    resetLinks: repositories.resetLinks,
    audit,
  });
  const userTargets = createUserTargetsService({
    db,
    links: repositories.userTargets,
    users: userRecords,
    targets: repositories.targets,
    audit,
  });
  const dashboard = createDashboardService({
    dashboard: repositories.dashboard,
    organizations: organizationRecords,
  });
  const deviceNetworkClient = createDeviceNetworkClient({ config: config.deviceNetwork, log });
  const deviceNetwork = createDeviceNetworkService({
    client: deviceNetworkClient,
    deviceTypes: repositories.measurements,
  });
  // Material bank previews (issue 29, ADR 0051): queued with the file, made by every instance's
  // worker in a thread of their own, stored beside the file.
  const materialbankStorage = createFileStorage(config);
  const previewRenderer = createPreviewRenderer(defaultPreviewLimits);
  const previewQueue = createPreviewQueue({
    files: repositories.materialbankFiles,
    storage: materialbankStorage,
    renderer: previewRenderer,
    log,
  });
  const materialbank = createMaterialbankService({
    db,
    files: repositories.materialbankFiles,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
    storage: materialbankStorage,
    orphanGraceMs: config.materialbankOrphanGraceMs,
    kickPreviews: previewQueue.kick,
  });
  const surveys = createSurveysService({
    db,
    surveys: repositories.surveys,
    results: repositories.surveyResults,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
  });
  const surveyResults = createSurveyResultsService({
    db,
    results: repositories.surveyResults,
    surveys: repositories.surveys,
    audit,
    mailer,
    config,
  });
  const feedback = createFeedbackService({
    db,
    feedback: repositories.feedback,
    organizations: organizationRecords,
    audit,
    mailer,
    events: eventBus,
    config,
    storage: createFileStorage(config, 'feedback'),
  });
  const discussions = createDiscussionsService({
    db,
    discussions: repositories.discussions,
    targets: repositories.targets,
    organizations: organizationRecords,
    audit,
    events: eventBus,
    mailer,
    publicUrl: config.publicUrl,
  });
  const tietoDashboard = createTietoDashboardService({
    dashboard: repositories.tietoDashboard,
    discussions: repositories.discussions,
  });
  const measurements = createMeasurementsService({
    db,
    measurements: repositories.measurements,
    audit,
  });
  // The JavaScript codec sandbox (ADR 0037): loaded when a type or the test bench first needs it.
  const scriptCodecs = lazyScriptCodecs();
  const deviceTypes = createDeviceTypesService({
    db,
    measurements: repositories.measurements,
    deviceTypes: createDeviceTypesRepository(db),
    alarms: repositories.alarms,
    organizations: organizationRecords,
    profiles: deviceNetworkClient,
    audit,
    scripts: scriptCodecs.get,
  });
  const devices = createDevicesService({
    db,
    devices: repositories.devices,
    measurements: repositories.measurements,
    organizations: organizationRecords,
    audit,
  });
  const deviceImport = createDeviceImportService({
    db,
    devices: repositories.devices,
    lookups: createDeviceImportRepository(db),
    organizations: organizationRecords,
    audit,
  });
  const userDevices = createUserDevicesService({
    db,
    links: repositories.userDevices,
    devices: repositories.devices,
    measurements: repositories.measurements,
    organizations: organizationRecords,
    audit,
  });
  // Outbound webhooks (issue 28, docs/webhooks.md): deliveries are queued in the transaction of
  // each alarm change and sent by every instance's worker.
  const webhookWorker = createWebhookWorker({
    webhooks: repositories.webhooks,
    policy: config.webhooks,
    log,
    ...(config.deliveryLeaseMs && { leaseMs: config.deliveryLeaseMs }),
  });
  const webhooks = createWebhooksService({
    db,
    webhooks: repositories.webhooks,
    alarms: repositories.alarms,
    organizations: organizationRecords,
    audit,
    policy: config.webhooks,
    publicUrl: config.publicUrl,
    kick: webhookWorker.kick,
  });
  const alarms = createAlarmsService({
    db,
    alarms: repositories.alarms,
    devices: repositories.devices,
    organizations: organizationRecords,
    events: eventBus,
    notifications,
    webhooks,
    hysteresisPercent: config.alarmHysteresisPercent,
    log,
    metrics: metrics.alarms,
  });
  const alarmNotice = createAlarmNoticeService({
    db,
    alarms: repositories.alarms,
    devices: repositories.devices,
    discussions: repositories.discussions,
    surveys: repositories.surveys,
    results: repositories.surveyResults,
    audit,
    events: eventBus,
    mailer,
    publicUrl: config.publicUrl,
  });
  // Monthly partitions of measurement_data (ADR 0025): created ahead at start and daily, and on
  // demand before a group whose readings fall in a month without one.
  const partitions = createMeasurementPartitions(db);
  // Retention per organization (ADR 0025): a daily job deletes data older than its setting.
  const retention = createRetentionService({
    db,
    retention: createRetentionRepository(db),
    partitions,
    audit,
    maxMonths: config.measurementRetentionMaxMonths,
  });
  // Uplinks from network servers: every reading inserted is evaluated against its alarm limits in
  // the same transaction; the browsers hear of the changes once it has committed.
  // Webhook uplinks the database cannot commit in time wait here, on this instance's disk (issue 26).
  const journal =
    config.ingestJournal.afterMs > 0
      ? createIntakeJournal({
          dir: path.join(config.dataDir, 'intake-journal'),
          maxBytes: config.ingestJournal.maxBytes,
          log,
        })
      : null;
  if (journal) metrics.ingest.watchJournal(() => journal.status());
  const ingest = createIngestService({
    db,
    scripts: scriptCodecs.get,
    journal: journal ? { journal, afterMs: config.ingestJournal.afterMs } : undefined,
    keys: repositories.ingestKeys,
    ingest: repositories.ingest,
    rateLimits,
    partitions,
    onReadings: async (scope, readings) => {
      const changes = await alarms.evaluate(scope, readings);
      return () => alarms.announce(changes);
    },
    // Battery and frame-counter alarms of the group's device health, in the same transaction.
    onHealth: async (scope, health) => {
      const changes = await alarms.evaluateHealth(scope, health);
      return () => alarms.announce(changes);
    },
    log,
    metrics: metrics.ingest,
    // Concurrent uplinks are written in groups, one transaction each (ADR 0022); PGlite has one
    // connection, so one group at a time.
    group: {
      ...config.ingestGroup,
      flushes: database.kind === 'pglite' ? 1 : config.ingestGroup.flushes,
    },
  });
  // Vainu sensor data (issue 12): summary, chart series and raw rows for reports and exports.
  const sensorData = createSensorDataService({
    sensorData: repositories.sensorData,
    devices: repositories.devices,
  });
  // The PDF report (ADR 0021): rendered in worker threads, at most threads + queue at a time.
  const reportRenderer = createReportRenderer(config.reports);
  const reports = createReportsService({
    sensorData,
    reports: createReportsRepository(db),
    logos: organizationLogos,
    renderer: reportRenderer,
  });
  // Measurement exports (issue 12): CSV/XLSX of the summary or the raw rows, streamed.
  const measurementExports = createExportsService({ sensorData });
  // Scheduled reports (issue 28): a periodic job runs due schedules; their files wait for the
  // mails in the storage's `mail` area.
  const reportRunner = createReportRunner({
    db,
    schedules: reportSchedulesRepository,
    reports,
    exports: measurementExports,
    sensorData,
    mailer,
    storage: createFileStorage(config, 'mail'),
    tokens: unsubscribeTokens,
    publicUrl: config.publicUrl,
    log,
  });
  const reportSchedules = createReportSchedulesService({
    db,
    schedules: reportSchedulesRepository,
    organizations: organizationRecords,
    audit,
    runner: reportRunner,
  });
  // Uplinks over MQTT when MQTT_URL is set (ADR 0019), started and stopped with the jobs.
  const mqtt = config.mqtt ? createMqttSubscriber({ config: config.mqtt, ingest, log }) : null;
  if (mqtt) metrics.mqtt.watch(() => mqtt.status());
  const ingestKeys = createIngestKeysService({
    db,
    keys: repositories.ingestKeys,
    ingest: repositories.ingest,
    organizations: organizationRecords,
    audit,
  });
  // The "Uudet laitteet" inbox: a device added from it gets its kept uplinks through the ingest.
  const newDevices = createNewDevicesService({
    db,
    inbox: createNewDevicesRepository(db),
    devices,
    ingest,
    audit,
  });
  // The Vainu dashboard: "in alarm" is the alarms module's call, the latest values the devices'.
  const vainuDashboard = createVainuDashboardService({
    dashboard: repositories.vainuDashboard,
    organizations: organizationRecords,
    alarms,
    devices,
  });
  const deviceLabels = createDeviceLabelsService({ devices: repositories.devices });
  const { jobs, simulation } = backgroundJobs({
    config,
    database,
    db,
    log,
    partitions,
    postgresBus,
    reportRenderer,
    mailer,
    webhookWorker,
    previewQueue,
    previewRenderer,
    push,
    ingest,
    journal,
    retention,
    materialbank,
    alarms,
    notifications,
    mqtt,
    reportRunner,
  });

  return {
    metrics,
    services: {
      account,
      alarmNotice,
      alarms,
      audit,
      auth,
      dashboard,
      deviceImport,
      deviceLabels,
      deviceNetwork,
      devices,
      discussions,
      events,
      exports: measurementExports,
      feedback,
      ingest,
      ingestKeys,
      mail,
      /** The intake journal of webhook uplinks; null with INGEST_JOURNAL_AFTER_MS=0. */
      journal,
      /** The mail sender; tests drive its delivery with deliverDue(). */
      mailer,
      materialbank,
      /** The material bank's preview worker; tests drive it with runDue(). */
      previewQueue,
      measurements,
      deviceTypes,
      /** The MQTT uplink subscriber; null unless MQTT_URL is set. */
      mqtt,
      newDevices,
      notifications,
      organizationLogos,
      organizations,
      /** Web Push: subscriptions, and enqueue/kick for the modules that notify. */
      push,
      ownSignIn,
      registrationCodeAdmin,
      /** Runs due report schedules; tests drive it with runDue(). */
      reportRunner,
      reportSchedules,
      reports,
      retention,
      sensorData,
      signIn,
      sso,
      ssoSignIn,
      surveyResults,
      surveys,
      targets,
      tietoDashboard,
      userDevices,
      userTargets,
      users,
      vainuDashboard,
      webhooks,
      /** The webhook sender; tests drive its delivery with runDue(). */
      webhookWorker,
    },
    /** The background work: `ready` jobs start with the app, `listening` ones in server.ts. */
    lifecycle: createLifecycle([
      ...jobs,
      // Not a job of its own: frees the sandbox (if it was loaded) when the app stops.
      { name: 'script codecs', start: () => {}, stop: () => scriptCodecs.dispose() },
      // Not a job either: closes the OpenID client's connections when the app stops.
      { name: 'openid client', start: () => {}, stop: () => oidc.close() },
    ]),
    /** The demo simulator's back-fill, once it has run (server.ts prints it). */
    simulation,
  };
}

export type Container = ReturnType<typeof createContainer>;
export type Services = Container['services'];
