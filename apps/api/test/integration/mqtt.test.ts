import { randomBytes } from 'node:crypto';
import type { Aedes } from 'aedes';
import { eq, like } from 'drizzle-orm';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type MqttConfig, mqttDisplayUrl } from '../../src/config/index.js';
import { measurementData, rejectedUplinks } from '../../src/db/schema/index.js';
import { createMqttSubscriber, mqttClientId } from '../../src/modules/ingest/mqtt-subscriber.js';
import { startApiTest } from '../helpers/actors.js';
import { startAedesBroker } from '../helpers/aedes-broker.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { GARBAGE_BYTES, uplinkEventBytes } from '../helpers/chirpstack-protobuf.js';
import type { Fixtures } from '../helpers/fixtures.js';
import {
  createLayoutDevice,
  EXAMPLE_PAYLOAD,
  ingestServiceWith,
} from '../helpers/ingest-fixtures.js';
import { silentLog } from '../helpers/silent-log.js';

// Uplinks over MQTT (ADR 0019) against an in-process broker (aedes), and, when TEST_MQTT_URL is
// set (CI), the same against the real Mosquitto. Every run uses its own topics and client ids.

const TEST_MQTT_URL = process.env.TEST_MQTT_URL || undefined;
const POLL = { timeout: 10_000, interval: 50 };

let as: Awaited<ReturnType<typeof startApiTest>>['as'];
let ctx: TestContext;
let fx: Fixtures;
let key: string;
let device: Awaited<ReturnType<typeof createLayoutDevice>>;
let aedes: Aedes;
let broker: Awaited<ReturnType<typeof startAedesBroker>>;
let aedesUrl: string;
const toClose: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  key = (await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'MQTT' })).json().key;
  device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
  broker = await startAedesBroker();
  ({ aedes, url: aedesUrl } = broker);
});

afterAll(async () => {
  for (const close of toClose.reverse()) await close();
  await broker.close();
  await ctx.close();
});

const run = () => randomBytes(4).toString('hex');

/** A second app on the test database with MQTT switched on, as server.ts would start it. */
async function mqttApp(
  url: string,
  mqtt: Partial<MqttConfig> & { prefix: string },
  logLines?: string[],
) {
  const { prefix, ...rest } = mqtt;
  const config: MqttConfig = {
    url,
    topics: [`${prefix}/application/+/device/+/event/up`, `${prefix}/v3/+/devices/+/up`],
    shareGroup: null,
    clientId: `vahti-test-${run()}`,
    ingestKey: key,
    reconnectMaxMs: 10_000,
    connections: 1,
    ...rest,
  };
  const { app, container } = await buildApp({
    config: { ...ctx.config, mqtt: config },
    database: ctx.database,
    logger: logLines
      ? { level: 'debug', stream: { write: (line: string) => logLines.push(line) } }
      : false,
  });
  await app.ready();
  toClose.push(async () => {
    await app.close();
    await forgetSession(url, config.clientId);
  });
  const subscriber = container.services.mqtt;
  if (!subscriber) throw new Error('MQTT not started');
  await subscriber.subscribed();
  return { app, config };
}

/** Clean session off leaves a session on the broker: a clean connect under the id removes it. */
async function forgetSession(url: string, clientId: string) {
  const client = await connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 });
  await client.endAsync();
}

async function publisher(url: string) {
  const client = await connectAsync(url, { clientId: `pub-${run()}`, reconnectPeriod: 0 });
  toClose.push(() => client.endAsync());
  /** A body is sent as JSON; a Buffer as it is. */
  return (topic: string, body: unknown) =>
    client.publishAsync(topic, Buffer.isBuffer(body) ? body : JSON.stringify(body), { qos: 1 });
}

let fcnt = 1000;
const chirpstack = (eui = device.eui) => {
  fcnt += 1;
  return {
    deduplicationId: crypto.randomUUID(),
    time: new Date(Date.now() - 60_000).toISOString(),
    deviceInfo: { devEui: eui.toLowerCase(), deviceName: 'mqtt' },
    fCnt: fcnt,
    fPort: 1,
    data: EXAMPLE_PAYLOAD,
  };
};
const csTopic = (prefix: string, eui = device.eui) =>
  `${prefix}/application/app-1/device/${eui.toLowerCase()}/event/up`;

const rowsWith = (dedupKey: string) =>
  ctx.database.db.select().from(measurementData).where(eq(measurementData.dedupKey, dedupKey));
