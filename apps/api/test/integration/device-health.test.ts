import {
  type AlarmRecord,
  type DeviceRecord,
  LOW_BATTERY_HYSTERESIS,
  LOW_BATTERY_PERCENT,
} from '@vahti/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceHealth,
  deviceTypeMeasurements,
  deviceTypes,
  measurements,
} from '../../src/db/schema/index.js';
import { createMqttMessageHandler } from '../../src/modules/ingest/mqtt-message.js';
import {
  chirpstackStatusJson,
  chirpstackUpJson,
  thingsStackUplink,
} from '../fixtures/network-server-events.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { statusEventBytes, uplinkEventBytes } from '../helpers/chirpstack-protobuf.js';
import { storeDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice, EXAMPLE_PAYLOAD } from '../helpers/ingest-fixtures.js';
import { silentLog } from '../helpers/silent-log.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let key: string;
let keyA: Client;
let keyB: Client;

const newKey = async (org: 'A' | 'B') => {
  const res = await as('Ylläpitäjä', org).post('/api/ingest-keys', { name: `Kunto ${org}` });
  return res.json().key as string;
};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  key = await newKey('A');
  keyA = as.withToken(key);
  keyB = as.withToken(await newKey('B'));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** The device as GET /api/devices answers it to organization A's Ylläpitäjä (or another). */
async function listed(deviceId: string, client = as('Ylläpitäjä')) {
  const res = await client.get('/api/devices');
  expect(res.statusCode).toBe(200);
  return (res.json().devices as DeviceRecord[]).find((d) => d.deviceId === deviceId);
}

const alarmsOf = async (deviceId: string) => {
  const res = await as('Ylläpitäjä').get(`/api/device-alarms?id=${deviceId}`);
  expect(res.statusCode).toBe(200);
  return res.json().alarms as AlarmRecord[];
};

/** A ChirpStack JSON up event of the fixture (two gateways, SF11) for this device. */
const up = (eui: string, fCnt: number, time: string, more: Record<string, unknown> = {}) => ({
  ...chirpstackUpJson,
  deduplicationId: crypto.randomUUID(),
  time,
  deviceInfo: { ...chirpstackUpJson.deviceInfo, devEui: eui.toLowerCase() },
  fCnt,
  data: EXAMPLE_PAYLOAD,
  ...more,
});

const status = (eui: string, time: string, more: Record<string, unknown> = {}) => ({
  ...chirpstackStatusJson,
  deduplicationId: crypto.randomUUID(),
  time,
  deviceInfo: { ...chirpstackStatusJson.deviceInfo, devEui: eui },
  ...more,
});

/** A device whose type has one measurement of quantity battery (percent). */
async function batteryDevice() {
  const tag = crypto.randomUUID().slice(0, 8);
  const [m] = await db()
    .insert(measurements)
    .values({
      organizationId: fx.orgA.id,
      measurementName: `Paristo ${tag}`,
      measurementSizeInBytes: 1,
      measurementBitNumber: 1,
      measurementQuantity: 'battery',
      measurementValidMin: 0,
      measurementValidMax: 100,
    })
    .returning({ id: measurements.measurementId });
  const [type] = await db()
    .insert(deviceTypes)
    .values({ organizationId: fx.orgA.id, deviceTypeName: `Paristo ${tag}` })
    .returning({ id: deviceTypes.deviceTypeId });
  if (!m || !type) throw new Error('fixtures: battery type not stored');
  await db()
    .insert(deviceTypeMeasurements)
    .values({ deviceTypeId: type.id, measurementId: m.id, position: 0 });
  const device = await storeDevice(db(), {
    organizationId: fx.orgA.id,
    targetId: fx.orgA.target.id,
    typeId: type.id,
  });
  return { deviceId: device.id, eui: device.eui, measurementId: m.id };
}

