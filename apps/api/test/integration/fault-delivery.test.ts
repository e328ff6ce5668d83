import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotifyKind } from '@vahti/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/client.js';
import {
  alarmLimits,
  deviceTypes,
  mailOutbox,
  notificationSettings,
  pushDeliveries,
  pushSubscriptions,
  targetContactUsers,
  users,
  webhookDeliveries,
} from '../../src/db/schema/index.js';
import {
  createPostgresDatabase,
  DRIVER,
  TEST_DATABASE_URL,
  TEST_VAPID_KEYS,
} from '../helpers/app.js';
import { deviceTypeOf, measurementOf, storeDevice } from '../helpers/device-fixtures.js';
import { loadFixtures } from '../helpers/fixtures.js';
import { freePort, until } from '../helpers/private-services.js';
import { startPushReceiver } from '../helpers/push-receiver.js';
import {
  demoAdminToken,
  type ServerProcess,
  startServerProcess,
} from '../helpers/server-process.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { startWebhookReceiver, verifySignature } from '../helpers/webhook-receiver.js';

/**
 * Fault: an instance killed mid-delivery (issue 28, ADR 0047). Two server processes (npm start)
 * on one PostgreSQL database, a real SMTP server, a push service that decrypts every message and
 * a webhook receiver, each answering slowly so that deliveries are in flight. An alarm storm
 * (DEVICES alarms, each to USERS contact users by mail and push, and to a webhook) arrives at A;
 * A is killed with SIGKILL once every channel has delivered some but not all. B must deliver the
 * rest once A's leases run out (DELIVERY_LEASE_SECONDS): nothing lost. A message arrives twice
 * only if A handed it over and died before recording it, so each duplicate's first copy came
 * before the kill, they are at most A's claimed batch per channel, and a duplicate carries the
 * same idempotency key (Message-ID, X-Vahti-Delivery, the push's Topic and tag). PostgreSQL only.
 */
const DEVICES = 40;
const USERS = 4;
const LEASE_SECONDS = 6;
/** What one pass of an instance claims at once (mailer.ts, push.service.ts, webhook-worker.ts). */
const CLAIMED = { mail: 10, push: 20, webhook: 10 };
/**
 * How long after the kill this process may still be taking in what A sent before it died. Far
 * below the lease: B sends nothing A had claimed before A's lease has run out.
 */
const HANDED_OVER_MS = 2_000;

