import { randomBytes } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import type { MqttConfig } from '../../src/config/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { startAedesBroker } from '../helpers/aedes-broker.js';
import { createTestApp, DRIVER, fromIp, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice, EXAMPLE_PAYLOAD } from '../helpers/ingest-fixtures.js';

// Metrics, health and request ids (issue 16, ADR 0028): through the app over app.inject, on the
// suite's database, with a real MQTT broker (aedes) for readiness and MQTT request ids.

const POLL = { timeout: 10_000, interval: 50 };
const TOKEN = randomBytes(24).toString('hex');

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let key: string;
let ingest: Client;
let sensor: Awaited<ReturnType<typeof createLayoutDevice>>;
/** Every log line of the main app (level debug), parsed. */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest({
    env: { LOG_LEVEL: 'debug' },
    logDestination: { write: (line) => lines.push(JSON.parse(line)) },
  }));
  key = (await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Metrics' })).json().key;
  ingest = as.withToken(key);
  // hum above 80 opens an 'up' alarm.
  sensor = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id, {
    alarming: true,
  });
});
afterAll(() => ctx.close());

/** GET /metrics from loopback (app.inject's own address), as Prometheus on the host scrapes. */
async function scrape(app = ctx.app): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of one sample (exact label set), 0 when the series has not appeared yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}

let minute = 100;
const reading = (hum: number) => {
  minute -= 1;
  return {
    deviceEui: sensor.eui,
    time: new Date(Date.now() - minute * 60_000).toISOString(),
    values: { [sensor.m.hum.id]: hum },
  };
};

describe(`GET /metrics (${DRIVER})`, () => {
  it('has every family, in the Prometheus text format', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = [
      'vahti_http_request_duration_seconds histogram',
      'vahti_ingest_uplinks_received_total counter',
      'vahti_ingest_uplinks_total counter',
      'vahti_ingest_rejected_total counter',
      'vahti_ingest_group_rows histogram',
      'vahti_ingest_group_commit_seconds histogram',
      'vahti_ingest_group_retries_total counter',
      'vahti_ingest_queue_requests gauge',
      'vahti_ingest_queue_rows gauge',
      'vahti_ingest_groups_writing gauge',
      'vahti_alarm_readings_evaluated_total counter',
      'vahti_alarm_evaluation_seconds histogram',
      'vahti_alarm_changes_total counter',
      'vahti_db_info gauge',
      'vahti_sse_connections gauge',
      'nodejs_eventloop_lag_seconds gauge',
      'nodejs_eventloop_lag_p99_seconds gauge',
      'process_cpu_seconds_total counter',
      'process_resident_memory_bytes gauge',
      ...(DRIVER === 'postgres'
        ? [
            'vahti_db_pool_connections gauge',
            'vahti_db_pool_idle gauge',
            'vahti_db_pool_waiting gauge',
            'vahti_db_pool_max gauge',
          ]
        : []),
    ];
    for (const family of families) expect(res.body).toContain(`# TYPE ${family}\n`);
    expect(sample(res.body, 'vahti_db_info', { driver: DRIVER })).toBe(1);
    if (DRIVER === 'postgres') expect(sample(res.body, 'vahti_db_pool_max')).toBe(10);
    else expect(res.body).not.toContain('vahti_db_pool_');
    // No MQTT_URL: no MQTT gauges rather than zeros that look like a broker outage.
    expect(res.body).not.toContain('vahti_mqtt_');
  });

  it('observes answers by route pattern and status class, never by raw URL', async () => {
    const count = 'vahti_http_request_duration_seconds_count';
    const targetOf = { method: 'GET', route: '/api/targets/:id', status_class: '4xx' };
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    const health = { method: 'GET', route: '/api/health', status_class: '2xx' };
    const before = await scrape();
    const admin = as('Ylläpitäjä', 'A');
    expect((await admin.get('/api/targets/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/ei-ole/salainen-polku-123')).statusCode).toBe(404);
    expect((await as.anonymous.get('/api/health')).statusCode).toBe(200);
    expect((await as.anonymous.get('/api/health')).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, count, targetOf) - sample(before, count, targetOf)).toBe(1);
    expect(sample(after, count, unmatched) - sample(before, count, unmatched)).toBe(1);
    expect(sample(after, count, health) - sample(before, count, health)).toBe(2);
    expect(after).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(after).not.toContain('salainen-polku');
  });

  it('counts uplinks by source and result, the group, the alarm evaluation and the alarm opened', async () => {
    const before = await scrape();
    const stored = await ingest.post('/api/ingest/generic', reading(95));
    expect(stored.json()).toEqual({ stored: 1, duplicates: 0 });
    const rejected = await ingest.post('/api/ingest/generic', {
      ...reading(50),
      deviceEui: 'FFFFFFFFFFFFFFFF',
    });
    expect(rejected.json()).toMatchObject({ rejected: ['unknownDevice'] });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('vahti_ingest_uplinks_received_total', { source: 'webhook' })).toBe(2);
    expect(moved('vahti_ingest_uplinks_total', { source: 'webhook', result: 'stored' })).toBe(1);
    expect(moved('vahti_ingest_uplinks_total', { source: 'webhook', result: 'rejected' })).toBe(1);
    expect(moved('vahti_ingest_rejected_total', { reason: 'unknownDevice' })).toBe(1);
    expect(moved('vahti_ingest_group_rows_count')).toBe(2);
    expect(moved('vahti_ingest_group_rows_sum')).toBe(2);
    expect(moved('vahti_ingest_group_commit_seconds_count')).toBe(2);
    expect(moved('vahti_alarm_readings_evaluated_total')).toBe(1);
    expect(moved('vahti_alarm_evaluation_seconds_count')).toBe(1);
    expect(moved('vahti_alarm_changes_total', { change: 'opened' })).toBe(1);
    // Nothing waits once every request is answered.
    expect(sample(after, 'vahti_ingest_queue_requests')).toBe(0);
    expect(sample(after, 'vahti_ingest_groups_writing')).toBe(0);
  });
});

