import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism, hostname } from 'node:os';
import path from 'node:path';
// The constants alone: the whole domain package would be loaded before the server listens.
import { RETENTION_MONTHS_MAX } from '@vahti/domain/constants';
import { z } from 'zod';
import { packageFile } from '../lib/package-files.js';
import type { S3Settings } from '../lib/storage/s3-storage.js';
import { DEFAULT_PUSH_SERVICE_HOSTS, type PushConfig, pushConfig } from './push.js';

const DEFAULT_WEB_DIR = packageFile('../web/dist');

/** "noreply@example.fi" or "Vahti <noreply@example.fi>"; no line breaks (header injection). */
const MAILBOX = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** Values that may carry credentials; a bad one is named but never echoed. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'DEVICE_NETWORK_URL',
  'DEVICE_NETWORK_API_KEY',
  'S3_SECRET_ACCESS_KEY',
  'MQTT_URL',
  'MQTT_INGEST_KEY',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
]);

/** An IP address or a CIDR block (10.0.0.0/8, fd00::/8). */
function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe: off (unset, 0 or false), a hop count, or the
 * addresses of the proxies. Never "everyone": then any client could pick its own IP address and
 * walk past the per-address rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '' || value === '0' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrBlock)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count (1) or proxy addresses (10.0.0.1,10.1.0.0/16)',
    });
    return z.NEVER;
  });

/** An optional setting; an empty value (`FOO=` in an env file) counts as unset. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Milliseconds, at least a second. */
const milliseconds = (fallback: number) =>
  z.coerce.number().int().min(1000).max(3_600_000).default(fallback);

/** Messages in flight per instance with a share group, one per connection (ADR 0026). */
const DEFAULT_MQTT_CONNECTIONS = 32;

/** Backups kept by `npm run backup` when BACKUP_KEEP is unset (ADR 0029). */
export const DEFAULT_BACKUP_KEEP = 'daily=7,weekly=4,monthly=6';

