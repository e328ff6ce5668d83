import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, measurementData } from '../../src/db/schema/index.js';
import type { JournalEntry } from '../../src/modules/ingest/journal.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

/** Uplinks sent at once; a group is written when this many rows wait (or after 1 s). */
const GROUP = 16;

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let keyA: Client;
let keyB: Client;
let sensor: Awaited<ReturnType<typeof createLayoutDevice>>;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest({
    env: { INGEST_GROUP_MAX_ROWS: String(GROUP), INGEST_GROUP_DELAY_MS: '1000' },
  }));
  const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Ryhmät' });
  keyA = as.withToken(res.json().key as string);
  const ofB = await as('Ylläpitäjä', 'B').post('/api/ingest-keys', { name: 'Ryhmät' });
  keyB = as.withToken(ofB.json().key as string);
  // hum above 80 opens an 'up' alarm.
  sensor = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id, {
    alarming: true,
  });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const rowsOf = async (deviceId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(measurementData)
      .where(eq(measurementData.deviceId, deviceId))
  )[0]?.n ?? 0;
const alarmsOf = async (deviceId: string) =>
  (await db().select({ n: count() }).from(alarms).where(eq(alarms.deviceId, deviceId)))[0]?.n ?? 0;

let minute = 500;
/** A generic uplink of the sensor's humidity, a minute after the previous one. */
const uplink = (hum: number, device = sensor) => {
  minute -= 1;
  return {
    deviceEui: device.eui,
    time: new Date(Date.now() - minute * 60_000).toISOString(),
    values: { [device.m.hum.id]: hum },
  };
};
const sendAll = (bodies: unknown[]) =>
  Promise.all(bodies.map((body) => keyA.post('/api/ingest/generic', body)));