const rejectedFor = (eui: string) =>
  ctx.database.db.select().from(rejectedUplinks).where(eq(rejectedUplinks.deviceEui, eui));
/** Rejected uplinks whose kept body holds `marker` (a message that was no uplink has no DevEUI). */
const rejectedHolding = (marker: string) =>
  ctx.database.db
    .select()
    .from(rejectedUplinks)
    .where(like(rejectedUplinks.body, `%${marker}%`));
/** An uplink's JSON whose decoded `object` nests `depth` levels deep. */
const nested = (uplink: object, depth: number) =>
  Buffer.from(
    `${JSON.stringify(uplink).slice(0, -1)},"object":${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}}`,
  );

/** The main flow, against whichever broker. */
function mainFlow(name: string, url: () => string) {
  describe(`MQTT uplinks through ${name} (${DRIVER})`, () => {
    const prefix = `vahti-test-${run()}`;
    let publish: Awaited<ReturnType<typeof publisher>>;

    beforeAll(async () => {
      await mqttApp(url(), { prefix });
      publish = await publisher(url());
    });

    it('stores a ChirpStack uplink once, its replay adds nothing', async () => {
      const body = chirpstack();
      await publish(csTopic(prefix), body);
      await expect.poll(async () => (await rowsWith(body.deduplicationId)).length, POLL).toBe(1);
      const [row] = await rowsWith(body.deduplicationId);
      expect(row?.organizationId).toBe(fx.orgA.id);
      expect(row?.deviceId).toBe(device.deviceId);
      expect(row?.data[device.m.hum.id]).toBe(55);
      expect(row?.data[device.m.temp.id]).toBeCloseTo(-2);

      // The replay, then a marker behind it: once the marker is stored, the replay was handled.
      await publish(csTopic(prefix), body);
      const marker = chirpstack();
      await publish(csTopic(prefix), marker);
      await expect.poll(async () => (await rowsWith(marker.deduplicationId)).length, POLL).toBe(1);
      expect(await rowsWith(body.deduplicationId)).toHaveLength(1);
    });

    it('stores a The Things Stack uplink', async () => {
      const receivedAt = new Date(Date.now() - 5000).toISOString();
      fcnt += 1;
      await publish(`${prefix}/v3/app-1@tenant/devices/dev-1/up`, {
        end_device_ids: { device_id: 'dev-1', dev_eui: device.eui },
        received_at: receivedAt,
        uplink_message: { f_cnt: fcnt, frm_payload: EXAMPLE_PAYLOAD, received_at: receivedAt },
      });
      const dedup = `${fcnt}:${receivedAt}`;
      await expect.poll(async () => (await rowsWith(dedup)).length, POLL).toBe(1);
      expect((await rowsWith(dedup))[0]?.data[device.m.hum.id]).toBe(55);
    });

    it('keeps an uplink of an unknown device as a rejected uplink', async () => {
      const eui = randomBytes(8).toString('hex').toUpperCase();
      await publish(csTopic(prefix, eui), chirpstack(eui));
      await expect.poll(async () => (await rejectedFor(eui.toLowerCase())).length, POLL).toBe(1);
      const [row] = await rejectedFor(eui.toLowerCase());
      expect(row).toMatchObject({ reason: 'unknownDevice', source: 'chirpstack' });
      expect(row?.organizationId).toBe(fx.orgA.id);
    });

    it('keeps what is not an uplink as rejected (malformed) and goes on', async () => {
      const tag = `not-an-uplink-${run()}`;
      await publish(csTopic(prefix), { not: tag });
      await publish(csTopic(prefix), Buffer.from(`{"broken": "${tag}-json`));
      const marker = chirpstack();
      await publish(csTopic(prefix), marker);
      await expect.poll(async () => (await rowsWith(marker.deduplicationId)).length, POLL).toBe(1);
      const kept = await rejectedHolding(tag);
      expect(kept.map((row) => [row.reason, row.source, row.organizationId]).sort()).toEqual([
        ['malformed', 'chirpstack', fx.orgA.id],
        ['malformed', 'mqtt', fx.orgA.id],
      ]);
    });

    // Issue 25: ChirpStack's Protobuf marshaler publishes UplinkEvent bytes; they were kept as
    // malformed. The Things Stack's simulated uplinks were stored as readings.
    it('stores a Protobuf ChirpStack uplink once, its replay adds nothing', async () => {
      const body = chirpstack();
      const bytes = uplinkEventBytes({ ...body, devEui: body.deviceInfo.devEui });
      await publish(csTopic(prefix), bytes);
      await expect.poll(async () => (await rowsWith(body.deduplicationId)).length, POLL).toBe(1);
      const [row] = await rowsWith(body.deduplicationId);
      expect(row?.deviceId).toBe(device.deviceId);
      expect(row?.createdAt.toISOString()).toBe(body.time);
      expect(row?.data[device.m.hum.id]).toBe(55);
      expect(row?.data[device.m.temp.id]).toBeCloseTo(-2);

      await publish(csTopic(prefix), bytes);
      const marker = chirpstack();
      await publish(csTopic(prefix), uplinkEventBytes({ ...marker, devEui: device.eui }));
      await expect.poll(async () => (await rowsWith(marker.deduplicationId)).length, POLL).toBe(1);
      expect(await rowsWith(body.deduplicationId)).toHaveLength(1);
    });

    it('keeps a binary payload that is no UplinkEvent as rejected (malformed) and goes on', async () => {
      const tag = `bin-${run()}`;
      await publish(csTopic(prefix), Buffer.concat([GARBAGE_BYTES, Buffer.from(tag)]));
      const marker = chirpstack();
      await publish(csTopic(prefix), marker);
      await expect.poll(async () => (await rowsWith(marker.deduplicationId)).length, POLL).toBe(1);
      const kept = await rejectedHolding(tag);
      expect(kept.map((row) => [row.reason, row.source])).toEqual([['malformed', 'mqtt']]);
    });

    it('keeps a simulated The Things Stack uplink apart, never a reading', async () => {
      const receivedAt = new Date(Date.now() - 5000).toISOString();
      fcnt += 1;
      const eui = device.eui.toLowerCase();
      await publish(`${prefix}/v3/app-1@tenant/devices/dev-1/up`, {
        end_device_ids: { device_id: 'dev-1', dev_eui: eui },
        received_at: receivedAt,
        simulated: true,
        uplink_message: { f_cnt: fcnt, frm_payload: EXAMPLE_PAYLOAD, received_at: receivedAt },
      });
      const marker = chirpstack();
      await publish(csTopic(prefix), marker);
      await expect.poll(async () => (await rowsWith(marker.deduplicationId)).length, POLL).toBe(1);
      expect(await rowsWith(`${fcnt}:${receivedAt}`)).toEqual([]);
      const kept = (await rejectedFor(eui)).filter((row) => row.body.includes(receivedAt));
      expect(kept.map((row) => [row.reason, row.source])).toEqual([['simulated', 'ttn']]);
    });

    // Issue 26, finding 1: a body nested 5,000 levels threw when it was kept, the message was never
    // acknowledged, and the broker redelivered it before every valid uplink, for good.
    it('keeps a message nested 5,000 levels deep as rejected; the next uplink is stored', async () => {
      const deep = chirpstack();
      await publish(csTopic(prefix), nested(deep, 5000));
      const next = chirpstack();
      const sent = performance.now();
      await publish(csTopic(prefix), next);
      await expect.poll(async () => (await rowsWith(next.deduplicationId)).length, POLL).toBe(1);
      console.log(
        `MQTT through ${name}: the uplink after a 5,000-deep message stored ${(performance.now() - sent).toFixed(0)} ms after it was published`,
      );
      const [kept] = await rejectedHolding(deep.deduplicationId);
      expect(kept).toMatchObject({ reason: 'malformed', source: 'mqtt', deviceEui: null });
      expect(kept?.bodyBytes).toBe(nested(deep, 5000).length);
      expect(await rowsWith(deep.deduplicationId)).toEqual([]);
    });
  });
}

