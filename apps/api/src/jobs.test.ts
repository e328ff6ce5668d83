import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/index.js';
import type { Database, Db } from './db/client.js';
import { backgroundJobs, type JobsOptions } from './jobs.js';
import { createLifecycle } from './lib/lifecycle.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-jobs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const silent = { debug() {}, info() {}, warn() {}, error() {} } as unknown as JobsOptions['log'];

/** The jobs over fakes that write what is asked of them to `calls`. */
function jobsWith(calls: string[], env: Record<string, string>, { postgres = true } = {}) {
  const call =
    (name: string) =>
    async (..._args: unknown[]) => {
      calls.push(name);
      return [] as never;
    };
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'j'.repeat(32),
    STATISTICS_UPKEEP_SECONDS: '0',
    ...env,
  });
  return backgroundJobs({
    config,
    database: { kind: 'pglite', db: {} } as unknown as Database,
    db: {} as Db,
    log: silent,
    partitions: { ensureAhead: call('partitions.ensureAhead') },
    postgresBus: postgres
      ? ({
          start: call('bus.start'),
          close: call('bus.close'),
        } as unknown as JobsOptions['postgresBus'])
      : null,
    reportRenderer: { close: call('renderer.close') },
    mailer: {
      start: call('mailer.start'),
      stop: call('mailer.stop'),
      sweepAttachments: call('mailer.sweepAttachments'),
    },
    webhookWorker: { start: call('webhooks.start'), stop: call('webhooks.stop') },
    previewQueue: { start: call('previews.start'), stop: call('previews.stop') },
    previewRenderer: { close: call('previewRenderer.close') },
    push: { start: call('push.start'), stop: call('push.stop') },
    ingest: {
      drain: call('ingest.drain'),
      authenticate: call('ingest.authenticate'),
      generic: call('ingest.generic'),
      chirpstack: call('ingest.chirpstack'),
      replay: call('ingest.replay'),
    } as unknown as JobsOptions['ingest'],
    journal: { start: call('journal.start'), stop: call('journal.stop') },
    retention: {
      dropExpiredMonths: call('retention.drop'),
      purgeExpired: call('retention.purge'),
    } as unknown as JobsOptions['retention'],
    materialbank: { sweepOrphans: call('materialbank.sweep') } as JobsOptions['materialbank'],
    alarms: { sweepOffline: call('alarms.sweep') } as JobsOptions['alarms'],
    notifications: { sweep: call('notifications.sweep') } as JobsOptions['notifications'],
    mqtt: { start: call('mqtt.start'), stop: call('mqtt.stop') },
    reportRunner: { runDue: call('reportRunner.runDue') },
  });
}

describe('the background jobs', () => {
  it('stop what hands on work before what takes it, all before the database closes', async () => {
    const calls: string[] = [];
    const lifecycle = createLifecycle(jobsWith(calls, { SIMULATE: '0' }).jobs);
    await lifecycle.start('ready');
    expect(calls).toEqual([
      'bus.start',
      'mailer.start',
      'webhooks.start',
      'previews.start',
      'push.start',
      'journal.start',
      'partitions.ensureAhead',
      'mqtt.start',
    ]);
    calls.length = 0;
    await lifecycle.stop();
    // The MQTT subscriber's message in hand is committed before the ingest drains; the drain's
    // commits announce alarms (the bus) and queue their mail (the mailer); the journal's replay
    // hands uplinks to the ingest, so it stops before the drain.
    expect(calls).toEqual([
      'mqtt.stop',
      'journal.stop',
      'ingest.drain',
      'renderer.close',
      'push.stop',
      'previews.stop',
      'previewRenderer.close',
      'webhooks.stop',
      'mailer.stop',
      'bus.close',
    ]);
  });

  it('starts the offline sweep with the app, or after the demo back-fill when simulating', () => {
    const phases = (env: Record<string, string>) =>
      jobsWith([], env, { postgres: false }).jobs.map(
        (job) => `${job.name}: ${job.phase ?? 'ready'}`,
      );
    expect(phases({ SIMULATE: '0' })).toEqual([
      'mailer: ready',
      'webhook delivery: ready',
      'preview renderer: ready',
      'material bank previews: ready',
      'push: ready',
      'report renderer: ready',
      'ingest: ready',
      'intake journal: ready',
      'storage upkeep: ready',
      'statistics upkeep: ready',
      'material bank orphan sweep: ready',
      'mail attachment sweep: ready',
      'report schedules: ready',
      'mqtt subscriber: ready',
      'offline alarm sweep: ready',
      'notification sweep: ready',
    ]);
    expect(phases({ SIMULATE: '1' }).slice(-4)).toEqual([
      'mqtt subscriber: ready',
      'demo simulator: listening',
      'offline alarm sweep: listening',
      'notification sweep: ready',
    ]);
  });
});