/** ChirpStack v4's MQTT integration and The Things Stack v3's MQTT server, uplinks only. */
export const DEFAULT_MQTT_TOPICS = [
  'application/+/device/+/event/up',
  // ChirpStack's device-status answers: battery and margin into device health (issue 25).
  'application/+/device/+/event/status',
  'v3/+/devices/+/up',
];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Several instances (ADR 0030): each answer names its instance in X-Vahti-Instance.
  INSTANCE_NAME: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[\w.-]{1,40}$/, 'letters, digits, _ . - (at most 40)')
      .optional(),
  ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: z.enum(['0', '1']).optional(),
  SIMULATE: z.enum(['0', '1']).optional(),
  WEB_DIR: z.string().min(1).default(DEFAULT_WEB_DIR),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, hostname: /.+/, error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAILBOX, 'must be an address, optionally with a name: Vahti <noreply@example.fi>')
    .default('Vahti <noreply@vahti.invalid>'),
  TRUST_PROXY: trustProxy,
  // Requests to addresses an administrator or user chose (OpenID issuers, webhooks): loopback,
  // private and link-local addresses too? Off, so they cannot reach the server's own network
  // (SSRF); on for tests and on-premise installs.
  OUTBOUND_ALLOW_PRIVATE: z.enum(['0', '1', 'true', 'false']).optional(),
  // GET /metrics from other hosts than this one (ADR 0028); unset, loopback only.
  METRICS_TOKEN: z.preprocess(
    unsetWhenEmpty,
    z.string().trim().min(32, 'must be at least 32 characters').optional(),
  ),
  REQUEST_TIMEOUT_MS: milliseconds(60_000),
  CONNECTION_TIMEOUT_MS: milliseconds(120_000),
  // Open GET /api/events streams per instance (each holds a socket and ~31 KB); 10 per user.
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  DEVICE_NETWORK_URL: z.preprocess(
    unsetWhenEmpty,
    z
      .url({ protocol: /^https?$/, hostname: /.+/, error: 'must be an http:// or https:// URL' })
      .optional(),
  ),
  DEVICE_NETWORK_API_KEY: z.preprocess(unsetWhenEmpty, z.string().trim().min(1).optional()),
  DEVICE_NETWORK_TENANT_ID: z.preprocess(
    unsetWhenEmpty,
    z.guid('must be the tenant id (a UUID)').optional(),
  ),
  // Below the browser's 10 s request timeout (spec 001 §9), so the screen gets our answer.
  DEVICE_NETWORK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(9000).default(8000),
  MATERIALBANK_MAX_FILE_MB: z.coerce.number().positive().max(1024).default(25),
  MATERIALBANK_ORPHAN_GRACE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  ALARM_HYSTERESIS_PERCENT: z.coerce.number().min(0).max(50).default(2),
  // How often silent devices get their offline alarms (ADR 0024); 0 turns the sweep off.
  ALARM_OFFLINE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // How often held notifications (digests, quiet hours) and escalation steps are looked for; 0: never.
  NOTIFY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // How long a claimed mail, push or webhook delivery is held (ADR 0047); unset, per queue.
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).optional(),
  // How often every instance looks for due report schedules (issue 28); 0 turns the job off.
  REPORT_SCHEDULES_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // The longest any organization's measurement data is kept, in months (ADR 0025); unset: no limit.
  MEASUREMENT_RETENTION_MAX_MONTHS: z.coerce
    .number()
    .int()
    .min(1)
    .max(RETENTION_MONTHS_MAX)
    .optional(),
  // How often changed tables are analyzed where the database does not (ADR 0033); 0: never.
  STATISTICS_UPKEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // PDF reports (ADR 0021): render threads (unset: cores − 1, 1…4; 0 renders on the event loop)
  // and how many more reports may wait before 503.
  REPORT_RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  REPORT_QUEUE: z.coerce.number().int().min(0).max(100).default(4),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  MQTT_URL: z.preprocess(
    unsetWhenEmpty,
    z
      .url({
        protocol: /^(mqtts?|wss?)$/,
        hostname: /.+/,
        error: 'must be an mqtt://, mqtts://, ws:// or wss:// URL',
      })
      .optional(),
  ),
  MQTT_TOPICS: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .default(DEFAULT_MQTT_TOPICS.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((topic) => topic.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .max(200)
              .refine(
                (topic) =>
                  !topic.startsWith('$share/') && !/\s/.test(topic) && !topic.includes('\u0000'),
                {
                  error: 'topics without $share/ (MQTT_SHARE_GROUP adds it) and without spaces',
                },
              ),
          )
          .min(1, 'at least one topic'),
      ),
  ),
  MQTT_SHARE_GROUP: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - (or "off")')
      .default('vahti'),
  ),
  MQTT_CLIENT_ID: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[\w.-]{1,100}$/, 'letters, digits, _ . -')
      .optional(),
  ),
  MQTT_INGEST_KEY: z.preprocess(unsetWhenEmpty, z.string().trim().min(1).optional()),
  MQTT_RECONNECT_MAX_MS: milliseconds(60_000),
  // Connections per instance in the share group (ADR 0026); unset: 32 with a share group, else 1.
  MQTT_CONNECTIONS: z.coerce.number().int().min(1).max(64).optional(),
  // Group commit of uplinks (ADR 0022): rows per group, the longest wait, groups at once.
  INGEST_GROUP_MAX_ROWS: z.coerce.number().int().min(1).max(5000).default(1000),
  INGEST_GROUP_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(5),
  INGEST_GROUP_FLUSHES: z.coerce.number().int().min(1).max(8).default(2),
  INGEST_JOURNAL_AFTER_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Web Push (config/push.ts): VAPID keys (embedded: made once into DATA_DIR) and push services.
  VAPID_PUBLIC_KEY: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .regex(/^[\w-]{87}$/, 'must be the base64url public key of npx web-push generate-vapid-keys')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .regex(/^[\w-]{43}$/, 'must be the base64url private key of npx web-push generate-vapid-keys')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// URL')
      .optional(),
  ),
  PUSH_SERVICE_HOSTS: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .regex(
        /^(\*|(\*\.)?[\w.-]+)(\s*,\s*(\*|(\*\.)?[\w.-]+))*$/,
        'host names separated by commas (*.example.com: any subdomain)',
      )
      .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
      .optional(),
  ),
  INGEST_JOURNAL_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  // The old name of OUTBOUND_ALLOW_PRIVATE for webhooks alone: still read, with a warning.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** This instance's name, sent in X-Vahti-Instance on every answer; unset: no header. */
  instanceName: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  jwtSecret: string;
  jwtExpiresInHours: number;
  logLevel: Env['LOG_LEVEL'];
  /** Load demo data into an empty database: always when embedded, with DEMO=1 on PostgreSQL. */
  demo: boolean;
  /** Demo mode: back-fill 30 days of simulated readings and keep a live trickle (SIMULATE=0: off). */
  simulate: boolean;
  webDir: string;
  /** Mail goes out over this SMTP server; without it mail stays in the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /**
   * Requests to addresses an administrator chose (lib/outbound-url.ts): loopback, private and
   * link-local addresses only with OUTBOUND_ALLOW_PRIVATE=1; plain http then, or outside production.
   */
  outbound: { allowPrivate: boolean; allowHttp: boolean };
  /** Settings read under a deprecated name: one line each, logged at start. */
  deprecations: string[];
  /** Bearer token for GET /metrics from a non-loopback address; unset: loopback only (404). */
  metricsToken: string | undefined;
  /** A request (headers and body) must arrive within this; then 408 and the socket closes. */
  requestTimeoutMs: number;
  /** A socket idle this long is closed. */
  connectionTimeoutMs: number;
  /** Open event streams this instance holds at most (503 beyond); 10 per user (429 beyond). */
  eventStreamsMax: number;
  /** The largest material bank upload, in bytes. */
  materialbankMaxFileBytes: number;
  /** A stored object without a database row older than this is removed by the sweep. */
  materialbankOrphanGraceMs: number;
  /** Material bank files go to this S3-compatible bucket; without it to DATA_DIR/materialbank. */
  s3: S3Settings | undefined;
  /** An alarm closes when the value is back inside its limit by this share of the limit span. */
  alarmHysteresisPercent: number;
  /** Period of the offline-alarm sweep in ms; 0: no sweep (tests drive it themselves). */
  alarmOfflineSweepMs: number;
  /** Period of the notification sweep (digests, quiet hours, escalation) in ms; 0: none. */
  notifySweepMs: number;
  /**
   * How long an instance holds a mail, push or webhook delivery it claimed: what a killed
   * instance's deliveries wait before another takes them. Undefined: each queue's own.
   */
  deliveryLeaseMs: number | undefined;
  /** Period of the scheduled-report job in ms; 0: none (tests drive the runner themselves). */
  reportSchedulesMs: number;
  /** The platform's longest retention of measurement data in months; null: none. */
  measurementRetentionMaxMonths: number | null;
  /** Period of the statistics upkeep in ms, where the database has no autovacuum; 0: none. */
  statisticsUpkeepMs: number;
  /** PDF report rendering: worker threads (0: on the event loop) and the reports that may wait. */
  reports: { threads: number; queue: number };
  /** The device-network service (ChirpStack v4 REST API); null when not configured. */
  deviceNetwork: DeviceNetworkConfig | null;
  /** Uplinks over MQTT (ADR 0019); null when MQTT_URL is unset. */
  mqtt: MqttConfig | null;
  /**
   * Group commit of uplinks (ADR 0022): a group is written when maxRows wait or the oldest has
   * waited delayMs, with at most `flushes` groups being written at once (PGlite: always 1).
   */
  ingestGroup: { maxRows: number; delayMs: number; flushes: number };
  /**
   * The intake journal (issue 26): a webhook's uplinks the database has not committed after
   * afterMs (or that failed with the database away) are kept under DATA_DIR/intake-journal and
   * replayed; 0 turns it off. Past maxBytes webhooks answer 507.
   */
  ingestJournal: { afterMs: number; maxBytes: number };
  /**
   * Outbound webhooks: whether they may go to loopback, private and link-local addresses (the
   * same OUTBOUND_ALLOW_PRIVATE as `outbound`), and whether only https is allowed (production).
   */
  webhooks: { allowPrivate: boolean; httpsOnly: boolean };
  /** Web Push's VAPID keys; null (push off) on PostgreSQL without VAPID_PUBLIC_KEY/_PRIVATE_KEY. */
  push: PushConfig | null;
  /** The hosts a push subscription's https endpoint may name (PUSH_SERVICE_HOSTS). */
  pushServiceHosts: string[];
}

