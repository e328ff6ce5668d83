import { count, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendUplinks } from '../../src/db/demo/simulate-http.js';
import { backfill, simulatedDevices } from '../../src/db/demo/simulation.js';
import { alarms, measurementData, measurements } from '../../src/db/schema/index.js';
import type { IngestCaller } from '../../src/modules/ingest/ingest.service.js';
import {
  quantityOf,
  readingTimes,
  type SimDevice,
  simulateQuantity,
} from '../../src/modules/ingest/simulation.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let key: string;
let caller: IngestCaller;
let devices: SimDevice[];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  const res = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Simulaattori' });
  key = res.json().key;
  caller = await ctx.services.ingest.authenticate(`Bearer ${key}`, '127.0.0.1');
  devices = await simulatedDevices(ctx.database.db, fx.orgA.id);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const stored = async () =>
  (
    await db()
      .select({ n: count() })
      .from(measurementData)
      .where(eq(measurementData.organizationId, fx.orgA.id))
  )[0]?.n ?? 0;

describe('demo back-fill through the ingest service', () => {
  it('stores every reading, a replay adds nothing, and a CO2 peak opens an alarm', async () => {
    expect(devices.length).toBeGreaterThan(2);
    const co2Devices = devices.filter((d) => d.fields.some((f) => quantityOf(f) === 'co2'));
    expect(co2Devices.length).toBeGreaterThan(0);
    // The latest two-day window of the past 60 days in which a CO2 device peaks (the generator
    // is deterministic, so this is a fixed choice for these DevEUIs).
    const today = Math.floor(Date.now() / DAY) * DAY;
    let from: number | undefined;
    for (let day = today - 2 * DAY; day > today - 60 * DAY && from === undefined; day -= DAY) {
      const hours = readingTimes(day, day + 2 * DAY, HOUR);
      if (
        co2Devices.some((d) => hours.some((at) => simulateQuantity('co2', d.deviceEui, at) > 1500))
      ) {
        from = day;
      }
    }
    expect(from).toBeDefined();
    const window = { from: from as number, to: (from as number) + 2 * DAY, intervalMs: HOUR };
    const expected = readingTimes(window.from, window.to, HOUR).length * devices.length;

    const before = await stored();
    const first = await backfill(ctx.services.ingest, caller, devices, window);
    expect(first).toEqual({ stored: expected, duplicates: 0, rejected: 0 });
    expect((await stored()) - before).toBe(expected);

    const replay = await backfill(ctx.services.ingest, caller, devices, window);
    expect(replay).toEqual({ stored: 0, duplicates: expected, rejected: 0 });
    expect((await stored()) - before).toBe(expected);

    const co2Alarms = await db()
      .select({ value: alarms.value, at: alarms.createdAt })
      .from(alarms)
      .innerJoin(measurements, eq(measurements.measurementId, alarms.measurementId))
      .where(eq(measurements.measurementName, 'CO2'));
    const fromPeak = co2Alarms.filter(
      (a) => a.value > 1200 && a.at.getTime() >= window.from && a.at.getTime() <= window.to,
    );
    expect(fromPeak.length).toBeGreaterThan(0);
    // Back-filled readings older than an open alarm (the demo's seeded ones) do not close it.
    const closedBeforeOpened = await db()
      .select({ id: alarms.id })
      .from(alarms)
      .where(lt(alarms.closedAt, alarms.createdAt));
    expect(closedBeforeOpened).toEqual([]);
  });
});

describe('npm run simulate: uplinks over HTTP to the ChirpStack webhook', () => {
  it('stores a round of uplinks, counts a resent round as duplicates, and reports a wrong key', async () => {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // Minutes 7 and 8 of the last hour: never a whole hour, where the back-fill above (hourly,
    // up to today's midnight) has stored the same devices' readings under the same keys.
    const at = Math.floor(Date.now() / HOUR) * HOUR - HOUR + 7 * 60_000;
    const some = devices.slice(0, 3);
    const before = await stored();
    const first = await sendUplinks({ url, key, devices: some, times: [at, at + 60_000] });
    expect(first).toEqual({ sent: 6, stored: 6, duplicates: 0, rejected: 0, failed: 0 });
    expect((await stored()) - before).toBe(6);
    const again = await sendUplinks({ url, key, devices: some, times: [at] });
    expect(again).toEqual({ sent: 3, stored: 0, duplicates: 3, rejected: 0, failed: 0 });

    const errors: string[] = [];
    const wrong = await sendUplinks({
      url,
      key: 'vahti_ik_wrong',
      devices: some.slice(0, 1),
      times: [at],
      onError: (m) => errors.push(m),
    });
    expect(wrong.failed).toBe(1);
    expect(errors[0]).toContain('HTTP 401');
  });
});
