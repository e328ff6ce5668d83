import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_BACKUP_KEEP,
  loadBackupConfig,
  loadConfig,
  mqttDisplayUrl,
} from './index.js';
import { DEFAULT_PUSH_SERVICE_HOSTS, pushHostAllowed } from './push.js';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'vahti-config-'));

describe('loadConfig', () => {
  it('defaults to port 3000, PGlite under DATA_DIR and demo data', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.simulate).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, SIMULATE: '0' }).simulate).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
    // The generated secret is kept, so a restart keeps everyone signed in.
    expect(config.jwtSecret).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'kolme' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('reads SMTP_URL and MAIL_FROM, and never echoes a secret it refuses', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Vahti <noreply@vahti.invalid>',
    });
    const config = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: 'smtps://vahti:salainen@smtp.example.fi:465',
      MAIL_FROM: 'Vahti-palvelu <vahti@example.fi>',
    });
    expect(config.smtpUrl).toBe('smtps://vahti:salainen@smtp.example.fi:465');
    expect(config.mailFrom).toBe('Vahti-palvelu <vahti@example.fi>');
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://vahti:salainen@x.fi' })).toThrow(
      /SMTP_URL: .*value hidden/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://vahti:salainen@x.fi' })).not.toThrow(
      /salainen/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtp:/nohost' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_FROM: 'ei osoite' })).toThrow(/MAIL_FROM/);
    expect(() =>
      loadConfig({ DATA_DIR: dir, MAIL_FROM: 'x@example.fi\r\nBcc: y@example.fi' }),
    ).toThrow(/MAIL_FROM/);
  });

  it('reads the device-network settings all three or none, and never echoes the key', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).deviceNetwork).toBeNull();
    const tenant = '52f14cd4-c6f1-4fbd-8f87-4025e1d49242';
    const full = {
      DATA_DIR: dir,
      DEVICE_NETWORK_URL: 'https://chirpstack.example.fi:8090/',
      DEVICE_NETWORK_API_KEY: 'salainen-avain',
      DEVICE_NETWORK_TENANT_ID: tenant,
    };
    expect(loadConfig(full).deviceNetwork).toEqual({
      url: 'https://chirpstack.example.fi:8090',
      apiKey: 'salainen-avain',
      tenantId: tenant,
      timeoutMs: 8000,
    });
    // Empty values (FOO= in an env file) count as unset.
    expect(
      loadConfig({ DATA_DIR: dir, DEVICE_NETWORK_URL: '', DEVICE_NETWORK_API_KEY: '' })
        .deviceNetwork,
    ).toBeNull();
    const { DEVICE_NETWORK_TENANT_ID: _tenant, ...withoutTenant } = full;
    expect(() => loadConfig(withoutTenant)).toThrow(/DEVICE_NETWORK_TENANT_ID: required together/);
    expect(() => loadConfig(withoutTenant)).not.toThrow(/salainen/);
    expect(() => loadConfig({ ...full, DEVICE_NETWORK_TENANT_ID: 'tenant' })).toThrow(
      /DEVICE_NETWORK_TENANT_ID/,
    );
    expect(() =>
      loadConfig({ ...full, DEVICE_NETWORK_URL: 'ftp://user:salainen@chirpstack.example.fi' }),
    ).toThrow(/DEVICE_NETWORK_URL: .*value hidden/);
    expect(() => loadConfig({ ...full, DEVICE_NETWORK_TIMEOUT_MS: '10000' })).toThrow(
      /DEVICE_NETWORK_TIMEOUT_MS/,
    );
  });

  it('needs JWT_SECRET with PostgreSQL and loads demo data there only with DEMO=1', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/JWT_SECRET/);
    const secret = 's'.repeat(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: secret }).demo).toBe(
      false,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: secret, DEMO: '1' }).demo,
    ).toBe(true);
  });
  it('reads the MQTT settings: off without MQTT_URL, the key required, secrets never echoed', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).mqtt).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, MQTT_URL: '' }).mqtt).toBeNull();
    const url = 'mqtt://vahti:salainen@broker.example.fi:1883';
    expect(() => loadConfig({ DATA_DIR: dir, MQTT_URL: url })).toThrow(/MQTT_INGEST_KEY: required/);
    const mqtt = loadConfig({ DATA_DIR: dir, MQTT_URL: url, MQTT_INGEST_KEY: 'vahti_ik_x' }).mqtt;
    expect(mqtt).toMatchObject({
      url,
      topics: [
        'application/+/device/+/event/up',
        'application/+/device/+/event/status',
        'v3/+/devices/+/up',
      ],
      shareGroup: 'vahti',
      ingestKey: 'vahti_ik_x',
      reconnectMaxMs: 60_000,
      connections: 32,
    });
    expect(mqtt?.clientId).toMatch(/^vahti-[\w.-]+$/);
    // Two instances on one host get two client ids from their names.
    const named = loadConfig({
      DATA_DIR: dir,
      MQTT_URL: url,
      MQTT_INGEST_KEY: 'vahti_ik_x',
      INSTANCE_NAME: 'b',
    }).mqtt;
    expect(named?.clientId).toBe(`${mqtt?.clientId}-b`);
    expect(() => loadConfig({ DATA_DIR: dir, INSTANCE_NAME: 'a b' })).toThrow(/INSTANCE_NAME/);
    const custom = loadConfig({
      DATA_DIR: dir,
      MQTT_URL: 'mqtts://broker.example.fi',
      MQTT_INGEST_KEY: 'vahti_ik_x',
      MQTT_TOPICS: ' a/+/up , b/# ',
      MQTT_SHARE_GROUP: 'off',
      MQTT_CLIENT_ID: 'vahti-1',
      MQTT_RECONNECT_MAX_MS: '5000',
    }).mqtt;
    expect(custom).toMatchObject({
      topics: ['a/+/up', 'b/#'],
      shareGroup: null,
      clientId: 'vahti-1',
      reconnectMaxMs: 5000,
      connections: 1,
    });
    const bad = (env: Record<string, string>) => () =>
      loadConfig({ DATA_DIR: dir, MQTT_URL: url, MQTT_INGEST_KEY: 'vahti_ik_x', ...env });
    expect(bad({ MQTT_URL: 'http://vahti:salainen@broker' })).toThrow(/MQTT_URL: .*value hidden/);
    expect(bad({ MQTT_URL: 'http://vahti:salainen@broker' })).not.toThrow(/salainen/);
    expect(bad({ MQTT_TOPICS: '$share/x/a/up' })).toThrow(/MQTT_TOPICS/);
    expect(bad({ MQTT_CLIENT_ID: 'a b' })).toThrow(/MQTT_CLIENT_ID/);
    expect(
      loadConfig({ DATA_DIR: dir, MQTT_URL: url, MQTT_INGEST_KEY: 'k', MQTT_CONNECTIONS: '3' }).mqtt
        ?.connections,
    ).toBe(3);
    expect(bad({ MQTT_CONNECTIONS: '0' })).toThrow(/MQTT_CONNECTIONS/);
    expect(bad({ MQTT_CONNECTIONS: '65' })).toThrow(/MQTT_CONNECTIONS/);
    // Without a shared subscription each connection would receive every message.
    expect(bad({ MQTT_SHARE_GROUP: 'off', MQTT_CONNECTIONS: '2' })).toThrow(
      /MQTT_CONNECTIONS: more than 1 needs a shared subscription/,
    );
    // A log line names the broker without its credentials.
    expect(mqttDisplayUrl(url)).toBe('mqtt://broker.example.fi:1883');
  });

  it('reads the group commit settings, with defaults and bounds', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).ingestGroup).toEqual({
      maxRows: 1000,
      delayMs: 5,
      flushes: 2,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        INGEST_GROUP_MAX_ROWS: '200',
        INGEST_GROUP_DELAY_MS: '0',
        INGEST_GROUP_FLUSHES: '4',
      }).ingestGroup,
    ).toEqual({ maxRows: 200, delayMs: 0, flushes: 4 });
    expect(() => loadConfig({ DATA_DIR: dir, INGEST_GROUP_MAX_ROWS: '0' })).toThrow(
      /INGEST_GROUP_MAX_ROWS/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, INGEST_GROUP_FLUSHES: '9' })).toThrow(
      /INGEST_GROUP_FLUSHES/,
    );
  });

  it('reads one private-network setting for OpenID issuers and webhooks, the old name with a warning', () => {
    const dir = tmp();
    const read = (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', ...env });
      return [config.outbound, config.webhooks.allowPrivate, config.deprecations.length];
    };
    const closed = { allowPrivate: false, allowHttp: false };
    const open = { allowPrivate: true, allowHttp: true };
    expect(read({})).toEqual([closed, false, 0]);
    expect(read({ OUTBOUND_ALLOW_PRIVATE: '1' })).toEqual([open, true, 0]);
    expect(read({ OUTBOUND_ALLOW_PRIVATE: 'true' })).toEqual([open, true, 0]);
    expect(read({ OUTBOUND_ALLOW_PRIVATE: '0' })).toEqual([closed, false, 0]);
    // The webhooks' old name still works, for both, and says it is deprecated.
    expect(read({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' })).toEqual([open, true, 1]);
    expect(
      loadConfig({ DATA_DIR: dir, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' }).deprecations[0],
    ).toMatch(/^WEBHOOK_ALLOW_PRIVATE_NETWORKS is deprecated: set OUTBOUND_ALLOW_PRIVATE/);
    expect(read({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', OUTBOUND_ALLOW_PRIVATE: '1' })).toEqual([
      open,
      true,
      1,
    ]);
    expect(() =>
      read({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', OUTBOUND_ALLOW_PRIVATE: '0' }),
    ).toThrow(/WEBHOOK_ALLOW_PRIVATE_NETWORKS: contradicts OUTBOUND_ALLOW_PRIVATE/);
    expect(() => read({ OUTBOUND_ALLOW_PRIVATE: 'yes' })).toThrow(/OUTBOUND_ALLOW_PRIVATE/);
  });

  it('reads METRICS_TOKEN: unset by default, at least 32 characters, never echoed', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'm'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: token }).metricsToken).toBe(token);
    const short = () => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'lyhyt-salaisuus' });
    expect(short).toThrow(/METRICS_TOKEN: .*value hidden/);
    expect(short).not.toThrow(/lyhyt-salaisuus/);
  });
});

