import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, webhookDeliveries, webhooks } from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { systemScope } from '../../src/lib/scope.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  verifySignature,
} from '../helpers/webhook-receiver.js';

// Outbound webhooks (issue 28, docs/webhooks.md), delivered for real to a local HTTP receiver.
// The receiver is on 127.0.0.1, so the app starts with OUTBOUND_ALLOW_PRIVATE=1; the
// SSRF tests turn the setting off in the settings object the container reads at each check.

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let keyA: Client;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest({ env: { OUTBOUND_ALLOW_PRIVATE: '1' } }));
  receiver = await startWebhookReceiver();
  const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Webhooks' });
  keyA = as.withToken(res.json().key as string);
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

const MINUTE = 60_000;
const T0 = new Date(Math.floor((Date.now() - 120 * MINUTE) / MINUTE) * MINUTE);
const after = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const ALL_EVENTS = [
  'alarm.opened',
  'alarm.closed',
  'alarm.acknowledged',
  'alarm.unacknowledged',
  'device.offline',
];

const admin = () => as('Ylläpitäjä', 'A');
const deliver = () => ctx.services.webhookWorker.runDue();
const settings = () => ctx.config.webhooks;

async function createWebhook(body: Record<string, unknown> = {}) {
  const res = await admin().post('/api/webhooks', {
    name: 'Valvomo',
    url: receiver.url,
    events: ALL_EVENTS,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: string }; secret: string };
}

/** What the receiver got for this webhook's deliveries since `from`, signatures checked. */
function receivedSince(from: number, secret: string): ReceivedWebhook[] {
  const got = receiver.received.slice(from);
  for (const r of got) {
    expect(verifySignature(secret, r.raw, r.headers['x-vahti-signature'] as string)).toBe(true);
  }
  return got;
}

async function sendReading(eui: string, measurementId: string, time: Date, value: number) {
  const res = await keyA.post('/api/ingest/generic', {
    deviceEui: eui,
    time: time.toISOString(),
    values: { [measurementId]: value },
  });
  expect(res.statusCode).toBe(200);
}

