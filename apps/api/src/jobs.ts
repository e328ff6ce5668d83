import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/index.js';
import type { Database, Db } from './db/client.js';
import { backfillNotice, printLines } from './db/demo/banner.js';
import { type DemoSimulation, startDemoSimulation } from './db/demo/simulation.js';
import type { MeasurementPartitions } from './db/partitions.js';
import { analyzeChanged, analyzesItself } from './db/statistics.js';
import type { Job, Phase } from './lib/lifecycle.js';
import { startPeriodic } from './lib/periodic.js';
import type { AlarmsService } from './modules/alarms/alarms.service.js';
import type { PostgresEventBus } from './modules/events/postgres-event-bus.js';
import type { IngestService } from './modules/ingest/ingest.service.js';
import type { IntakeJournal } from './modules/ingest/journal.js';
import type { MqttSubscriber } from './modules/ingest/mqtt-subscriber.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { MaterialbankService } from './modules/materialbank/materialbank.service.js';
import { startOrphanSweep } from './modules/materialbank/orphan-sweep.js';
import type { PreviewQueue } from './modules/materialbank/preview-queue.js';
import type { PreviewRenderer } from './modules/materialbank/preview-renderer.js';
import type { NotificationsService } from './modules/notifications/notifications.service.js';
import type { PushService } from './modules/push/push.service.js';
import type { ReportRunner } from './modules/report-schedules/report-runner.js';
import type { ReportRenderer } from './modules/reports/render-pool.js';
import type { RetentionService } from './modules/retention/retention.service.js';
import { startStorageUpkeep } from './modules/retention/storage-upkeep.js';
import type { WebhookWorker } from './modules/webhooks/webhook-worker.js';

export interface JobsOptions {
  config: Config;
  database: Database;
  /** The transaction-aware handle the repositories use. */
  db: Db;
  log: FastifyBaseLogger;
  partitions: Pick<MeasurementPartitions, 'ensureAhead'>;
  /** PostgreSQL's LISTEN/NOTIFY bus; null on PGlite, whose bus is in process and needs no job. */
  postgresBus: PostgresEventBus | null;
  reportRenderer: Pick<ReportRenderer, 'close'>;
  mailer: Pick<Mailer, 'start' | 'stop' | 'sweepAttachments'>;
  webhookWorker: Pick<WebhookWorker, 'start' | 'stop'>;
  previewQueue: Pick<PreviewQueue, 'start' | 'stop'>;
  previewRenderer: Pick<PreviewRenderer, 'close'>;
  push: Pick<PushService, 'start' | 'stop'>;
  ingest: Pick<IngestService, 'drain' | 'authenticate' | 'generic' | 'chirpstack' | 'replay'>;
  /** The intake journal, unless INGEST_JOURNAL_AFTER_MS=0. */
  journal: Pick<IntakeJournal, 'start' | 'stop'> | null;
  retention: Pick<RetentionService, 'dropExpiredMonths' | 'purgeExpired'>;
  materialbank: Pick<MaterialbankService, 'sweepOrphans'>;
  alarms: Pick<AlarmsService, 'sweepOffline'>;
  notifications: Pick<NotificationsService, 'sweep'>;
  mqtt: Pick<MqttSubscriber, 'start' | 'stop'> | null;
  reportRunner: Pick<ReportRunner, 'runDue'>;
}

/**
 * The app's background work, in start order; the lifecycle stops it in the reverse order, all of
 * it before the database closes (ADR 0034). A job stops before what it hands work to: the demo
 * simulator and the MQTT subscriber before the ingest's drain, the drain (whose commits announce
 * alarms and queue their mail) before the mailer and the event bus.
 */
