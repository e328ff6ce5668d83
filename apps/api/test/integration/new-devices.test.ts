import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, measurementData, rejectedUplinks } from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { deviceBody, deviceTypeOf, freshEui } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice, EXAMPLE_PAYLOAD } from '../helpers/ingest-fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let keyA: Client;
let keyB: Client;
let layout: Awaited<ReturnType<typeof createLayoutDevice>>;

const newKey = async (org: 'A' | 'B') => {
  const res = await as('Ylläpitäjä', org).post('/api/ingest-keys', { name: `Uudet ${org}` });
  return res.json().key as string;
};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  keyA = as.withToken(await newKey('A'));
  keyB = as.withToken(await newKey('B'));
  // A type whose layout decodes EXAMPLE_PAYLOAD (temp, hum, door, leak, pressure).
  layout = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A ChirpStack v4 `up` event as its HTTP integration posts it (docs: Integrations › Events). */
const chirpstack = (eui: string, time: string, fCnt: number) => ({
  deduplicationId: crypto.randomUUID(),
  time,
  deviceInfo: {
    tenantName: 'Vahti',
    applicationName: 'Sisäilma',
    deviceProfileId: '0b46e2e2-8f0b-4b5e-9d0a-1f3c3e1b2a10',
    deviceProfileName: 'Elsys ERS CO2',
    deviceName: `ers-${eui.slice(-4)}`,
    devEui: eui.toLowerCase(),
  },
  fCnt,
  fPort: 5,
  data: EXAMPLE_PAYLOAD,
});

/** A The Things Stack v3 uplink message (docs: Integrations › Data formats). */
const ttn = (eui: string, time: string) => ({
  end_device_ids: { device_id: `eui-${eui.toLowerCase()}`, dev_eui: eui },
  received_at: time,
  uplink_message: {
    f_cnt: 3,
    f_port: 85,
    frm_payload: EXAMPLE_PAYLOAD,
    received_at: time,
    decoded_payload: { temperature: 21.5 },
    version_ids: { brand_id: 'milesight-iot', model_id: 'am307' },
  },
});

const inbox = async (role: Parameters<Actors>[0] = 'Ylläpitäjä', org: 'A' | 'B' = 'A') => {
  const res = await as(role, org).get('/api/new-devices');
  expect(res.statusCode).toBe(200);
  return res.json().newDevices as Array<Record<string, unknown>>;
};

const keptOf = (eui: string) =>
  db()
    .select({ id: rejectedUplinks.id, reason: rejectedUplinks.reason })
    .from(rejectedUplinks)
    .where(eq(rejectedUplinks.deviceEui, eui.toLowerCase()));