export interface MqttConfig {
  /** May carry user:password; never logged (see mqttDisplayUrl). */
  url: string;
  /** Topic filters as configured, without the shared-subscription prefix. */
  topics: string[];
  /** `$share/<group>/` is put in front of every topic; null when MQTT_SHARE_GROUP=off. */
  shareGroup: string | null;
  /** Stable per instance: with clean session off the broker keeps the session under it. */
  clientId: string;
  /** The ingest key whose organization the uplinks belong to; checked for every message. */
  ingestKey: string;
  /** Reconnect back-off: 1 s doubling up to this. */
  reconnectMaxMs: number;
  /**
   * Connections in the share group, each handling one message at a time (ADR 0026): the first
   * under `clientId`, the others under `<clientId>-2` … `-<n>`.
   */
  connections: number;
}

export interface DeviceNetworkConfig {
  /** Base URL of the REST API, without the /api path. */
  url: string;
  /** Sent only in the Grpc-Metadata-Authorization header; never logged or answered. */
  apiKey: string;
  tenantId: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** The schema's values, or a ConfigError naming each bad variable (never echoing a secret). */
function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const got = SECRET_VARIABLES.has(name) ? '(value hidden)' : JSON.stringify(source[name]);
    return `  ${issue.path.join('.')}: ${issue.message} (got ${got})`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Parses the environment once at start; a bad value stops start-up naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(envSchema, source);
  const dataDir = path.resolve(env.DATA_DIR);
  const embedded = env.DATABASE_URL === undefined;
  const { allowPrivate, deprecations } = allowPrivateSetting(env);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    instanceName: env.INSTANCE_NAME,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET ?? embeddedJwtSecret(dataDir, embedded),
    jwtExpiresInHours: env.JWT_EXPIRES_IN_HOURS,
    logLevel: env.LOG_LEVEL,
    demo: embedded ? env.DEMO !== '0' : env.DEMO === '1',
    simulate: env.SIMULATE !== '0',
    webDir: path.resolve(env.WEB_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    outbound: { allowPrivate, allowHttp: env.NODE_ENV !== 'production' || allowPrivate },
    deprecations,
    metricsToken: env.METRICS_TOKEN,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: env.CONNECTION_TIMEOUT_MS,
    eventStreamsMax: env.EVENT_STREAMS_MAX,
    materialbankMaxFileBytes: Math.floor(env.MATERIALBANK_MAX_FILE_MB * 1024 * 1024),
    materialbankOrphanGraceMs: env.MATERIALBANK_ORPHAN_GRACE_MINUTES * 60_000,
    s3: s3Settings(env),
    alarmHysteresisPercent: env.ALARM_HYSTERESIS_PERCENT,
    alarmOfflineSweepMs: env.ALARM_OFFLINE_SWEEP_SECONDS * 1000,
    notifySweepMs: env.NOTIFY_SWEEP_SECONDS * 1000,
    deliveryLeaseMs: env.DELIVERY_LEASE_SECONDS && env.DELIVERY_LEASE_SECONDS * 1000,
    reportSchedulesMs: env.REPORT_SCHEDULES_SECONDS * 1000,
    statisticsUpkeepMs: env.STATISTICS_UPKEEP_SECONDS * 1000,
    measurementRetentionMaxMonths: env.MEASUREMENT_RETENTION_MAX_MONTHS ?? null,
    reports: {
      threads: env.REPORT_RENDER_THREADS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
      queue: env.REPORT_QUEUE,
    },
    deviceNetwork: deviceNetworkConfig(env),
    mqtt: mqttConfig(env),
    ingestGroup: {
      maxRows: env.INGEST_GROUP_MAX_ROWS,
      delayMs: env.INGEST_GROUP_DELAY_MS,
      flushes: env.INGEST_GROUP_FLUSHES,
    },
    ingestJournal: {
      afterMs: env.INGEST_JOURNAL_AFTER_MS,
      maxBytes: env.INGEST_JOURNAL_MAX_MB * 1024 * 1024,
    },
    webhooks: {
      allowPrivate,
      // Only https in production: a webhook's body and signature never cross the network in clear.
      httpsOnly: env.NODE_ENV === 'production',
    },
    push: webPushConfig(env, { dataDir, embedded }),
    pushServiceHosts: env.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
  };
}