export function backgroundJobs(options: JobsOptions) {
  const { config, database, db, log, partitions, postgresBus, mailer, ingest, journal, mqtt } =
    options;
  // In demo mode with the simulator the offline sweep starts after the 30-day back-fill, during
  // which every device would look silent.
  const simulated = config.demo && config.simulate;
  let simulation: DemoSimulation | undefined;
  const jobs: Job[] = [
    // Live updates on PostgreSQL (ADR 0023): the LISTEN connection of this instance.
    ...(postgresBus
      ? [{ name: 'event bus', start: () => postgresBus.start(), stop: () => postgresBus.close() }]
      : []),
    // Mail delivery runs beside the requests.
    { name: 'mailer', start: () => mailer.start(), stop: () => mailer.stop() },
    // Outbound webhook delivery, likewise (docs/webhooks.md).
    {
      name: 'webhook delivery',
      start: () => options.webhookWorker.start(),
      stop: () => options.webhookWorker.stop(),
    },
    // Material bank previews (ADR 0051), likewise; the worker stops before its render thread.
    { name: 'preview renderer', start() {}, stop: () => options.previewRenderer.close() },
    {
      name: 'material bank previews',
      start: () => options.previewQueue.start(),
      stop: () => options.previewQueue.stop(),
    },
    // Web Push delivery, like the mail's (issue 28).
    { name: 'push', start: () => options.push.start(), stop: () => options.push.stop() },
    // The PDF report's worker threads (ADR 0021), made on the first report.
    { name: 'report renderer', start() {}, stop: () => options.reportRenderer.close() },
    // Uplinks still waiting for their group are written; the events they announce are sent.
    { name: 'ingest', start() {}, stop: () => ingest.drain() },
    // The intake journal's replay (issue 26): what a previous run left first, then whatever the
    // webhooks put there while the database is away. It hands uplinks to the ingest's writer, so
    // it stops before the drain.
    ...(journal
      ? [
          {
            name: 'intake journal',
            start: () => journal.start(ingest.replay),
            stop: () => journal.stop(),
          },
        ]
      : []),
    // Monthly partitions of measurement_data (ADR 0025): created ahead at start, then daily with
    // the retention per organization.
    periodic('storage upkeep', async () => {
      await partitions.ensureAhead();
      return startStorageUpkeep({ partitions, retention: options.retention, log });
    }),
    // Planner statistics (ADR 0033): where the database does not analyze by itself (PGlite, or
    // PostgreSQL with autovacuum off) every instance applies autovacuum's rule once a minute;
    // everywhere, measurement_data itself (which autovacuum leaves out) hourly while it fills.
    periodic('statistics upkeep', async () => {
      if (config.statisticsUpkeepMs === 0) return undefined;
      const tables = !(await analyzesItself(database));
      return startPeriodic({
        name: 'statistics upkeep',
        intervalMs: config.statisticsUpkeepMs,
        log,
        task: async () => {
          const analyzed = await analyzeChanged(db, { tables });
          if (analyzed.length > 0) log.debug({ tables: analyzed }, 'tables analyzed');
        },
      });
    }),
    periodic('material bank orphan sweep', async () => startOrphanSweep(options.materialbank, log)),
    // Mail attachments (scheduled reports' files) that no waiting mail names, hourly: what the
    // removal after each send missed (ADR 0041).
    periodic('mail attachment sweep', async () =>
      startPeriodic({
        name: 'mail attachment sweep',
        intervalMs: 60 * 60_000,
        log,
        task: async () => {
          const removed = await mailer.sweepAttachments();
          if (removed > 0) log.info({ removed }, 'old mail attachments removed');
        },
      }),
    ),
    // Scheduled reports (issue 28): every instance looks for due schedules once a minute; a
    // claimed row keeps two from running one. Stops before the mailer it queues mail to.
    periodic('report schedules', async () =>
      config.reportSchedulesMs === 0
        ? undefined
        : startPeriodic({
            name: 'report schedules',
            intervalMs: config.reportSchedulesMs,
            log,
            task: () => options.reportRunner.runDue(),
          }),
    ),
    // Uplinks over MQTT when MQTT_URL is set (ADR 0019); its stop waits until each connection's
    // message in hand is committed and acknowledged.
    ...(mqtt
      ? [{ name: 'mqtt subscriber', start: () => mqtt.start(), stop: () => mqtt.stop() }]
      : []),
    // Demo mode's simulated sensors: the back-fill through the ingest, then a trickle.
    ...(simulated
      ? [
          {
            name: 'demo simulator',
            phase: 'listening' as const,
            start: async () => {
              simulation = await startDemoSimulation({
                db: database.db,
                ingest,
                dataDir: config.dataDir,
                log: (message, err) => log.error({ err }, message),
                onBackfill: (backfill) =>
                  printLines(log, backfillNotice(config.publicUrl, backfill)),
              });
            },
            stop: () => simulation?.stop(),
          },
        ]
      : []),
    // Offline alarms (ADR 0024): silent devices are looked for every minute by every instance.
    periodic(
      'offline alarm sweep',
      async () =>
        config.alarmOfflineSweepMs === 0
          ? undefined
          : startPeriodic({
              name: 'offline alarm sweep',
              intervalMs: config.alarmOfflineSweepMs,
              log,
              task: () => options.alarms.sweepOffline(),
            }),
      simulated ? 'listening' : 'ready',
    ),
    // Held notifications (digests, the end of quiet hours) and due escalation steps: every
    // instance sweeps; each user's held rows and each escalation sweep are claimed with an
    // advisory lock, so each goes out once.
    periodic('notification sweep', async () =>
      config.notifySweepMs === 0
        ? undefined
        : startPeriodic({
            name: 'notification sweep',
            intervalMs: config.notifySweepMs,
            log,
            task: () => options.notifications.sweep(),
          }),
    ),
  ];
  return {
    jobs,
    /** What the demo simulator back-filled, once it has started; undefined without one. */
    simulation: () => simulation,
  };
}

/** A job around a timer: `start` returns what stops it, or nothing when it is turned off. */
function periodic(
  name: string,
  start: () => Promise<{ stop(): Promise<void> } | undefined>,
  phase: Phase = 'ready',
): Job {
  let running: { stop(): Promise<void> } | undefined;
  return {
    name,
    phase,
    start: async () => {
      running = await start();
    },
    stop: () => running?.stop(),
  };
}
