import { DEFAULT_CHANNEL } from '@vahti/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  pushDeliveries,
  pushSubscriptions,
  targetContactUsers,
} from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { systemScope } from '../../src/lib/scope.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { createAlarm } from '../helpers/alarm-fixtures.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { startPushReceiver } from '../helpers/push-receiver.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  receiver = await startPushReceiver();
  ({ ctx, fx, as } = await startApiTest({
    pushAgent: receiver.agent,
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:valvomo@example.fi',
      // The local receiver plays the push service; production allows only the browsers' own.
      PUSH_SERVICE_HOSTS: '127.0.0.1',
    },
  }));
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

const db = () => ctx.database.db;
const deliveries = () => db().select().from(pushDeliveries);
/** Makes every queued delivery due now (the back-off would wait minutes). */
const dueNow = () =>
  db()
    .update(pushDeliveries)
    .set({ nextAttemptAt: new Date(0) });

describe(`Web Push (${DRIVER})`, () => {
  it('serves the VAPID public key to signed-in browsers only', async () => {
    const res = await as('Käyttäjä', 'A').get('/api/push-key');
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toBe(vapid.publicKey);
    expect(res.body).not.toContain(vapid.privateKey);
    expect((await as.anonymous.get('/api/push-key')).statusCode).toBe(401);
  });

  it('refuses a subscription that is not https, not a push service, or has bad keys', async () => {
    const user = as('Käyttäjä', 'A');
    const good = receiver.browser('refused');
    const http = await user.post('/api/push-subscriptions', {
      ...good,
      endpoint: 'http://127.0.0.1:9/push/x',
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().fields).toEqual({
      endpoint: 'Selaimen ilmoitusosoitteen (endpoint) pitää olla https-osoite',
    });
    // A URL the caller chose: an internal host is not a push service (SSRF).
    const internal = await user.post('/api/push-subscriptions', {
      ...good,
      endpoint: 'https://169.254.169.254/latest/meta-data',
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().fields).toEqual({
      endpoint: 'Selaimen ilmoituspalvelu (endpoint) ei ole sallittu',
    });
    const shortKey = await user.post('/api/push-subscriptions', {
      ...good,
      keys: { ...good.keys, auth: 'abc' },
    });
    expect(shortKey.statusCode).toBe(400);
    expect(shortKey.json().fields['keys.auth']).toMatch(/salausavaimet/);
    // 65 bytes, but not a point on P-256: every delivery to it would fail.
    const offCurve = await user.post('/api/push-subscriptions', {
      ...good,
      keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') },
    });
    expect(offCurve.statusCode).toBe(400);
    expect(offCurve.json().fields).toEqual({
      'keys.p256dh': 'Selaimen salausavaimet (keys) puuttuvat tai ovat virheelliset',
    });
    expect(await db().select().from(pushSubscriptions)).toEqual([]);
  });

  it('delivers a test push that the browser decrypts, signed with the VAPID key', async () => {
    const user = as('Käyttäjä', 'A');
    const created = await user.post('/api/push-subscriptions', receiver.browser('phone'), {
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().pushSubscription).toMatchObject({ label: 'Chrome, Android' });

    const test = await user.post('/api/push-subscriptions/test');
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({
      queued: 1,
      message: 'Testi-ilmoitus lähetetty selaimiisi',
    });
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    expect(receiver.failures).toEqual([]);
    const [push] = receiver.received;
    expect(JSON.parse(push?.text ?? '')).toEqual({
      title: 'Vahti: testi-ilmoitus',
      body: 'Ilmoitukset toimivat tässä selaimessa.',
      url: `${ctx.config.publicUrl}/#/edit-user-information`,
      tag: 'vahti-test',
    });
    expect(push?.vapid).toMatchObject({
      aud: receiver.origin,
      sub: 'mailto:valvomo@example.fi',
      publicKey: vapid.publicKey,
    });
    expect(push?.vapid.exp).toBeGreaterThan(Date.now() / 1000);
    expect(push?.headers).toMatchObject({ urgency: 'high', ttl: '86400' });
    expect(push?.headers.topic).toMatch(/^[\w-]{32}$/);
    await expect.poll(deliveries).toEqual([]);
  });

  it('queues in the caller’s transaction: a rolled-back change sends nothing', async () => {
    const user = await as.user('Pääkäyttäjä', 'A');
    await as('Pääkäyttäjä', 'A').post('/api/push-subscriptions', receiver.browser('desk'));
    const scope = systemScope('seed', fx.orgA.id);
    await expect(
      withTransactions(db()).transaction(async () => {
        expect(
          await ctx.services.push.enqueue(scope, user.id, { title: 't', body: 'b', url: '/' }),
        ).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries()).toEqual([]);
  });

  it('retries a 500 later, with back-off, then delivers', async () => {
    const user = await as.user('Pääkäyttäjä', 'A');
    const before = receiver.received.length;
    receiver.answer(500);
    const message = {
      title: 'CO2 yli raja-arvon',
      body: 'Kohde A: 1450 ppm',
      url: '/#/vainu/alarms',
      tag: 'alarm-1',
    };
    expect(await ctx.services.push.enqueue(systemScope('seed', fx.orgA.id), user.id, message)).toBe(
      1,
    );
    expect(await ctx.services.push.deliverDue()).toBe(0);
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ attempts: 1, lastError: 'HTTP 500' });
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: a pass now sends nothing.
    expect(await ctx.services.push.deliverDue()).toBe(0);
    await dueNow();
    expect(await ctx.services.push.deliverDue()).toBe(1);
    expect(await deliveries()).toEqual([]);
    expect(receiver.received.length).toBe(before + 2);
    expect(JSON.parse(receiver.received.at(-1)?.text ?? '')).toEqual(message);
  });

  it('removes a subscription its push service says is gone (410)', async () => {
    const user = await as.user('Pääkäyttäjä', 'A');
    receiver.answer(410);
    await ctx.services.push.enqueue(systemScope('seed', fx.orgA.id), user.id, {
      title: 't',
      body: 'b',
      url: '/',
    });
    await ctx.services.push.deliverDue();
    const left = await db()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(left).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });

  it('lists and removes only the own browsers; the same browser moves to who subscribes it', async () => {
    const a = as('Käyttäjä', 'A');
    const [own] = (await a.get('/api/push-subscriptions')).json().pushSubscriptions;
    expect(own).toMatchObject({ label: 'Chrome, Android' });
    // Another user of the organization, and an administrator of another one: 404.
    expect(
      (await as('Pääkäyttäjä', 'A').delete(`/api/push-subscriptions/${own.id}`)).statusCode,
    ).toBe(404);
    const foreign = await as('Ylläpitäjä', 'B').delete(`/api/push-subscriptions/${own.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Selainta ei löytynyt');
    expect(
      (await as('Ylläpitäjä', 'B').get('/api/push-subscriptions')).json().pushSubscriptions,
    ).toEqual([]);

    // Another user signs in on the same browser and subscribes it: it is theirs alone now.
    const moved = await as('Ylläpitäjä', 'B').post('/api/push-subscriptions', {
      endpoint: own.endpoint,
      keys: receiver.browser('phone').keys,
    });
    expect(moved.statusCode).toBe(201);
    expect((await a.get('/api/push-subscriptions')).json().pushSubscriptions).toEqual([]);
    const b = as('Ylläpitäjä', 'B');
    const removed = await b.delete(`/api/push-subscriptions/${moved.json().pushSubscription.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await b.get('/api/push-subscriptions')).json().pushSubscriptions).toEqual([]);
    const none = await b.post('/api/push-subscriptions/test');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Yksikään selaimesi ei ole tilannut ilmoituksia');
  });

  it('an opened alarm reaches the browser of whoever asked for it, decrypted (issue 28)', async () => {
    // Settings through the API: push for high readings on two chosen targets only.
    const user = await as.user('Ylläpitäjä', 'A');
    const client = as('Ylläpitäjä', 'A');
    const [t1, t2, t3] = [
      await fx.create.target(fx.orgA.id),
      await fx.create.target(fx.orgA.id),
      await fx.create.target(fx.orgA.id),
    ];
    for (const targetId of [t1, t2, t3]) {
      await db().insert(targetContactUsers).values({ targetId, userId: user.id });
    }
    const saved = await client.put('/api/notification-settings', {
      email: { ...DEFAULT_CHANNEL, enabled: false },
      push: { ...DEFAULT_CHANNEL, allTargets: false, targetIds: [t1, t2], kinds: ['up'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await client.post('/api/push-subscriptions', receiver.browser('stairwell'))).statusCode,
    ).toBe(201);
    const before = receiver.received.length;

    // Three alarms open: high on a chosen target, high on another, offline on a chosen one.
    const high = await createAlarm(db(), fx.orgA.id, t1);
    const elsewhere = await createAlarm(db(), fx.orgA.id, t3);
    const offline = await createAlarm(db(), fx.orgA.id, t2, {
      alarmBreakThrough: 'offline',
      measurementId: null,
    });
    const scope = systemScope('seed', fx.orgA.id);
    await withTransactions(db()).transaction(() =>
      ctx.services.notifications.route(scope, [
        { alarmId: high.alarmId, change: 'opened' },
        { alarmId: elsewhere.alarmId, change: 'opened' },
        { alarmId: offline.alarmId, change: 'opened' },
      ]),
    );
    ctx.services.notifications.kick();

    // One push, the chosen one, decrypted by the browser's own keys; it opens that alarm list.
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(before + 1);
    expect(receiver.failures).toEqual([]);
    const body = JSON.parse(receiver.received.at(-1)?.text ?? '');
    expect(body).toMatchObject({
      tag: high.alarmId,
      url: `/#/vainu/show-alarms?ac=1&tid=${t1}`,
    });
    expect(body.title).toMatch(/^Vahti: hälytys kohteessa /);
    await expect.poll(deliveries).toEqual([]);
  });
});