/**
 * OUTBOUND_ALLOW_PRIVATE (1/true), or its webhooks-only predecessor WEBHOOK_ALLOW_PRIVATE_NETWORKS
 * with a deprecation line; both set and differing is a configuration error.
 */
function allowPrivateSetting(env: Env) {
  const on = (value: string | undefined) =>
    value === undefined ? undefined : value === '1' || value === 'true';
  const current = on(env.OUTBOUND_ALLOW_PRIVATE);
  const old = on(env.WEBHOOK_ALLOW_PRIVATE_NETWORKS);
  if (old === undefined) return { allowPrivate: current ?? false, deprecations: [] };
  if (current !== undefined && current !== old)
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOK_ALLOW_PRIVATE_NETWORKS: contradicts OUTBOUND_ALLOW_PRIVATE, which replaces it (remove it)',
    );
  return {
    allowPrivate: old,
    deprecations: [
      'WEBHOOK_ALLOW_PRIVATE_NETWORKS is deprecated: set OUTBOUND_ALLOW_PRIVATE instead (it covers webhooks and OpenID issuers alike)',
    ],
  };
}

function webPushConfig(env: Env, where: { dataDir: string; embedded: boolean }) {
  const push = pushConfig(env, { ...where, mailFrom: env.MAIL_FROM });
  if (typeof push === 'string') throw new ConfigError(`Invalid configuration:\n  ${push}`);
  return push;
}