describe(`device health (${DRIVER})`, () => {
  it('keeps the newest uplink’s radio figures, fPort and fCnt, shown with the device', async () => {
    const device = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    expect((await listed(device.deviceId))?.health).toBeNull();

    const time = minutesAgo(10);
    const res = await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 41, time));
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await listed(device.deviceId))?.health).toEqual({
      uplinkAt: time,
      rssi: -87,
      snr: 7.25,
      gateways: 2,
      gatewayId: '0016c001f1500a2b',
      spreadingFactor: 11,
      frequency: 867_100_000,
      fPort: 1,
      fCnt: 41,
      battery: null,
      batteryAt: null,
      margin: null,
      externalPower: null,
      statusAt: null,
    });

    // An older uplink (late) changes nothing; a newer one without radio metadata replaces it.
    await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 40, minutesAgo(20)));
    expect((await listed(device.deviceId))?.health).toMatchObject({ uplinkAt: time, fCnt: 41 });
    const later = minutesAgo(5);
    const { rxInfo: _, txInfo: __, ...bare } = up(device.eui, 42, later);
    await keyA.post('/api/ingest/chirpstack?event=up', bare);
    expect((await listed(device.deviceId))?.health).toMatchObject({
      uplinkAt: later,
      fCnt: 42,
      rssi: null,
      gateways: null,
    });
    // One row per device, however many uplinks.
    const [rows] = await db()
      .select({ n: count() })
      .from(deviceHealth)
      .where(eq(deviceHealth.deviceId, device.deviceId));
    expect(rows?.n).toBe(1);
  });

  it('reads Protobuf uplinks and The Things Stack’s rx_metadata the same way', async () => {
    const device = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    const time = minutesAgo(9);
    const bytes = uplinkEventBytes({
      deduplicationId: crypto.randomUUID(),
      time,
      devEui: device.eui,
      fCnt: 77,
      data: EXAMPLE_PAYLOAD,
      rxInfo: [{ gatewayId: 'aa555a0000000101', rssi: -112, snr: -9.5 }],
      spreadingFactor: 12,
    });
    const res = await keyA.post('/api/ingest/chirpstack?event=up', bytes, {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect((await listed(device.deviceId))?.health).toMatchObject({
      uplinkAt: time,
      rssi: -112,
      snr: -9.5,
      gateways: 1,
      gatewayId: 'aa555a0000000101',
      spreadingFactor: 12,
      frequency: 868_100_000,
      fCnt: 77,
    });

    const ttsTime = minutesAgo(8);
    const tts = await keyA.post('/api/ingest/ttn', {
      ...thingsStackUplink,
      end_device_ids: { ...thingsStackUplink.end_device_ids, dev_eui: device.eui },
      received_at: ttsTime,
      uplink_message: {
        ...thingsStackUplink.uplink_message,
        frm_payload: EXAMPLE_PAYLOAD,
        received_at: ttsTime,
      },
    });
    expect(tts.statusCode).toBe(200);
    expect((await listed(device.deviceId))?.health).toMatchObject({
      uplinkAt: ttsTime,
      rssi: -35,
      snr: 11.5,
      gateways: 2,
      gatewayId: 'gtw1',
      spreadingFactor: 7,
      frequency: 868_500_000,
      fPort: 2,
      fCnt: 490,
    });
  });

  it('takes battery, margin and power from status events: JSON, Protobuf and MQTT', async () => {
    const device = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    const first = minutesAgo(30);
    const res = await keyA.post(
      '/api/ingest/chirpstack?event=status',
      status(device.eui, first, { batteryLevel: 85.5, margin: 7 }),
    );
    expect(res.statusCode).toBe(204);
    expect((await listed(device.deviceId))?.health).toMatchObject({
      battery: 85.5,
      batteryAt: first,
      margin: 7,
      externalPower: false,
      statusAt: first,
      uplinkAt: null,
    });

    const second = minutesAgo(20);
    const bytes = statusEventBytes({
      deduplicationId: crypto.randomUUID(),
      time: second,
      devEui: device.eui,
      margin: -2,
      batteryLevel: 64,
    });
    const pb = await keyA.post('/api/ingest/chirpstack?event=status', bytes, {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(pb.statusCode).toBe(204);
    expect((await listed(device.deviceId))?.health).toMatchObject({
      battery: 64,
      batteryAt: second,
      margin: -2,
    });

    // MQTT …/event/status: a mains-powered answer keeps the last battery figure, sets the power.
    const handle = createMqttMessageHandler({ ingestKey: key, ingest: ctx.services.ingest });
    const third = minutesAgo(10);
    const outcome = await handle(
      `application/17c82e96/device/${device.eui.toLowerCase()}/event/status`,
      Buffer.from(
        JSON.stringify(
          status(device.eui, third, { externalPowerSource: true, batteryLevel: 0, margin: 12 }),
        ),
      ),
      'mqtt-test',
      silentLog(),
    );
    expect(outcome).toBe('ingested');
    expect((await listed(device.deviceId))?.health).toMatchObject({
      battery: 64,
      batteryAt: second,
      margin: 12,
      externalPower: true,
      statusAt: third,
    });

    // A time that is no instant, or days ahead: answered, nothing kept.
    for (const time of [
      '2026-02-30T10:00:00Z',
      new Date(Date.now() + 3 * 86_400_000).toISOString(),
    ])
      expect(
        (
          await keyA.post(
            '/api/ingest/chirpstack?event=status',
            status(device.eui, time, { batteryLevel: 1 }),
          )
        ).statusCode,
      ).toBe(204);
    expect((await listed(device.deviceId))?.health).toMatchObject({ battery: 64, statusAt: third });

    // A status body without its device, or a battery out of range: 400 naming the field.
    const bad = await keyA.post('/api/ingest/chirpstack?event=status', {
      ...status(device.eui, third),
      batteryLevel: 300,
    });
    expect([bad.statusCode, bad.json().code, Object.keys(bad.json().fields ?? {})]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['batteryLevel'],
    ]);
  });

  it('opens a low-battery alarm below the limit and closes it once the battery is back', async () => {
    const device = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    const post = (battery: number, minutes: number) =>
      keyA.post(
        '/api/ingest/chirpstack?event=status',
        status(device.eui, minutesAgo(minutes), { batteryLevel: battery }),
      );
    await post(60, 50);
    expect(await alarmsOf(device.deviceId)).toEqual([]);
    await post(LOW_BATTERY_PERCENT - 5, 40);
    const [alarm] = await alarmsOf(device.deviceId);
    expect(alarm).toMatchObject({
      alarmBreakThrough: 'lowBattery',
      active: true,
      measurementId: null,
      value: LOW_BATTERY_PERCENT - 5,
      limitValue: LOW_BATTERY_PERCENT,
      alarmDescription: `Paristo vähissä: ${LOW_BATTERY_PERCENT - 5} %`,
    });
    // Still low, then just above the limit (within the hysteresis): the same alarm stays open.
    await post(LOW_BATTERY_PERCENT - 6, 30);
    await post(LOW_BATTERY_PERCENT + 1, 25);
    expect((await alarmsOf(device.deviceId)).map((a) => a.active)).toEqual([true]);
    // Back by the hysteresis (a new battery): closed.
    await post(LOW_BATTERY_PERCENT + LOW_BATTERY_HYSTERESIS, 20);
    expect((await alarmsOf(device.deviceId)).map((a) => [a.alarmBreakThrough, a.active])).toEqual([
      ['lowBattery', false],
    ]);
    // It shows in the alarm list like an offline alarm.
    const list = await as('Ylläpitäjä').get('/api/alarms');
    expect(
      (list.json().alarms as AlarmRecord[]).some(
        (a) => a.id === alarm?.id && a.alarmBreakThrough === 'lowBattery',
      ),
    ).toBe(true);
  });

  it('reads the battery from a decoded measurement whose quantity is battery', async () => {
    const device = await batteryDevice();
    const time = minutesAgo(15);
    const res = await keyA.post('/api/ingest/generic', {
      deviceEui: device.eui,
      time,
      fCnt: 3,
      values: { [device.measurementId]: 12 },
    });
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await listed(device.deviceId))?.health).toMatchObject({
      battery: 12,
      batteryAt: time,
      fCnt: 3,
      rssi: null,
    });
    expect((await alarmsOf(device.deviceId)).map((a) => [a.alarmBreakThrough, a.value])).toEqual([
      ['lowBattery', 12],
    ]);
    // An older status event does not replace the newer decoded figure.
    await keyA.post(
      '/api/ingest/chirpstack?event=status',
      status(device.eui, minutesAgo(60), { batteryLevel: 90 }),
    );
    expect((await listed(device.deviceId))?.health).toMatchObject({ battery: 12, batteryAt: time });
  });

  it('opens a frame-counter reset alarm that closes when acknowledged', async () => {
    const device = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 5120, minutesAgo(30)));
    await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 5121, minutesAgo(25)));
    expect(await alarmsOf(device.deviceId)).toEqual([]);
    const resetAt = minutesAgo(20);
    await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 0, resetAt));
    const [alarm] = await alarmsOf(device.deviceId);
    expect(alarm).toMatchObject({
      alarmBreakThrough: 'frameCounterReset',
      active: true,
      state: 0,
      value: 0,
      limitValue: 5121,
      createdAt: resetAt,
      alarmDescription: 'Kehyslaskuri nollautui: 5121 → 0',
    });
    // Counting on from 0 is no new reset.
    await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 1, minutesAgo(15)));
    expect(await alarmsOf(device.deviceId)).toHaveLength(1);

    const ack = await as('Ylläpitäjä').patch('/api/alarms/ack', { id: alarm?.id, state: 1 });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().alarm).toMatchObject({ state: 1, active: false });
    // The target's contact users were mailed when it opened, as for any alarm.
    expect(ack.json().alarm.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'opened',
      'mailed',
      'acknowledged',
      'closed',
    ]);
  });

  it('never shows health to another organization, nor takes its key’s events', async () => {
    const device = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    await keyA.post('/api/ingest/chirpstack?event=up', up(device.eui, 9, minutesAgo(5)));
    // Organization B's key names A's device: nothing is kept for it.
    const foreign = await keyB.post(
      '/api/ingest/chirpstack?event=status',
      status(device.eui, minutesAgo(1), { batteryLevel: 3 }),
    );
    expect(foreign.statusCode).toBe(204);
    const own = await listed(device.deviceId);
    expect(own?.health).toMatchObject({ fCnt: 9, battery: null, statusAt: null });
    expect(await alarmsOf(device.deviceId)).toEqual([]);
    // B's people never see A's device nor its figures.
    expect(await listed(device.deviceId, as('Ylläpitäjä', 'B'))).toBeUndefined();
    const admin = await as('Ylläpitäjä', 'B').get('/api/devices-admin');
    expect(JSON.stringify(admin.json())).not.toContain(device.deviceId);
  });
});