mainFlow('an in-process broker', () => aedesUrl);

/**
 * A subscriber with several connections (ADR 0026) on an ingest service of its own, counting the
 * messages being stored at once and those stored; `failTwice` is a reading time whose first two
 * writes fail (its group's, then its own retry), so its message is not acknowledged.
 */
function severalConnections(url: string, shareGroup: string | null, failTwice?: string) {
  const prefix = `vahti-test-${run()}`;
  let failures = failTwice ? 2 : 0;
  const seen = { inFlight: 0, maxInFlight: 0, done: 0, acks: 0, failed: 0 };
  const service = ingestServiceWith(ctx.database.db, async (_scope, readings) => {
    if (failures > 0 && readings.some((r) => r.measuredAt.toISOString() === failTwice)) {
      failures -= 1;
      seen.failed += 1;
      throw new Error('database hiccup');
    }
    return undefined;
  });
  const config: MqttConfig = {
    url,
    topics: [`${prefix}/application/+/device/+/event/up`],
    shareGroup,
    clientId: `vahti-test-${run()}`,
    ingestKey: key,
    reconnectMaxMs: 10_000,
    connections: 4,
  };
  const ids = Array.from({ length: config.connections }, (_, i) =>
    mqttClientId(config.clientId, i),
  );
  const onAck = (_packet: unknown, client: { id: string } | null) => {
    if (client && ids.includes(client.id)) seen.acks += 1;
  };
  aedes.on('ack', onAck);
  const subscriber = () =>
    createMqttSubscriber({
      config,
      ingest: {
        callerOfKey: service.callerOfKey,
        ttn: service.ttn,
        chirpstackStatus: service.chirpstackStatus,
        keepRejected: service.keepRejected,
        chirpstack: async (caller, body) => {
          seen.inFlight += 1;
          seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
          try {
            return await service.chirpstack(caller, body);
          } finally {
            seen.inFlight -= 1;
            seen.done += 1;
          }
        },
      },
      log: silentLog(),
      reconnectMinMs: 200,
    });
  toClose.push(async () => {
    aedes.off('ack', onAck);
    for (const id of ids) await forgetSession(url, id);
  });
  return { prefix, seen, subscriber, service };
}