describe('Web Push settings', () => {
  it('makes the VAPID keys once into DATA_DIR (0600) when embedded, and keeps them', () => {
    const dir = tmp();
    const push = loadConfig({ DATA_DIR: dir }).push;
    expect(push?.vapidPublicKey).toMatch(/^[\w-]{87}$/);
    expect(push?.vapidSubject).toBe('mailto:noreply@vahti.invalid');
    const file = path.join(dir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).push).toEqual(push);
    expect(loadConfig({ DATA_DIR: dir }).pushServiceHosts).toContain('fcm.googleapis.com');
  });

  it('on PostgreSQL takes them from the environment, or turns push off without them', () => {
    const env = {
      DATA_DIR: tmp(),
      DATABASE_URL: 'postgres://db/vahti',
      JWT_SECRET: 'j'.repeat(32),
    };
    expect(loadConfig(env).push).toBeNull();
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig({ ...env, ...keys, VAPID_SUBJECT: 'https://vahti.example.fi' }).push).toEqual(
      {
        vapidPublicKey: keys.VAPID_PUBLIC_KEY,
        vapidPrivateKey: keys.VAPID_PRIVATE_KEY,
        vapidSubject: 'https://vahti.example.fi',
      },
    );
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY: .*\(got \(value hidden\)\)/,
    );
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'vahti' })).toThrow(/VAPID_SUBJECT/);
    expect(
      loadConfig({ ...env, PUSH_SERVICE_HOSTS: 'Push.Example.fi, *.push.test' }).pushServiceHosts,
    ).toEqual(['push.example.fi', '*.push.test']);
    expect(() => loadConfig({ ...env, PUSH_SERVICE_HOSTS: 'https://x' })).toThrow(
      /PUSH_SERVICE_HOSTS/,
    );
  });

  it('allows a push endpoint only on the listed hosts', () => {
    expect(pushHostAllowed('fcm.googleapis.com', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(true);
    expect(pushHostAllowed('wns2-db5p.notify.windows.com', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(true);
    expect(pushHostAllowed('notify.windows.com.evil.fi', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(false);
    expect(pushHostAllowed('evilnotify.windows.com', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(false);
    expect(pushHostAllowed('127.0.0.1', DEFAULT_PUSH_SERVICE_HOSTS)).toBe(false);
    expect(pushHostAllowed('10.0.0.1', ['*'])).toBe(true);
  });
});

describe('loadBackupConfig', () => {
  it("reads the server's database and file settings without needing or making a JWT secret", () => {
    const dir = tmp();
    const config = loadBackupConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://vahti:salasana@db:5432/vahti',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'vahti',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config).toMatchObject({
      dataDir: dir,
      databaseUrl: 'postgres://vahti:salasana@db:5432/vahti',
      s3: { bucket: 'vahti', region: 'us-east-1' },
      backupDir: path.resolve('./backups'),
      backupKeep: DEFAULT_BACKUP_KEEP,
    });
    expect(loadBackupConfig({ DATA_DIR: dir }).databaseUrl).toBeUndefined();
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('stops on a bad value as the server does, never echoing a secret', () => {
    expect(() => loadBackupConfig({ DATABASE_URL: 'mysql://u:salasana@x/db' })).toThrow(
      /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/ \(got \(value hidden\)\)/,
    );
    expect(() => loadBackupConfig({ S3_BUCKET: 'vahti' })).toThrow(/S3_ENDPOINT: required/);
  });
});
