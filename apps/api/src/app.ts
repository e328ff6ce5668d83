import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/index.js';
import type { Database } from './db/client.js';
import { createMeasurementPartitions } from './db/partitions.js';
import { analyzeChanged, analyzesItself } from './db/statistics.js';
import { withTransactions } from './db/transactions.js';
import { errorForLog } from './lib/log-errors.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { startPeriodic } from './lib/periodic.js';
import { OneLinePerRequest, requestIdOf } from './lib/request-log.js';
import { createTokenService } from './lib/session-tokens.js';
import { createFileStorage } from './lib/storage/create-storage.js';
import { createResetLinksRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { createAlarmsRepository } from './modules/alarms/alarms.repository.js';
import { alarmsRoutes } from './modules/alarms/alarms.routes.js';
import { type AlarmsService, createAlarmsService } from './modules/alarms/alarms.service.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createAccountsRepository } from './modules/auth/auth.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { deviceLabelsRoutes } from './modules/device-labels/device-labels.routes.js';
import { createDeviceLabelsService } from './modules/device-labels/device-labels.service.js';
import { createDeviceNetworkClient } from './modules/device-network/device-network.client.js';
import { deviceNetworkRoutes } from './modules/device-network/device-network.routes.js';
import { createDeviceNetworkService } from './modules/device-network/device-network.service.js';
import { createDevicesRepository } from './modules/devices/devices.repository.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { createDevicesService } from './modules/devices/devices.service.js';
import { createDiscussionsRepository } from './modules/discussions/discussions.repository.js';
import { discussionsRoutes } from './modules/discussions/discussions.routes.js';
import { createDiscussionsService } from './modules/discussions/discussions.service.js';
import { createInProcessEventBus, type EventBus } from './modules/events/event-bus.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { createEventsService } from './modules/events/events.service.js';
import { createPostgresEventBus } from './modules/events/postgres-event-bus.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { createFeedbackRepository } from './modules/feedback/feedback.repository.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { createFeedbackService } from './modules/feedback/feedback.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createIngestRepository } from './modules/ingest/ingest.repository.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import { createIngestService, type IngestService } from './modules/ingest/ingest.service.js';
import { createIngestKeysRepository } from './modules/ingest/ingest-keys.repository.js';
import { ingestKeysRoutes } from './modules/ingest/ingest-keys.routes.js';
import { createIngestKeysService } from './modules/ingest/ingest-keys.service.js';
import { createMqttSubscriber, type MqttSubscriber } from './modules/ingest/mqtt-subscriber.js';
import { createMailRepository } from './modules/mail/mail.repository.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { createMaterialbankRepository } from './modules/materialbank/materialbank.repository.js';
import { materialbankRoutes } from './modules/materialbank/materialbank.routes.js';
import {
  createMaterialbankService,
  type MaterialbankService,
} from './modules/materialbank/materialbank.service.js';
import { startOrphanSweep } from './modules/materialbank/orphan-sweep.js';
import { createMeasurementsRepository } from './modules/measurements/measurements.repository.js';
import { measurementsRoutes } from './modules/measurements/measurements.routes.js';
import { createMeasurementsService } from './modules/measurements/measurements.service.js';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { createOrganizationsService } from './modules/organizations/organizations.service.js';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository.js';
import { createRateLimitService } from './modules/rate-limits/rate-limits.service.js';
import { createRegistrationCodeAdminService } from './modules/registration-codes/registration-code-admin.service.js';
import { createRegistrationCodesRepository } from './modules/registration-codes/registration-codes.repository.js';
import { registrationCodesRoutes } from './modules/registration-codes/registration-codes.routes.js';
import { createRegistrationCodesService } from './modules/registration-codes/registration-codes.service.js';
import { createReportRenderer } from './modules/reports/render-pool.js';
import { createReportsRepository } from './modules/reports/reports.repository.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createRetentionRepository } from './modules/retention/retention.repository.js';
import {
  createRetentionService,
  type RetentionService,
} from './modules/retention/retention.service.js';
import { startStorageUpkeep } from './modules/retention/storage-upkeep.js';
import {
  createSensorDataRepository,
  createSensorDataService,
  type SensorDataService,
  sensorDataRoutes,
} from './modules/sensor-data/index.js';
import { createSurveyResultsRepository } from './modules/surveys/survey-results.repository.js';
import { createSurveyResultsService } from './modules/surveys/survey-results.service.js';
import { createSurveysRepository } from './modules/surveys/surveys.repository.js';
import { surveysRoutes } from './modules/surveys/surveys.routes.js';
import { createSurveysService } from './modules/surveys/surveys.service.js';
import { createTargetsRepository } from './modules/targets/targets.repository.js';
import { targetsRoutes } from './modules/targets/targets.routes.js';
import { createTargetsService } from './modules/targets/targets.service.js';
import { createTietoDashboardRepository } from './modules/tieto-dashboard/tieto-dashboard.repository.js';
import { tietoDashboardRoutes } from './modules/tieto-dashboard/tieto-dashboard.routes.js';
import { createTietoDashboardService } from './modules/tieto-dashboard/tieto-dashboard.service.js';
import { createUserDevicesRepository } from './modules/user-devices/user-devices.repository.js';
import { userDevicesRoutes } from './modules/user-devices/user-devices.routes.js';
import { createUserDevicesService } from './modules/user-devices/user-devices.service.js';
import { createUserTargetsRepository } from './modules/user-targets/user-targets.repository.js';
import { userTargetsRoutes } from './modules/user-targets/user-targets.routes.js';
import { createUserTargetsService } from './modules/user-targets/user-targets.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { createVainuDashboardRepository } from './modules/vainu-dashboard/vainu-dashboard.repository.js';
import { vainuDashboardRoutes } from './modules/vainu-dashboard/vainu-dashboard.routes.js';
import { createVainuDashboardService } from './modules/vainu-dashboard/vainu-dashboard.service.js';
import { authPlugin } from './plugins/auth.js';
import { compressionPlugin } from './plugins/compression.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { metricsPlugin } from './plugins/metrics.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';

/** Body keys whose values a log line never shows, wherever an object carrying them is logged. */
const SECRET_LOG_KEYS = [
  'password',
  'userPassword',
  'userCurrentPassword',
  'passwordHash',
  'token',
  'code',
  'userCode',
];

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given): the tests read its lines. */
  logDestination?: { write(line: string): void };
}