/** Starts a subscriber and stops it when the file ends (stop is idempotent). */
async function started(subscriber: ReturnType<typeof createMqttSubscriber>) {
  subscriber.start();
  toClose.push(() => subscriber.stop());
  await subscriber.subscribed();
  return subscriber;
}

const storedOnce = async (bodies: { deduplicationId: string }[]) => {
  const ids = new Set(bodies.map((body) => body.deduplicationId));
  const rows = (await ctx.database.db.select().from(measurementData)).filter((row) =>
    ids.has(row.dedupKey),
  );
  return { rows: rows.length, distinct: new Set(rows.map((row) => row.dedupKey)).size };
};

/** Several connections in flight; against aedes (no shared subscriptions: each gets every message). */
function inFlightFlows(name: string, url: () => string, shareGroup: () => string | null) {
  describe(`several messages in flight through ${name} (${DRIVER})`, () => {
    it('many messages in flight are all stored once; a failing one is redelivered, stored once', async () => {
      const bodies = Array.from({ length: 60 }, () => chirpstack());
      const failing = bodies[7]?.time as string;
      const { prefix, seen, subscriber } = severalConnections(url(), shareGroup(), failing);
      await started(subscriber());
      const publish = await publisher(url());
      await Promise.all(bodies.map((body) => publish(csTopic(prefix), body)));
      await expect.poll(() => storedOnce(bodies), POLL).toEqual({ rows: 60, distinct: 60 });
      expect(seen.maxInFlight).toBeGreaterThan(1);
      expect(seen.failed).toBe(2);
    });

    it('a clean stop lets the messages in flight commit and be acknowledged; the rest wait on the broker', async () => {
      const bodies = Array.from({ length: 60 }, () => chirpstack());
      const { prefix, seen, subscriber } = severalConnections(url(), shareGroup());
      const first = await started(subscriber());
      const publish = await publisher(url());
      await Promise.all(bodies.map((body) => publish(csTopic(prefix), body)));
      await expect.poll(() => seen.done, POLL).toBeGreaterThan(0);
      await first.stop();
      // Drained: nothing is being stored, and (aedes tells) every stored message was acknowledged.
      expect(seen.inFlight).toBe(0);
      if (url() === aedesUrl) await expect.poll(() => seen.acks, POLL).toBe(seen.done);
      // The same client ids again: the broker hands over what was not acknowledged.
      await started(subscriber());
      await expect.poll(() => storedOnce(bodies), POLL).toEqual({ rows: 60, distinct: 60 });
    });
  });
}

inFlightFlows(
  'an in-process broker',
  () => aedesUrl,
  () => null,
);