describe(`new devices inbox (${DRIVER})`, () => {
  const euiA = freshEui();
  const euiTtn = freshEui();
  const euiB = freshEui();
  const times = [minutesAgo(90), minutesAgo(30)];

  beforeAll(async () => {
    for (const [i, time] of times.entries()) {
      const res = await keyA.post(
        '/api/ingest/chirpstack',
        chirpstack(euiA, time as string, i + 1),
      );
      expect(res.json().rejected).toEqual(['unknownDevice']);
    }
    await keyA.post('/api/ingest/ttn', ttn(euiTtn, minutesAgo(10)));
    await keyB.post('/api/ingest/chirpstack', chirpstack(euiB, minutesAgo(5), 1));
  });

  it('lists the unknown DevEUIs of the caller’s organization with profile and last payload', async () => {
    const listed = await inbox();
    const mine = listed.find((d) => d.deviceEui === euiA);
    expect(mine).toMatchObject({
      organizationId: fx.orgA.id,
      uplinks: 2,
      source: 'chirpstack',
      deviceProfileName: 'Elsys ERS CO2',
      networkDeviceName: `ers-${euiA.slice(-4)}`,
      lastPayloadHex: Buffer.from(EXAMPLE_PAYLOAD, 'base64').toString('hex').toUpperCase(),
      lastFPort: 5,
      lastDecoded: null,
    });
    expect(new Date(mine?.firstSeen as string).getTime()).toBeLessThanOrEqual(
      new Date(mine?.lastSeen as string).getTime(),
    );
    expect(listed.find((d) => d.deviceEui === euiTtn)).toMatchObject({
      source: 'ttn',
      deviceProfileName: 'milesight-iot am307',
      networkDeviceName: `eui-${euiTtn.toLowerCase()}`,
      lastFPort: 85,
      lastDecoded: { temperature: 21.5 },
    });
    expect(listed.some((d) => d.deviceEui === euiB)).toBe(false);
    expect((await inbox('Ylläpitäjä', 'B')).map((d) => d.deviceEui)).toContain(euiB);
    expect((await inbox('Ylläpitäjä', 'B')).some((d) => d.deviceEui === euiA)).toBe(false);
    const top = await inbox('Pääylläpitäjä');
    expect(top.map((d) => d.deviceEui)).toEqual(expect.arrayContaining([euiA, euiB]));
    const denied = await as('Pääkäyttäjä').get('/api/new-devices');
    expect(denied.statusCode).toBe(403);
  });

  it('accepts one: the device is added and its kept uplinks become readings at their times', async () => {
    const bad = await as('Ylläpitäjä').post('/api/new-devices/accept', {
      ...deviceBody(fx.orgA.target.id, layout.typeId, { deviceEui: euiA }),
      deviceName: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.deviceName).toBe('Pakollinen kenttä');
    expect(await keptOf(euiA)).toHaveLength(2);

    const res = await as('Ylläpitäjä').post(
      '/api/new-devices/accept',
      deviceBody(fx.orgA.target.id, layout.typeId, { deviceEui: euiA.toLowerCase() }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ replayed: 2, stored: 2, notReplayed: 0 });
    const deviceId = res.json().lastInsertedId as string;
    const [device] = await db()
      .select({ eui: devices.deviceEui, organizationId: devices.organizationId })
      .from(devices)
      .where(eq(devices.deviceId, deviceId));
    expect(device).toEqual({ eui: euiA, organizationId: fx.orgA.id });
    const stored = await db()
      .select({ createdAt: measurementData.createdAt, data: measurementData.data })
      .from(measurementData)
      .where(eq(measurementData.deviceId, deviceId));
    expect(stored.map((r) => r.createdAt.toISOString()).sort()).toEqual([...times].sort());
    expect(stored[0]?.data[layout.m.hum.id]).toBe(55);
    expect(await keptOf(euiA)).toEqual([]);
    expect((await inbox()).some((d) => d.deviceEui === euiA)).toBe(false);
    // Its next uplink is an ordinary reading.
    const next = await keyA.post('/api/ingest/chirpstack', chirpstack(euiA, minutesAgo(1), 3));
    expect(next.json()).toEqual({ stored: 1, duplicates: 0 });
  });

  it('replays the generic form too, and answers 404 for another organization’s DevEUI', async () => {
    const eui = freshEui();
    const time = '2026-03-01T08:00:00.000Z';
    await keyA.post('/api/ingest/generic', {
      deviceEui: eui,
      time,
      values: { [layout.m.hum.id]: 42 },
    });
    const res = await as('Ylläpitäjä').post(
      '/api/new-devices/accept',
      deviceBody(fx.orgA.target.id, layout.typeId, { deviceEui: eui }),
    );
    expect(res.json()).toMatchObject({ replayed: 1, stored: 1 });
    const [row] = await db()
      .select({ createdAt: measurementData.createdAt, data: measurementData.data })
      .from(measurementData)
      .where(eq(measurementData.deviceId, res.json().lastInsertedId));
    expect(row?.createdAt.toISOString()).toBe(time);
    expect(row?.data[layout.m.hum.id]).toBe(42);

    const typeA = await deviceTypeOf(db(), fx.orgA.id);
    const foreign = await as('Ylläpitäjä').post(
      '/api/new-devices/accept',
      deviceBody(fx.orgA.target.id, typeA.id, { deviceEui: euiB }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NEW_DEVICE_NOT_FOUND');
    expect(await db().select().from(devices).where(eq(devices.deviceEui, euiB))).toEqual([]);
    expect(await keptOf(euiB)).toHaveLength(1);
  });

  it('dismisses one: hidden from the inbox, its uplinks still kept', async () => {
    const res = await as('Ylläpitäjä').post('/api/new-devices/dismiss', { deviceEui: euiTtn });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Laite piilotettu uusista laitteista');
    expect((await inbox()).some((d) => d.deviceEui === euiTtn)).toBe(false);
    expect(
      await db()
        .select({ id: rejectedUplinks.id })
        .from(rejectedUplinks)
        .where(
          and(eq(rejectedUplinks.deviceEui, euiTtn), eq(rejectedUplinks.reason, 'unknownDevice')),
        ),
    ).toHaveLength(1);
    // It stays hidden when it sends again; dismissing twice is no error.
    await keyA.post('/api/ingest/ttn', ttn(euiTtn, minutesAgo(2)));
    expect((await inbox()).some((d) => d.deviceEui === euiTtn)).toBe(false);
    expect(
      (await as('Ylläpitäjä').post('/api/new-devices/dismiss', { deviceEui: euiTtn })).statusCode,
    ).toBe(200);
    const foreign = await as('Ylläpitäjä').post('/api/new-devices/dismiss', { deviceEui: euiB });
    expect(foreign.statusCode).toBe(404);
    expect((await inbox('Ylläpitäjä', 'B')).map((d) => d.deviceEui)).toContain(euiB);
    const bad = await as('Ylläpitäjä').post('/api/new-devices/dismiss', { deviceEui: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.deviceEui).toBe('DevEUI on 16 heksadesimaalimerkkiä (0–9, A–F)');
  });
});