describe(`group commit of uplinks (${DRIVER})`, () => {
  it('writes uplinks of concurrent requests in one group, each answered with its own result', async () => {
    const before = ctx.services.ingest.groupStats();
    const bodies = Array.from({ length: GROUP }, (_, i) => uplink(40 + i));
    const answers = await sendAll(bodies);
    expect(answers.map((res) => res.statusCode)).toEqual(bodies.map(() => 200));
    expect(answers.map((res) => res.json())).toEqual(
      bodies.map(() => ({ stored: 1, duplicates: 0 })),
    );
    const after = ctx.services.ingest.groupStats();
    expect(after.items - before.items).toBe(GROUP);
    // Grouped: fewer transactions than uplinks (one, unless the machine stalls past the delay).
    expect(after.groups - before.groups).toBeLessThan(GROUP);
    expect(after.retried).toBe(before.retried);
  });

  it('stores the same reading sent twice in one group once, and a replay of the group adds nothing', async () => {
    const bodies = Array.from({ length: GROUP / 2 }, (_, i) => uplink(i % 2 ? 95 : 50));
    const rowsBefore = await rowsOf(sensor.deviceId);
    const first = await sendAll([...bodies, ...bodies]);
    expect(first.every((res) => res.statusCode === 200)).toBe(true);
    const stored = first.map((res) => res.json().stored as number);
    expect(stored.reduce((a, b) => a + b)).toBe(GROUP / 2);
    expect(first.map((res) => res.json().stored + res.json().duplicates)).toEqual(
      first.map(() => 1),
    );
    const rows = await rowsOf(sensor.deviceId);
    expect(rows - rowsBefore).toBe(GROUP / 2);
    const alarmCount = await alarmsOf(sensor.deviceId);
    expect(alarmCount).toBeGreaterThan(0);

    const replay = await sendAll([...bodies, ...bodies]);
    expect(replay.map((res) => res.json())).toEqual(
      replay.map(() => ({ stored: 0, duplicates: 1 })),
    );
    expect(await rowsOf(sensor.deviceId)).toBe(rows);
    expect(await alarmsOf(sensor.deviceId)).toBe(alarmCount);
  });

  it('keeps each organization’s uplinks in its own organization within one group', async () => {
    const sensorB = await createLayoutDevice(db(), fx.orgB.id, fx.orgB.target.id);
    const before = ctx.services.ingest.groupStats();
    const answers = await Promise.all(
      Array.from({ length: GROUP }, (_, i) =>
        i % 2
          ? keyB.post('/api/ingest/generic', uplink(50, sensorB))
          : keyA.post('/api/ingest/generic', uplink(50)),
      ),
    );
    expect(answers.map((res) => res.json())).toEqual(
      answers.map(() => ({ stored: 1, duplicates: 0 })),
    );
    expect(ctx.services.ingest.groupStats().groups - before.groups).toBeLessThan(GROUP);
    const stored = await db()
      .select({ organizationId: measurementData.organizationId })
      .from(measurementData)
      .where(eq(measurementData.deviceId, sensorB.deviceId));
    expect(stored).toHaveLength(GROUP / 2);
    expect(stored.every((row) => row.organizationId === fx.orgB.id)).toBe(true);
    // A's key still cannot reach B's device, grouped or not.
    const foreign = await keyA.post('/api/ingest/generic', uplink(50, sensorB));
    expect(foreign.json()).toMatchObject({ stored: 0, rejected: ['unknownDevice'] });
  });

  it('fails only the uplink whose write fails; the rest of its group is stored', async () => {
    const poisoned = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
    // A database that refuses one device's readings: the group's transaction fails with it.
    await db().execute(
      sql.raw(`create function refuse_poisoned() returns trigger language plpgsql as $$
        begin raise exception 'poisoned device'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_poisoned before insert on measurement_data for each row
        when (new.device_id = '${poisoned.deviceId}') execute function refuse_poisoned()`),
    );
    try {
      const before = ctx.services.ingest.groupStats();
      const rowsBefore = await rowsOf(sensor.deviceId);
      const bodies = Array.from({ length: GROUP }, (_, i) =>
        i === 5 ? uplink(50, poisoned) : uplink(50),
      );
      const answers = await sendAll(bodies);
      expect(answers.map((res) => res.statusCode)).toEqual(
        bodies.map((_, i) => (i === 5 ? 500 : 200)),
      );
      expect(await rowsOf(sensor.deviceId)).toBe(rowsBefore + GROUP - 1);
      expect(await rowsOf(poisoned.deviceId)).toBe(0);
      // The failed group was written again one uplink at a time.
      expect(ctx.services.ingest.groupStats().retried).toBeGreaterThan(before.retried);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_poisoned on measurement_data'));
      await db().execute(sql.raw('drop function refuse_poisoned()'));
    }
  });
  it('replays the journal: a removed organization’s uplink comes back to be kept apart, the rest is stored', async () => {
    const before = await rowsOf(sensor.deviceId);
    const generic = (organizationId: string, hum: number, n: number): JournalEntry => {
      const body = uplink(hum);
      return {
        receivedAt: Date.now(),
        caller: { keyId: randomUUID(), organizationId },
        origin: { source: 'webhook', requestId: `replay-${n}` },
        uplinks: [
          {
            source: 'generic',
            deviceEui: body.deviceEui,
            time: body.time,
            fCnt: undefined,
            dedupId: undefined,
            payload: undefined,
            decoded: body.values,
            strict: true,
            raw: body,
          },
        ],
      };
    };
    // The second entry's organization no longer exists: neither a reading nor a rejected uplink
    // can name it.
    const gone = generic(randomUUID(), 50, 2);
    const unstorable = await ctx.services.ingest.replay([
      generic(fx.orgA.id, 40, 1),
      gone,
      generic(fx.orgA.id, 41, 3),
    ]);
    expect(unstorable).toEqual([gone]);
    expect(await rowsOf(sensor.deviceId)).toBe(before + 2);
  });
});