describe('acknowledged only after commit (aedes)', () => {
  it('a failed store is not acknowledged; the broker delivers it again and it is stored once', async () => {
    const prefix = `vahti-test-${run()}`;
    let failures = 1;
    let attempts = 0;
    const ingest = ingestServiceWith(ctx.database.db, async () => {
      attempts += 1;
      if (failures > 0) {
        failures -= 1;
        throw new Error('database hiccup');
      }
      return undefined;
    });
    // The attempts made when the subscriber's PUBACK reached the broker.
    const acks: number[] = [];
    const clientId = `vahti-test-${run()}`;
    const onAck = (_packet: unknown, client: { id: string } | null) => {
      if (client?.id === clientId) acks.push(attempts);
    };
    aedes.on('ack', onAck);
    const subscriber = createMqttSubscriber({
      config: {
        url: aedesUrl,
        topics: [`${prefix}/application/+/device/+/event/up`],
        shareGroup: null,
        clientId,
        ingestKey: key,
        reconnectMaxMs: 10_000,
        connections: 1,
      },
      ingest,
      log: silentLog(),
      reconnectMinMs: 200,
    });
    subscriber.start();
    toClose.push(async () => {
      aedes.off('ack', onAck);
      await subscriber.stop();
      await forgetSession(aedesUrl, clientId);
    });
    await subscriber.subscribed();
    const publish = await publisher(aedesUrl);
    const body = chirpstack();
    await publish(csTopic(prefix), body);
    await expect.poll(async () => (await rowsWith(body.deduplicationId)).length, POLL).toBe(1);
    expect(attempts).toBe(2);
    // The broker heard one acknowledgement for the subscriber, after the second, committed try.
    await expect.poll(() => acks, POLL).toContain(2);
    expect(acks).not.toContain(1);
  });
});

describe('a revoked MQTT_INGEST_KEY (aedes)', () => {
  it('stores nothing and acknowledges nothing: the message waits on the broker', async () => {
    const prefix = `vahti-test-${run()}`;
    const created = (
      await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'MQTT 2' })
    ).json();
    const { config } = await mqttApp(aedesUrl, { prefix, ingestKey: created.key });
    const revoked = await as('Ylläpitäjä', 'A').delete(`/api/ingest-keys/${created.ingestKey.id}`);
    expect(revoked.statusCode).toBe(200);
    const acks: unknown[] = [];
    let drops = 0;
    const onAck = (_packet: unknown, client: { id: string } | null) => {
      if (client?.id === config.clientId) acks.push(client.id);
    };
    const onDisconnect = (client: { id: string }) => {
      if (client.id === config.clientId) drops += 1;
    };
    aedes.on('ack', onAck);
    aedes.on('clientDisconnect', onDisconnect);
    toClose.push(async () => {
      aedes.off('ack', onAck);
      aedes.off('clientDisconnect', onDisconnect);
    });
    const publish = await publisher(aedesUrl);
    const body = chirpstack();
    await publish(csTopic(prefix), body);
    // The subscriber drops the connection instead of acknowledging.
    await expect.poll(() => drops, POLL).toBeGreaterThan(0);
    expect(acks).toEqual([]);
    expect(await rowsWith(body.deduplicationId)).toHaveLength(0);
  });
});

describe.runIf(TEST_MQTT_URL)('the real broker (TEST_MQTT_URL)', () => {
  const url = () => TEST_MQTT_URL as string;
  mainFlow(`Mosquitto at ${TEST_MQTT_URL && mqttDisplayUrl(TEST_MQTT_URL)}`, url);
  inFlightFlows('Mosquitto', url, () => `vahti-${run()}`);

  it('splits a shared subscription between two instances: each uplink stored exactly once', async () => {
    const prefix = `vahti-test-${run()}`;
    const shareGroup = `vahti-${run()}`;
    const logs: string[][] = [[], []];
    await mqttApp(url(), { prefix, shareGroup }, logs[0]);
    await mqttApp(url(), { prefix, shareGroup }, logs[1]);
    const publish = await publisher(url());
    const bodies = Array.from({ length: 40 }, () => chirpstack());
    for (const body of bodies) await publish(csTopic(prefix), body);
    const ids: string[] = bodies.map((body) => body.deduplicationId);
    const stored = async () => {
      const rows = await ctx.database.db.select().from(measurementData);
      return rows.filter((row) => ids.includes(row.dedupKey));
    };
    await expect.poll(async () => (await stored()).length, POLL).toBe(bodies.length);
    const rows = await stored();
    expect(new Set(rows.map((row) => row.dedupKey)).size).toBe(bodies.length);
    // Each message went to one instance only, and both had a share.
    const handled = logs.map(
      (lines) => lines.filter((l) => l.includes('MQTT uplink stored')).length,
    );
    expect(handled[0]).toBeGreaterThan(0);
    expect(handled[1]).toBeGreaterThan(0);
    expect((handled[0] ?? 0) + (handled[1] ?? 0)).toBe(bodies.length);
  });
});