describe(`outbound webhooks (${DRIVER})`, () => {
  it('creates a webhook whose secret is answered once, never listed, logged or audited', async () => {
    const { webhook, secret } = await createWebhook({ name: 'Kerran' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await admin().get('/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().webhooks.map((w: { id: string }) => w.id)).toContain(webhook.id);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, webhook.id));
    expect(audit.map((a) => a.action)).toEqual(['webhook.create']);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(audit)).not.toContain(receiver.url);
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });

  it('delivers each alarm event once, signed, with the documented JSON', async () => {
    const { webhook, secret } = await createWebhook();
    const device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id, {
      alarming: true,
    });
    const from = receiver.received.length;
    const mine = () =>
      receivedSince(from, secret).filter(
        (r) => (r.body.device as { id?: string } | null)?.id === device.deviceId,
      );

    // Above the high limit (80): opened.
    await sendReading(device.eui, device.m.hum.id, T0, 90);
    await deliver();
    const [opened] = mine();
    expect(opened?.headers['x-vahti-event']).toBe('alarm.opened');
    expect(opened?.headers['x-vahti-delivery']).toBe(opened?.body.id);
    expect(opened?.body).toMatchObject({
      event: 'alarm.opened',
      organization: { id: fx.orgA.id },
      alarm: {
        kind: 'up',
        active: true,
        acknowledged: false,
        value: 90,
        limit: 80,
        measurement: { id: device.m.hum.id, name: device.m.hum.name },
        closedAt: null,
      },
      device: { id: device.deviceId, location: 'Kellari' },
      target: { id: fx.orgA.target.id },
    });
    expect(opened?.body.link).toMatch(/\/#\/vainu\/show-alarms\?tid=/);
    const alarmId = (opened?.body.alarm as { id: string } | undefined)?.id;

    // Acknowledged and the acknowledgement cancelled, through the API.
    expect((await admin().patch('/api/alarms/ack', { id: alarmId, state: 1 })).statusCode).toBe(
      200,
    );
    expect((await admin().patch('/api/alarms/ack', { id: alarmId, state: 0 })).statusCode).toBe(
      200,
    );
    // Back inside: closed.
    await sendReading(device.eui, device.m.hum.id, after(1), 50);
    await deliver();
    // Silent past the type's offline limit: device.offline, not alarm.opened.
    const type = await admin().patch(`/api/device-types/${device.typeId}/alarm-settings`, {
      deviceTypeOfflineAfterMinutes: 30,
      deviceTypeAlarmDelayMinutes: null,
    });
    expect(type.statusCode).toBe(200);
    await ctx.services.alarms.sweepOffline(after(32));
    await deliver();

    // One pass sends its batch at once: the order of arrival is not the order of events.
    const events = mine().map((r) => r.headers['x-vahti-event']);
    expect(events.sort()).toEqual(
      [
        'alarm.opened',
        'alarm.acknowledged',
        'alarm.unacknowledged',
        'alarm.closed',
        'device.offline',
      ].sort(),
    );
    const byEvent = Object.fromEntries(mine().map((r) => [r.body.event, r.body]));
    expect(byEvent['alarm.acknowledged']).toMatchObject({ alarm: { acknowledged: true } });
    expect(byEvent['alarm.closed']).toMatchObject({ alarm: { active: false, kind: 'up' } });
    expect(byEvent['device.offline']).toMatchObject({
      alarm: { kind: 'offline', measurement: null, limit: 30 },
    });
    // Each delivery once: distinct ids, all delivered in the log.
    expect(new Set(mine().map((r) => r.body.id)).size).toBe(5);
    const log = await admin().get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    const mineIds = new Set(mine().map((r) => r.body.id));
    const logged = log.json().deliveries.filter((d: { id: string }) => mineIds.has(d.id));
    expect(logged).toHaveLength(5);
    for (const d of logged)
      expect(d).toMatchObject({ status: 'delivered', statusCode: 200, attempts: 1 });
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });

  it('queues nothing for an alarm change that is rolled back, nor for a webhook not subscribed', async () => {
    const { webhook } = await createWebhook({ events: ['alarm.closed'] });
    const device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id, {
      alarming: true,
    });
    const db = withTransactions(ctx.database.db);
    await expect(
      db.transaction(async () => {
        await ctx.services.alarms.evaluate(systemScope('seed', fx.orgA.id), [
          { deviceId: device.deviceId, measuredAt: T0, values: { [device.m.hum.id]: 95 } },
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await sendReading(device.eui, device.m.hum.id, T0, 95);
    const rows = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(rows).toEqual([]);
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });

  it('retries a 500 later with the same delivery id, then fails after a day', async () => {
    const { webhook, secret } = await createWebhook({ name: 'Huono vastaanottaja' });
    receiver.state.status = 500;
    const from = receiver.received.length;
    const test = await admin().post(`/api/webhooks/${webhook.id}/test`);
    expect(test.statusCode).toBe(202);
    const id = test.json().delivery.id as string;
    await deliver();
    const [row] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id));
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      statusCode: 500,
      error: 'HTTP 500',
    });
    expect(row?.responseExcerpt).toBe('receiver failed on purpose');
    // Not due yet: a pass now sends nothing.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await deliver();
    expect(receiver.received.length - from).toBe(1);
    // Due (instead of waiting 30 s): the retry goes out and succeeds.
    receiver.state.status = 204;
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, id));
    await deliver();
    const got = receivedSince(from, secret);
    expect(got.map((r) => r.headers['x-vahti-delivery'])).toEqual([id, id]);
    const log = (await admin().get(`/api/webhooks/${webhook.id}/deliveries`)).json().deliveries;
    expect(log[0]).toMatchObject({ id, status: 'delivered', statusCode: 204, attempts: 2 });

    // A delivery queued over a day ago that fails again is failed for good.
    receiver.state.status = 503;
    const late = (await admin().post(`/api/webhooks/${webhook.id}/test`)).json().delivery.id;
    await deliver();
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '25 hours'`, nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, late));
    await deliver();
    const [failed] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, late));
    expect(failed).toMatchObject({ status: 'failed', statusCode: 503, attempts: 2 });
    receiver.state.status = 200;
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });

  it('sends the Slack and Teams forms in their documented shapes', async () => {
    const slack = await createWebhook({ name: 'Slack', format: 'slack' });
    const teams = await createWebhook({ name: 'Teams', format: 'teams' });
    const from = receiver.received.length;
    await admin().post(`/api/webhooks/${slack.webhook.id}/test`);
    await deliver();
    await admin().post(`/api/webhooks/${teams.webhook.id}/test`);
    await deliver();
    const [s, t] = receiver.received.slice(from);
    expect(
      verifySignature(slack.secret, s?.raw ?? '', s?.headers['x-vahti-signature'] as string),
    ).toBe(true);
    expect(
      verifySignature(teams.secret, t?.raw ?? '', t?.headers['x-vahti-signature'] as string),
    ).toBe(true);
    // Slack incoming webhook (api.slack.com/messaging/webhooks): text plus Block Kit blocks.
    expect(s?.body).toEqual({
      text: 'Vahdin testiviesti: Slack',
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: expect.stringContaining('*Vahdin testiviesti: Slack*') },
        },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: expect.stringMatching(/^<http.+\|Avaa Vahdissa>$/) }],
        },
      ],
    });
    // Teams Workflows webhook (MicrosoftDocs/msteams-docs connectors-using.md): a message with
    // one Adaptive Card attachment.
    expect(t?.body).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: expect.objectContaining({
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              expect.objectContaining({
                type: 'TextBlock',
                text: 'Vahdin testiviesti: Teams',
                wrap: true,
              }),
              { type: 'FactSet', facts: expect.any(Array) },
            ],
            actions: [
              expect.objectContaining({
                type: 'Action.OpenUrl',
                url: expect.stringMatching(/^http/),
              }),
            ],
          }),
        },
      ],
    });
    await admin().delete(`/api/webhooks/${slack.webhook.id}`);
    await admin().delete(`/api/webhooks/${teams.webhook.id}`);
  });

  it('signs with the new secret after a rotation', async () => {
    const { webhook, secret } = await createWebhook({ name: 'Kierrätys' });
    const rotated = await admin().post(`/api/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    const from = receiver.received.length;
    await admin().post(`/api/webhooks/${webhook.id}/test`);
    await deliver();
    const [got] = receiver.received.slice(from);
    expect(
      verifySignature(fresh, got?.raw ?? '', got?.headers['x-vahti-signature'] as string),
    ).toBe(true);
    expect(
      verifySignature(secret, got?.raw ?? '', got?.headers['x-vahti-signature'] as string),
    ).toBe(false);
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });

  it('refuses loopback, private and link-local destinations on save and at delivery with the setting off', async () => {
    const { webhook } = await createWebhook({ name: 'Sisäverkko' });
    settings().allowPrivate = false;
    try {
      for (const url of [
        'http://127.0.0.1/hook',
        'http://10.1.2.3/hook',
        'http://192.168.1.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://100.64.0.1/hook',
        'http://[::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        'http://[fd00::1]/hook',
        'http://[fe80::1]/hook',
        'http://0.0.0.0/hook',
        'http://localhost/hook',
      ]) {
        const res = await admin().post('/api/webhooks', { name: 'X', url, events: ALL_EVENTS });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fields.url, url).toMatch(/^Osoite johtaa sisäverkkoon/);
        const edit = await admin().put(`/api/webhooks/${webhook.id}`, {
          name: 'X',
          url,
          events: ALL_EVENTS,
        });
        expect(edit.statusCode, url).toBe(400);
      }
      // Saved while allowed, refused at delivery once not: nothing reaches the receiver.
      const from = receiver.received.length;
      const id = (await admin().post(`/api/webhooks/${webhook.id}/test`)).json().delivery.id;
      await deliver();
      expect(receiver.received.length).toBe(from);
      const [row] = await ctx.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id));
      expect(row).toMatchObject({
        status: 'queued',
        statusCode: null,
        error: 'refused: urlPrivate',
      });
      await ctx.database.db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    } finally {
      settings().allowPrivate = true;
    }
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });

  it('refuses http in production, and bad input with the field named in Finnish', async () => {
    settings().httpsOnly = true;
    try {
      const res = await admin().post('/api/webhooks', {
        name: 'X',
        url: receiver.url,
        events: ALL_EVENTS,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.url).toBe('Osoitteen pitää alkaa https://');
    } finally {
      settings().httpsOnly = false;
    }
    const bad = await admin().post('/api/webhooks', { name: '', url: 'ftp://x', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Pakollinen kenttä',
      url: expect.stringMatching(/^Osoitteen pitää olla http- tai https-osoite/),
      events: 'Valitse vähintään yksi tapahtuma',
    });
    const unknown = await admin().post('/api/webhooks', {
      name: 'X',
      url: receiver.url,
      events: ['alarm.exploded'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(webhooks).where(eq(webhooks.name, 'X'))).toEqual([]);
  });

  it('keeps another organization’s webhooks out of reach (404) and lower roles out (403)', async () => {
    const { webhook } = await createWebhook({ name: 'Vain A' });
    const b = as('Ylläpitäjä', 'B');
    for (const res of [
      await b.put(`/api/webhooks/${webhook.id}`, {
        name: 'B',
        url: receiver.url,
        events: ALL_EVENTS,
      }),
      await b.delete(`/api/webhooks/${webhook.id}`),
      await b.get(`/api/webhooks/${webhook.id}/deliveries`),
      await b.post(`/api/webhooks/${webhook.id}/test`),
      await b.post(`/api/webhooks/${webhook.id}/rotate-secret`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('webhooks.WEBHOOK_NOT_FOUND');
    }
    expect(
      (await b.get('/api/webhooks')).json().webhooks.map((w: { id: string }) => w.id),
    ).not.toContain(webhook.id);
    expect((await as('Pääkäyttäjä', 'A').get('/api/webhooks')).statusCode).toBe(403);
    await admin().delete(`/api/webhooks/${webhook.id}`);
  });
});