describe.skipIf(DRIVER !== 'postgres')('fault: an instance killed mid-delivery (postgres)', () => {
  it('delivers every mail, push and webhook at least once, and twice only what the dead instance had handed over', {
    timeout: 180_000,
  }, async () => {
    const database = await createPostgresDatabase(TEST_DATABASE_URL as string, { demo: true });
    const smtp = await startSmtpServer(0, { delayMs: 40 });
    const pushService = await startPushReceiver({ delayMs: 300 });
    const hooks = await startWebhookReceiver();
    hooks.state.delayMs = 700;
    const work = mkdtempSync(path.join(tmpdir(), 'vahti-fault-delivery-'));
    const ca = path.join(work, 'push-ca.pem');
    writeFileSync(ca, pushService.cert);
    const db = await openDatabase({ databaseUrl: database.url });
    const servers: ServerProcess[] = [];
    try {
      // --- the storm's data: a target, its contact users (mail and push on), devices with limits
      const fx = await loadFixtures(db.db);
      const org = fx.orgA.id;
      const target = await fx.create.target(org);
      const type = await deviceTypeOf(db.db, org, 'Sisäilma CO2');
      await db.db
        .update(deviceTypes)
        .set({ deviceTypeAlarmDelayMinutes: null })
        .where(eq(deviceTypes.deviceTypeId, type.id));
      const co2 = await measurementOf(db.db, org, 'CO2');
      const everything = {
        organizationId: org,
        enabled: true,
        allTargets: true,
        kinds: ['up', 'down', 'offline', 'lowBattery'] as NotifyKind[],
        events: ['opened' as const],
        digest: false,
        digestHour: 7,
        escalations: true,
      };
      for (let u = 0; u < USERS; u++) {
        const userId = await fx.create.user(org);
        await db.db
          .update(users)
          .set({ userPermissions: [1, 2] })
          .where(eq(users.userId, userId));
        await db.db.insert(targetContactUsers).values({ targetId: target, userId });
        await db.db.insert(notificationSettings).values([
          { ...everything, userId, channel: 'email' as const },
          { ...everything, userId, channel: 'push' as const },
        ]);
        const browser = pushService.browser(`u${u}`);
        await db.db.insert(pushSubscriptions).values({
          organizationId: org,
          userId,
          endpoint: browser.endpoint,
          p256dh: browser.keys.p256dh,
          auth: browser.keys.auth,
          label: 'Testi',
        });
      }
      const euis: string[] = [];
      for (let d = 0; d < DEVICES; d++) {
        const device = await storeDevice(db.db, {
          organizationId: org,
          targetId: target,
          typeId: type.id,
        });
        await db.db.insert(alarmLimits).values({
          organizationId: org,
          deviceId: device.id,
          measurementId: co2,
          lowLimit: 0,
          highLimit: 1000,
        });
        euis.push(device.eui);
      }

      // --- two instances on the database
      const env = (name: string) => ({
        DATABASE_URL: database.url,
        DATA_DIR: path.join(work, name),
        DEMO: '0',
        INSTANCE_NAME: name,
        SMTP_URL: smtp.url,
        VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
        VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
        VAPID_SUBJECT: 'mailto:valvomo@example.fi',
        PUSH_SERVICE_HOSTS: '127.0.0.1',
        NODE_EXTRA_CA_CERTS: ca,
        OUTBOUND_ALLOW_PRIVATE: '1',
        DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
        NOTIFY_SWEEP_SECONDS: '0',
        REPORT_SCHEDULES_SECONDS: '0',
        ALARM_OFFLINE_SWEEP_SECONDS: '0',
        // The storm's answer waits for its commit (a loaded machine would journal it instead).
        INGEST_JOURNAL_AFTER_MS: '60000',
      });
      const [portA, portB] = [await freePort(), await freePort()];
      const starting = Date.now();
      const [a, b] = await Promise.all([
        startServerProcess(portA, env('a')),
        startServerProcess(portB, env('b')),
      ]);
      servers.push(a, b);
      const startSeconds = (Date.now() - starting) / 1000;
      const base = `http://127.0.0.1:${portA}`;
      const admin = { authorization: `Bearer ${await demoAdminToken(base)}` };
      const post = (url: string, body: unknown, headers: Record<string, string>) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await post(
        '/api/webhooks',
        { name: 'Valvomo', url: hooks.url, events: ['alarm.opened'] },
        admin,
      );
      expect(created.status).toBe(201);
      const { secret } = (await created.json()) as { secret: string };
      const key = await post('/api/ingest-keys', { name: 'Myrsky' }, admin);
      const ingest = { authorization: `Bearer ${((await key.json()) as { key: string }).key}` };

      // --- the storm: one uplink per device over its high limit, all acknowledged by A
      const at = new Date().toISOString();
      const uplinks = await post(
        '/api/ingest/generic',
        euis.map((deviceEui, i) => ({ deviceEui, time: at, fCnt: i, values: { [co2]: 5000 } })),
        ingest,
      );
      expect(uplinks.status, await uplinks.clone().text()).toBe(200);
      const want = { mail: DEVICES * USERS, push: DEVICES * USERS, webhook: DEVICES };

      // --- A dies with every channel part-way
      const got = () => ({
        mail: smtp.received.length,
        push: pushService.received.length,
        webhook: hooks.received.length,
      });
      await until(
        () => Object.values(got()).every((n) => n > 0),
        'every channel under way',
        60_000,
      );
      await a.stop('SIGKILL');
      const atKill = got();
      const killedAt = Date.now();
      // The kill came mid-delivery: each channel had work left.
      expect(atKill.mail).toBeLessThan(want.mail);
      expect(atKill.push).toBeLessThan(want.push);
      expect(atKill.webhook).toBeLessThan(want.webhook);

      // --- B delivers the rest once A's leases have run out
      const distinct = () => ({
        mail: new Set(smtp.received.map((m) => m.messageId)).size,
        push: new Set(pushService.received.map((p) => `${p.path} ${p.text}`)).size,
        webhook: new Set(hooks.received.map((h) => h.headers['x-vahti-delivery'])).size,
      });
      await until(
        () => {
          const now = distinct();
          return now.mail >= want.mail && now.push >= want.push && now.webhook >= want.webhook;
        },
        'everything delivered after the kill',
        90_000,
      );
      const recovered = (Date.now() - killedAt) / 1000;
      // B records its last sends; then nothing is left queued.
      await until(async () => {
        const [left] = rowsOf<{ n: number }>(
          await db.db.execute(sql`
            select (select count(*) from ${mailOutbox} where ${mailOutbox.status} <> 'sent')::int
                 + (select count(*) from ${pushDeliveries})::int
                 + (select count(*) from ${webhookDeliveries} where ${webhookDeliveries.status} <> 'delivered')::int as n`),
        );
        return left?.n === 0;
      }, 'every row marked done');

      // Nothing lost: every mail row's Message-ID, every alarm's push to every browser, every
      // webhook delivery arrived (the push service decrypted each; each webhook is signed).
      const mailIds = (await db.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
      expect(mailIds).toHaveLength(want.mail);
      expect(new Set(smtp.received.map((m) => /^<([^@]+)@/.exec(m.messageId)?.[1]))).toEqual(
        new Set(mailIds),
      );
      expect(pushService.failures).toEqual([]);
      expect(distinct()).toEqual(want);
      for (const hook of hooks.received)
        expect(verifySignature(secret, hook.raw, hook.headers['x-vahti-signature'] as string)).toBe(
          true,
        );
      expect(await db.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).toHaveLength(
        want.webhook,
      );

      // Twice only what A had handed over and not recorded: the first copy came from A (it
      // arrived by the kill, give or take this process's turn to take it in: the receivers keep
      // what arrives on their own event loop, and A's last bytes may be read a moment after
      // SIGKILL), at most one claimed batch per channel, the same key on both copies.
      const fromA = killedAt + HANDED_OVER_MS;
      const twice = <T extends { receivedAt: number }>(items: T[], keyOf: (item: T) => string) => {
        const first = new Map<string, T>();
        for (const item of items) if (!first.has(keyOf(item))) first.set(keyOf(item), item);
        const again = items.filter((item) => first.get(keyOf(item)) !== item);
        for (const item of again)
          expect(first.get(keyOf(item))?.receivedAt as number).toBeLessThanOrEqual(fromA);
        return again.length;
      };
      const doubled = {
        mail: twice(smtp.received, (m) => m.messageId),
        push: twice(pushService.received, (p) => `${p.path} ${p.text}`),
        webhook: twice(hooks.received, (h) => String(h.headers['x-vahti-delivery'])),
      };
      expect(doubled.mail).toBeLessThanOrEqual(CLAIMED.mail);
      expect(doubled.push).toBeLessThanOrEqual(CLAIMED.push);
      expect(doubled.webhook).toBeLessThanOrEqual(CLAIMED.webhook);
      // A push sent again carries the same Topic (the push service replaces an undelivered one).
      const topics = new Map<string, unknown>();
      for (const p of pushService.received) {
        const k = `${p.path} ${p.text}`;
        if (topics.has(k)) expect(p.headers.topic).toBe(topics.get(k));
        topics.set(k, p.headers.topic);
      }
      console.log(
        `fault-delivery: two instances started in ${startSeconds.toFixed(1)} s; A killed with ${JSON.stringify(atKill)} of ${JSON.stringify(want)} received; B delivered the rest ${recovered.toFixed(1)} s after the kill (lease ${LEASE_SECONDS} s); received twice ${JSON.stringify(doubled)}`,
      );
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await db.close();
      await Promise.all([smtp.close(), pushService.close(), hooks.close()]);
      await database.drop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