describe(`who may read /metrics (${DRIVER})`, () => {
  const get = (
    app: TestContext['app'],
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) => app.inject({ method: 'GET', url: '/metrics', ...options });

  it('without METRICS_TOKEN: loopback only; any other client gets 404 as for an unknown route', async () => {
    // The suite trusts one proxy hop (TRUST_PROXY=1): X-Forwarded-For from the loopback peer is
    // the client, as a proxy on this host would say.
    expect((await get(ctx.app, { headers: fromIp('127.0.0.1') })).statusCode).toBe(200);
    expect((await get(ctx.app, { headers: fromIp('::1') })).statusCode).toBe(200);
    const far = await get(ctx.app, { headers: fromIp('10.0.0.5') });
    expect(far.statusCode).toBe(404);
    expect(far.json()).toEqual({
      error: 'Sivua tai toimintoa ei löytynyt',
      code: 'ROUTE_NOT_FOUND',
    });
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect((await get(ctx.app, { headers: { ...fromIp('10.0.0.5'), ...bearer } })).statusCode).toBe(
      404,
    );
  });

  describe('with METRICS_TOKEN, no proxy trusted', () => {
    let guarded: TestContext;
    beforeAll(async () => {
      guarded = await createTestApp({
        demo: false,
        env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '0' },
      });
    });
    afterAll(() => guarded.close());

    it('asks a non-loopback client for the token, compared whole', async () => {
      const remote = { remoteAddress: '10.0.0.5' };
      const none = await get(guarded.app, remote);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.json()).toEqual({
        error: 'Mittaustietojen tunniste puuttuu tai on väärä',
        code: 'METRICS_TOKEN_INVALID',
      });
      for (const wrong of [TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase(), '']) {
        const res = await get(guarded.app, {
          ...remote,
          headers: { authorization: `Bearer ${wrong}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const right = await get(guarded.app, {
        ...remote,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('# TYPE vahti_http_request_duration_seconds histogram');
    });

    it('believes no X-Forwarded-For when no proxy is trusted: a forged 127.0.0.1 is not loopback', async () => {
      const forged = await get(guarded.app, {
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(401);
      // From the host itself no token is needed.
      expect((await get(guarded.app, { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    });
  });
});

describe(`health (${DRIVER})`, () => {
  it('answers liveness without touching anything, readiness with the database', async () => {
    const live = await as.anonymous.get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ message: 'Palvelu on käynnissä', status: 'ok' });
    const ready = await as.anonymous.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      message: 'Palvelu on valmis ottamaan pyyntöjä vastaan',
      status: 'ok',
      database: DRIVER,
      broker: 'off',
      journal: { uplinks: 0, oldestSeconds: 0 },
    });
  });

  it('is not ready while the database is gone, and still alive', async () => {
    const broken = await createTestApp({ demo: false });
    try {
      await broken.database.close();
      const ready = await broken.app.inject({
        method: 'GET',
        url: '/api/health/ready',
        headers: { 'accept-language': 'en' },
      });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: 'The database cannot be reached',
        code: 'DATABASE_UNAVAILABLE',
      });
      const live = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await broken.app.close();
    }
  });
});

describe(`request ids (${DRIVER})`, () => {
  it('keeps a sane X-Request-Id, replaces any other by a UUID, and answers it', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const withId = (id?: string) =>
      as.anonymous.get(
        '/api/health/live',
        id === undefined ? {} : { headers: { 'x-request-id': id } },
      );
    expect((await withId('lb-1a2b.3c:4d_5')).headers['x-request-id']).toBe('lb-1a2b.3c:4d_5');
    expect((await withId()).headers['x-request-id']).toMatch(uuid);
    for (const insane of ['a'.repeat(129), 'two words', 'x\u00e4', '"}{', '']) {
      expect((await withId(insane)).headers['x-request-id']).toMatch(uuid);
    }
    const two = [await withId(), await withId()].map((res) => res.headers['x-request-id']);
    expect(two[0]).not.toBe(two[1]);
    // Errors too.
    const missing = await as.anonymous.get('/api/ei-ole', { headers: { 'x-request-id': 'e-404' } });
    expect(missing.headers['x-request-id']).toBe('e-404');
  });

  it("carries a webhook's request id into its group's and its alarm's log lines", async () => {
    const reqId = `hook-${randomBytes(6).toString('hex')}`;
    await ingest.post('/api/ingest/generic', reading(50));
    const res = await ingest.post('/api/ingest/generic', reading(96), {
      headers: { 'x-request-id': reqId },
    });
    // The previous test left an alarm open: the reading inside closed it, this one opens anew.
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(res.headers['x-request-id']).toBe(reqId);
    const request = lines.filter((line) => line.reqId === reqId);
    expect(request.map((line) => line.msg)).toContain('request completed');
    const group = lines.filter(
      (line) => line.msg === 'ingest group committed' && (line.reqIds as string[]).includes(reqId),
    );
    expect(group).toHaveLength(1);
    expect(group[0]).toMatchObject({ level: 20, stored: 1, rows: 1 });
    const alarm = lines.filter((line) => line.msg === 'alarm opened' && line.reqId === reqId);
    expect(alarm).toHaveLength(1);
    expect(alarm[0]).toMatchObject({
      level: 30,
      deviceId: sensor.deviceId,
      organizationId: fx.orgA.id,
    });
  });
});

describe(`MQTT: readiness and message ids (${DRIVER})`, () => {
  let broker: Awaited<ReturnType<typeof startAedesBroker>>;
  let app: App;
  const mqttLines: Record<string, unknown>[] = [];
  const prefix = `vahti-obs-${randomBytes(4).toString('hex')}`;
  const clientId = `vahti-obs-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    broker = await startAedesBroker();
    const mqtt: MqttConfig = {
      url: broker.url,
      topics: [`${prefix}/application/+/device/+/event/up`],
      shareGroup: null,
      clientId,
      ingestKey: key,
      reconnectMaxMs: 10_000,
      connections: 1,
    };
    // A second app on the suite's database with MQTT on, as server.ts starts one.
    const built = await buildApp({
      config: { ...ctx.config, mqtt },
      database: ctx.database,
      logger: {
        level: 'debug',
        stream: { write: (line: string) => mqttLines.push(JSON.parse(line)) },
      },
    });
    app = built.app;
    await app.ready();
    await built.container.services.mqtt?.subscribed();
  });
  afterAll(async () => {
    await app.close();
    await broker.close();
  });

  it('gives each message an id that its group line carries, and counts it as MQTT', async () => {
    const before = await scrape(app);
    expect(sample(before, 'vahti_mqtt_connections_up')).toBe(1);
    const publisher = await connectAsync(broker.url, {
      clientId: `pub-${clientId}`,
      reconnectPeriod: 0,
    });
    const deduplicationId = crypto.randomUUID();
    await publisher.publishAsync(
      `${prefix}/application/app-1/device/${sensor.eui.toLowerCase()}/event/up`,
      JSON.stringify({
        deduplicationId,
        time: new Date(Date.now() - 30_000).toISOString(),
        deviceInfo: { devEui: sensor.eui.toLowerCase(), deviceName: 'mqtt' },
        fCnt: 7,
        fPort: 1,
        data: EXAMPLE_PAYLOAD,
      }),
      { qos: 1 },
    );
    await publisher.endAsync();
    await expect
      .poll(() => mqttLines.find((line) => line.msg === 'MQTT uplink stored'), POLL)
      .toBeDefined();
    const stored = mqttLines.find((line) => line.msg === 'MQTT uplink stored') as {
      reqId: string;
    };
    expect(stored.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      mqttLines.filter(
        (line) =>
          line.msg === 'ingest group committed' && (line.reqIds as string[]).includes(stored.reqId),
      ),
    ).toHaveLength(1);
    const after = await scrape(app);
    expect(
      sample(after, 'vahti_ingest_uplinks_total', { source: 'mqtt', result: 'stored' }) -
        sample(before, 'vahti_ingest_uplinks_total', { source: 'mqtt', result: 'stored' }),
    ).toBe(1);
  });

  it('is ready while the broker is connected, and answers 503 BROKER_UNAVAILABLE once it is gone', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ broker: 'connected', database: DRIVER });
    // The broker stops: its connections are closed and it listens no more.
    await broker.stop();
    await expect
      .poll(
        async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode,
        POLL,
      )
      .toBe(503);
    const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.json()).toEqual({
      error: 'MQTT-välittäjään ei saada yhteyttä',
      code: 'BROKER_UNAVAILABLE',
    });
    expect(sample(await scrape(app), 'vahti_mqtt_connections_up')).toBe(0);
    // Alive all the same: nothing to restart.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