/** Builds the Fastify instance; the server and the tests share it. Composition root. */
export async function buildApp({ config, database, logger, logDestination }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // No query parameter, password, hash, token or code ever reaches a log line.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...SECRET_LOG_KEYS.map((key) => `*.${key}`),
      ],
      serializers: { err: errorForLog },
      ...(logDestination && { stream: logDestination }),
    },
    // One line per request, when it is answered (method, path without the query, status, time).
    logController: new OneLinePerRequest(),
    // The caller's X-Request-Id when sane, else a UUID; answered in X-Request-Id (below).
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // X-Forwarded-For is believed only from the proxies named (TRUST_PROXY): off by default, so
    // a client cannot choose its own address for the per-address rate limits.
    trustProxy: trustedProxies(config.trustProxy),
    // A slow client cannot hold a connection: the whole request must arrive in time (408),
    // an idle socket is closed. Node enforces the deadline only when the headers' own deadline
    // is not longer, and checks deadlines every connectionsCheckingInterval (30 s by default,
    // too coarse for a deadline of seconds).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Prometheus metrics (ADR 0028): one registry for this app, each family handed to what records.
  const metrics = createMetrics();
  metrics.database.info.set({ driver: database.kind }, 1);
  if (database.postgres) {
    const { pool } = database.postgres;
    metrics.database.watchPool(pool, pool.options.max);
  }
  app.decorate('metrics', metrics);

  // The composition root: repositories over the transaction-aware handle, then the services
  // that use them, each handed only the narrow part of another module it needs.
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
    alarms: createAlarmsRepository(db),
    ingestKeys: createIngestKeysRepository(db),
    ingest: createIngestRepository(db),
    vainuDashboard: createVainuDashboardRepository(db),
    sensorData: createSensorDataRepository(db),
  };
  const { organizations: organizationRecords, users: userRecords } = repositories;
  const tokens = createTokenService(config);
  const rateLimits = createRateLimitService({ windows: repositories.rateLimits, log: app.log });
  const mailer = createMailer({ mails: repositories.mails, config, log: app.log });
  const auth = createAuthService({ accounts: repositories.accounts, tokens, rateLimits });
  const audit = createAuditService({ auditLog: repositories.auditLog });
  // Live updates: services publish after their change is committed; each open stream hears only
  // what its caller may see (docs/ARCHITECTURE.md, "Live updates"). On PostgreSQL every
  // instance's streams hear every instance's events (LISTEN/NOTIFY, ADR 0023); PGlite has one
  // instance, in process.
  const postgresBus = database.postgres
    ? createPostgresEventBus({ ...database.postgres, log: app.log })
    : null;
  const eventBus: EventBus = postgresBus ?? createInProcessEventBus(app.log);
  if (postgresBus) app.addHook('onReady', () => postgresBus.start());
  const events = createEventsService({ bus: eventBus, targets: repositories.targets });
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
    tokens,
    mailer,
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
  const deviceNetwork = createDeviceNetworkService({
    client: createDeviceNetworkClient({ config: config.deviceNetwork, log: app.log }),
    deviceTypes: repositories.measurements,
  });
  const materialbank = createMaterialbankService({
    db,
    files: repositories.materialbankFiles,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
    storage: createFileStorage(config),
    orphanGraceMs: config.materialbankOrphanGraceMs,
  });
  app.decorate('materialbank', materialbank);
  const orphanSweep = startOrphanSweep(materialbank, app.log);
  app.addHook('onClose', () => orphanSweep.stop());
  const surveys = createSurveysService({
    db,
    surveys: repositories.surveys,
    results: repositories.surveyResults,
    organizations: organizationRecords,
    targets: repositories.targets,
    audit,
  });
  const surveyResults = createSurveyResultsService({
    results: repositories.surveyResults,
    surveys: repositories.surveys,
  });
  const feedback = createFeedbackService({
    db,
    feedback: repositories.feedback,
    organizations: organizationRecords,
    audit,
    mailer,
    events: eventBus,
    config,
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
    alarms: repositories.alarms,
    audit,
  });
  const devices = createDevicesService({
    db,
    devices: repositories.devices,
    measurements: repositories.measurements,
    organizations: organizationRecords,
    audit,
  });
  const alarms = createAlarmsService({
    db,
    alarms: repositories.alarms,
    devices: repositories.devices,
    organizations: organizationRecords,
    events: eventBus,
    mailer,
    publicUrl: config.publicUrl,
    hysteresisPercent: config.alarmHysteresisPercent,
    log: app.log,
    metrics: metrics.alarms,
  });
  app.decorate('alarms', alarms);
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
  app.decorate('retention', retention);
  let upkeep: ReturnType<typeof startStorageUpkeep> | undefined;
  app.addHook('onReady', async () => {
    await partitions.ensureAhead();
    upkeep = startStorageUpkeep({ partitions, retention, log: app.log });
  });
  app.addHook('onClose', async () => {
    await upkeep?.stop();
  });
  // Planner statistics (ADR 0033): where the database does not analyze by itself (PGlite, or
  // PostgreSQL with autovacuum off) every instance applies autovacuum's rule once a minute;
  // everywhere, measurement_data itself (which autovacuum leaves out) hourly while it fills.
  let statistics: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    if (config.statisticsUpkeepMs === 0) return;
    const tables = !(await analyzesItself(database));
    statistics = startPeriodic({
      name: 'statistics upkeep',
      intervalMs: config.statisticsUpkeepMs,
      log: app.log,
      task: async () => {
        const analyzed = await analyzeChanged(db, { tables });
        if (analyzed.length > 0) app.log.debug({ tables: analyzed }, 'tables analyzed');
      },
    });
  });
  app.addHook('onClose', async () => statistics?.stop());
  // Offline alarms (ADR 0024): silent devices are looked for every minute by every instance. In
  // demo mode with the simulator the server starts the sweep after the 30-day back-fill, during
  // which every device would look silent.
  let offlineSweep: { stop(): Promise<void> } | undefined;
  const startOfflineSweep = () => {
    if (config.alarmOfflineSweepMs === 0 || offlineSweep) return;
    offlineSweep = startPeriodic({
      name: 'offline alarm sweep',
      intervalMs: config.alarmOfflineSweepMs,
      log: app.log,
      task: () => alarms.sweepOffline(),
    });
  };
  app.decorate('startOfflineSweep', startOfflineSweep);
  if (!(config.demo && config.simulate)) app.addHook('onReady', async () => startOfflineSweep());
  app.addHook('onClose', async () => offlineSweep?.stop());
  // Uplinks from network servers: every reading inserted is evaluated against its alarm limits in
  // the same transaction; the browsers hear of the changes once it has committed.
  const ingest = createIngestService({
    db,
    keys: repositories.ingestKeys,
    ingest: repositories.ingest,
    rateLimits,
    partitions,
    onReadings: async (scope, readings) => {
      const changes = await alarms.evaluate(scope, readings);
      return () => alarms.announce(changes);
    },
    log: app.log,
    metrics: metrics.ingest,
    // Concurrent uplinks are written in groups, one transaction each (ADR 0022); PGlite has one
    // connection, so one group at a time.
    group: {
      ...config.ingestGroup,
      flushes: database.kind === 'pglite' ? 1 : config.ingestGroup.flushes,
    },
  });
  app.decorate('ingest', ingest);
  // Vainu sensor data (issue 12): summary, chart series and raw rows for reports and exports.
  const sensorData = createSensorDataService({
    sensorData: repositories.sensorData,
    devices: repositories.devices,
  });
  app.decorate('sensorData', sensorData);
  // The PDF report (ADR 0021): rendered in worker threads, at most threads + queue at a time.
  const reportRenderer = createReportRenderer(config.reports);
  app.addHook('onClose', () => reportRenderer.close());
  const reports = createReportsService({
    sensorData,
    reports: createReportsRepository(db),
    renderer: reportRenderer,
  });
  // Measurement exports (issue 12): CSV/XLSX of the summary or the raw rows, streamed.
  const measurementExports = createExportsService({ sensorData });
  // Uplinks over MQTT when MQTT_URL is set (ADR 0019): started once the app is ready, stopped
  // before the database closes (the server closes it in a later onClose hook).
  const mqtt = config.mqtt
    ? createMqttSubscriber({ config: config.mqtt, ingest, log: app.log })
    : null;
  app.decorate('mqtt', mqtt);
  if (mqtt) {
    metrics.mqtt.watch(() => mqtt.status());
    app.addHook('onReady', async () => mqtt.start());
    app.addHook('onClose', () => mqtt.stop());
  }
  // Uplinks still waiting for their group are written before the database closes.
  app.addHook('onClose', () => ingest.drain());
  // The events they announce are sent, then the bus stops listening.
  if (postgresBus) app.addHook('onClose', () => postgresBus.close());
  const ingestKeys = createIngestKeysService({
    db,
    keys: repositories.ingestKeys,
    ingest: repositories.ingest,
    organizations: organizationRecords,
    audit,
  });
  // The Vainu dashboard: "in alarm" is the alarms module's call, "last seen" the ingest module's.
  const vainuDashboard = createVainuDashboardService({
    dashboard: repositories.vainuDashboard,
    organizations: organizationRecords,
    alarms,
    readings: repositories.ingest,
    offlineAfterMinutes: config.deviceOfflineAfterMinutes,
  });

  // Mail delivery runs beside the requests and stops before the database closes (the server
  // closes the database in a later onClose hook).
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', () => mailer.stop());

  // Several instances behind a load balancer (ADR 0030): every answer says which one gave it.
  const { instanceName } = config;
  if (instanceName) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-vahti-instance', instanceName);
    });
  }

  // API answers are per user and per moment: no browser or proxy may keep one. Static files
  // (the web app, the API docs' assets) set their own Cache-Control and keep it. Every answer
  // names its request id, the reqId of the request's log lines.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // Every route, as registered: the tenant-isolation test checks that each one has an entry.
  const routeTable: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    }
  });
  app.decorate('routeTable', routeTable);

  // External plugins, then our own, then routes.
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { auth });
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });

  await app.register(healthRoutes, { database, mqtt });
  await app.register(authRoutes, { auth });
  await app.register(accountRoutes, { account });
  await app.register(mailRoutes, { mail });
  await app.register(auditRoutes, { audit });
  await app.register(organizationsRoutes, { organizations });
  await app.register(targetsRoutes, { targets, devices });
  await app.register(registrationCodesRoutes, { registrationCodes: registrationCodeAdmin });
  await app.register(usersRoutes, { users });
  await app.register(userTargetsRoutes, { userTargets });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(deviceNetworkRoutes, { deviceNetwork });
  await app.register(eventsRoutes, {
    events,
    streams: metrics.events.streams,
    heartbeatMs: Math.min(25_000, config.connectionTimeoutMs / 2),
  });
  await app.register(discussionsRoutes, { discussions });
  await app.register(materialbankRoutes, {
    materialbank,
    maxFileBytes: config.materialbankMaxFileBytes,
  });
  await app.register(surveysRoutes, { surveys, surveyResults });
  await app.register(feedbackRoutes, { feedback });
  await app.register(tietoDashboardRoutes, { tietoDashboard });
  await app.register(measurementsRoutes, { measurements });
  await app.register(deviceLabelsRoutes, {
    deviceLabels: createDeviceLabelsService({ devices: repositories.devices }),
  });
  await app.register(devicesRoutes, { devices });
  await app.register(userDevicesRoutes, {
    userDevices: createUserDevicesService({
      db,
      links: createUserDevicesRepository(db),
      devices: repositories.devices,
      measurements: repositories.measurements,
      organizations: organizationRecords,
      audit,
    }),
  });
  await app.register(alarmsRoutes, { alarms });
  await app.register(ingestKeysRoutes, { ingestKeys });
  await app.register(ingestRoutes, { ingest });
  await app.register(vainuDashboardRoutes, { vainuDashboard });
  await app.register(sensorDataRoutes, { sensorData });
  await app.register(reportsRoutes, { reports });
  await app.register(exportsRoutes, { exports: measurementExports });
  await app.register(webPlugin, { webDir: config.webDir });

  return app;
}

/** Fastify's types take a hop count as a function: the first `hops` hops are proxies. */
function trustedProxies(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route (method and URL pattern), HEAD excluded. */
    routeTable: readonly RegisteredRoute[];
    /** The mail sender; tests drive its delivery with deliverDue(). */
    mailer: Mailer;
    /** The material bank; tests drive its orphan sweep with sweepOrphans(). */
    materialbank: MaterialbankService;
    /** Alarm evaluation; ingestion calls evaluate() in its transaction, announce() after it. */
    alarms: AlarmsService;
    /** Starts the periodic offline-alarm sweep (once; server.ts after the demo back-fill). */
    startOfflineSweep: () => void;
    /** Uplink ingestion; the demo simulator (db/demo/simulation.ts) back-fills through it. */
    ingest: IngestService;
    /** Retention per organization (ADR 0025); tests run purgeExpired() directly. */
    retention: RetentionService;
    /** Sensor-data reads (issue 12); tests read rawRows() directly. */
    sensorData: SensorDataService;
    /** The MQTT uplink subscriber; null unless MQTT_URL is set. */
    mqtt: MqttSubscriber | null;
    /** The app's Prometheus metrics (GET /metrics); tests read them directly. */
    metrics: Metrics;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