/** MQTT_URL turns the subscriber on; it then needs MQTT_INGEST_KEY. */
function mqttConfig(env: Env): MqttConfig | null {
  if (env.MQTT_URL === undefined) return null;
  if (env.MQTT_INGEST_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  MQTT_INGEST_KEY: required when MQTT_URL is set (an ingest key from Hallinta)',
    );
  }
  const shareGroup = env.MQTT_SHARE_GROUP === 'off' ? null : env.MQTT_SHARE_GROUP;
  // Without a shared subscription every connection would receive every message.
  if (!shareGroup && (env.MQTT_CONNECTIONS ?? 1) > 1) {
    throw new ConfigError(
      'Invalid configuration:\n  MQTT_CONNECTIONS: more than 1 needs a shared subscription (MQTT_SHARE_GROUP is off)',
    );
  }
  return {
    url: env.MQTT_URL,
    topics: env.MQTT_TOPICS,
    shareGroup,
    connections: env.MQTT_CONNECTIONS ?? (shareGroup ? DEFAULT_MQTT_CONNECTIONS : 1),
    // Two instances on one host must not share a client id: the broker would drop the other.
    clientId:
      env.MQTT_CLIENT_ID ??
      `vahti-${hostname()
        .replace(/[^\w.-]/g, '-')
        .slice(0, 80)}${env.INSTANCE_NAME ? `-${env.INSTANCE_NAME}` : ''}`,
    ingestKey: env.MQTT_INGEST_KEY,
    reconnectMaxMs: env.MQTT_RECONNECT_MAX_MS,
  };
}

