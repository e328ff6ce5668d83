import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { type App, buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/index.js';
import type { Services } from '../../src/container.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/db/seed.js';
import {
  adminQuery,
  PGLITE_DEMO_IMAGE_ENV,
  PGLITE_IMAGE_ENV,
  POSTGRES_DEMO_TEMPLATE_ENV,
  POSTGRES_RUN_ENV,
  POSTGRES_TEMPLATE_ENV,
  withDatabase,
} from '../database-image.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DRIVER = TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** The VAPID key pair of this test process. */
export const TEST_VAPID_KEYS = webpush.generateVAPIDKeys();

/**
 * The settings of work that runs by the clock, for every app a test builds: tests drive it
 * themselves, at a time they choose.
 */
export const TEST_TIMING = {
  // The offline-alarm sweep with a fixed time (services.alarms.sweepOffline).
  ALARM_OFFLINE_SWEEP_SECONDS: '0',
  // Digests and escalation with a fixed time (services.notifications).
  NOTIFY_SWEEP_SECONDS: '0',
  REPORT_SCHEDULES_SECONDS: '0',
  // Tables are analyzed only where a test asks (statistics.test.ts), not under other tests.
  STATISTICS_UPKEEP_SECONDS: '0',
  // A test judges an ingest call by what it stored: a commit slower than the intake journal's
  // 3 s (a loaded CI machine) is not answered 202 and stored later. The journal itself, and its
  // deadline, are tested where they are the subject (journal.test.ts, fault-postgres.test.ts).
  INGEST_JOURNAL_AFTER_MS: '60000',
};

export interface TestContext {
  app: App;
  /** The app's services (container.ts), for what a test drives directly: a sweep, a delivery. */
  services: Services;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: an in-memory PGlite, or a new database created on the
 * PostgreSQL of TEST_DATABASE_URL and dropped afterwards. Demo data is loaded unless asked not to.
 */
export async function createTestApp(
  options: {
    demo?: boolean;
    env?: Record<string, string>;
    /** Log as production does (level info) to this destination instead of not at all. */
    logDestination?: { write(line: string): void };
    /** The HTTPS agent Web Push sends with (test/helpers/push-receiver.ts trusts its receiver). */
    pushAgent?: Agent;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vahti-test-'));
  const demo = options.demo !== false;
  const fresh = TEST_DATABASE_URL
    ? await createPostgresDatabase(TEST_DATABASE_URL, { demo })
    : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: options.logDestination ? 'info' : 'silent',
    TRUST_PROXY: '1',
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...TEST_TIMING,
    // Web Push on, on PGlite and PostgreSQL alike (embedded, the keys would go to DATA_DIR).
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    ...(fresh && { DATABASE_URL: fresh.url }),
    ...options.env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: null,
    pgliteImage: pgliteImage(demo),
  });
  // The run's images already hold the demo data; without them (a file run outside the global
  // setup) it is loaded here.
  const image = TEST_DATABASE_URL ? fresh?.template : process.env[PGLITE_DEMO_IMAGE_ENV];
  if (demo && !image) await seedDemoData(database.db);
  const { app, container } = await buildApp({
    config,
    database,
    ...(options.logDestination ? { logDestination: options.logDestination } : { logger: false }),
    ...(options.pushAgent && { pushAgent: options.pushAgent }),
    checkAnswers: true,
  });
  await app.ready();
  return {
    app,
    services: container.services,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The migrated PGlite image the global setup made for this run (with the demo data), if any. */
function pgliteImage(demo: boolean): Blob | undefined {
  const file = process.env[demo ? PGLITE_DEMO_IMAGE_ENV : PGLITE_IMAGE_ENV];
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A new database, copied from the run's migrated template (with the demo data if asked) when
 * the global setup made one.
 */
export async function createPostgresDatabase(adminUrl: string, { demo = false } = {}) {
  const name = `${process.env[POSTGRES_RUN_ENV] ?? 'vahti_test'}_${randomBytes(6).toString('hex')}`;
  const template = process.env[demo ? POSTGRES_DEMO_TEMPLATE_ENV : POSTGRES_TEMPLATE_ENV];
  await adminQuery(
    adminUrl,
    `create database ${name}${template ? ` template ${template}` : ''}`,
    // A test database need not outlive a crash of the server: a commit does not wait for the
    // disk (on a busy machine that wait was most of a write's time). The app sees no difference.
    `alter database ${name} set synchronous_commit = off`,
  );
  return {
    url: withDatabase(adminUrl, name),
    template,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Signs in through the real endpoint and returns the bearer token. */
export async function login(
  app: TestContext['app'],
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { userEmail: email, userPassword: password },
  });
  if (res.statusCode !== 200)
    throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let lastIp = 0;
/**
 * The one place that says where a test request comes from. Today the app trusts the
 * X-Forwarded-For header (trustProxy is on); when that becomes configurable, only these two
 * functions change.
 */
export function fromIp(ip: string): { 'x-forwarded-for': string } {
  return { 'x-forwarded-for': ip };
}

/**
 * Headers that make a request come from an address no other test has used, so the per-IP rate
 * limits of one test do not leak into another.
 */
export function fromNewIp(): { 'x-forwarded-for': string } {
  return fromIp(newIp());
}

/** A client address no other test has used. */
export function newIp(): string {
  lastIp += 1;
  return `198.51.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
}