/** The broker's address for a log line: scheme, host and port, never user or password. */
export function mqttDisplayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

const DEVICE_NETWORK_VARIABLES = [
  'DEVICE_NETWORK_URL',
  'DEVICE_NETWORK_API_KEY',
  'DEVICE_NETWORK_TENANT_ID',
] as const;

/** All three settings, or none (the screen then says the service is not configured). */
function deviceNetworkConfig(env: Env): DeviceNetworkConfig | null {
  const missing = DEVICE_NETWORK_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length === DEVICE_NETWORK_VARIABLES.length) return null;
  if (missing.length > 0) {
    const given = DEVICE_NETWORK_VARIABLES.filter((name) => !missing.includes(name));
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required together with ${given.join(', ')}`,
    );
  }
  return {
    url: (env.DEVICE_NETWORK_URL as string).replace(/\/+$/, ''),
    apiKey: env.DEVICE_NETWORK_API_KEY as string,
    tenantId: env.DEVICE_NETWORK_TENANT_ID as string,
    timeoutMs: env.DEVICE_NETWORK_TIMEOUT_MS,
  };
}

/** What `npm run backup` and `npm run restore` read (ADR 0029). */
export interface BackupConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  s3: S3Settings | undefined;
  /** Where `npm run backup` writes when not given --out. */
  backupDir: string;
  /** BACKUP_KEEP as written: `all`, a count, or `daily=7,weekly=4,monthly=6` (see backup/retention.ts). */
  backupKeep: string;
}

const backupEnvSchema = envSchema
  .pick({
    DATABASE_URL: true,
    DATA_DIR: true,
    S3_ENDPOINT: true,
    S3_BUCKET: true,
    S3_ACCESS_KEY_ID: true,
    S3_SECRET_ACCESS_KEY: true,
    S3_REGION: true,
  })
  .extend({
    BACKUP_DIR: z.preprocess(unsetWhenEmpty, z.string().min(1).default('./backups')),
    BACKUP_KEEP: z.preprocess(unsetWhenEmpty, z.string().trim().default(DEFAULT_BACKUP_KEEP)),
  });

/**
 * The server's database and file settings, read the same way, without what only the server
 * needs (a backup must not require JWT_SECRET, nor create DATA_DIR/jwt-secret).
 */
export function loadBackupConfig(source: NodeJS.ProcessEnv = process.env): BackupConfig {
  const env = parseEnv(backupEnvSchema, source);
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    s3: s3Settings(env),
    backupDir: path.resolve(env.BACKUP_DIR),
    backupKeep: env.BACKUP_KEEP,
  };
}

/** All four S3 settings, or none (then files stay in DATA_DIR). */
function s3Settings(
  env: Pick<
    Env,
    'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION'
  >,
): S3Settings | undefined {
  const given = {
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(given).filter(([, value]) => value === undefined);
  if (missing.length === 4) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map(([name]) => `  ${name}: required with the other S3_ settings`).join('\n')}`,
    );
  }
  return {
    endpoint: env.S3_ENDPOINT as string,
    bucket: env.S3_BUCKET as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    region: env.S3_REGION,
  };
}

/**
 * In embedded mode the signing secret is generated on first start and kept in DATA_DIR, so a
 * newcomer needs no setup and no secret lives in the code. With PostgreSQL several instances
 * must share one secret, so it has to come from JWT_SECRET.
 */
function embeddedJwtSecret(dataDir: string, embedded: boolean): string {
  if (!embedded) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set (at least 32 characters)',
    );
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
