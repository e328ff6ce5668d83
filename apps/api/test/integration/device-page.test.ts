import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

// GET /api/devices/{deviceId}: the device page (issue 27).

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

interface Latest {
  measurementId: string;
  measurementName: string;
  value: number | null;
  measuredAt: string | null;
  lowLimit: number | null;
  highLimit: number | null;
  limitState: string | null;
  indoorClass: string | null;
}

describe(`GET /api/devices/{deviceId} (${DRIVER})`, () => {
  it('answers the device, its health and the newest value of each measurement, judged', async () => {
    const admin = as('Ylläpitäjä', 'A');
    const device = await createLayoutDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id, {
      alarming: true,
    });
    const key = (await admin.post('/api/ingest-keys', { name: 'Sivu' })).json().key as string;
    const now = Math.floor(Date.now() / 1000) * 1000;
    const at = (minutes: number) => new Date(now - minutes * 60_000);
    for (const [time, hum, temp] of [
      [at(20), 85, 21],
      [at(10), 10, 22],
    ] as const) {
      const res = await as.withToken(key).post('/api/ingest/generic', {
        deviceEui: device.eui,
        time: time.toISOString(),
        values: { [device.m.hum.id]: hum, [device.m.temp.id]: temp },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Only the temperature afterwards: the humidity's newest value is the older reading's.
    await as.withToken(key).post('/api/ingest/generic', {
      deviceEui: device.eui,
      time: at(5).toISOString(),
      values: { [device.m.temp.id]: 23.5 },
    });

    for (const role of ['Ylläpitäjä', 'Käyttäjä'] as const) {
      const res = await as(role, 'A').get(`/api/devices/${device.deviceId}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Mittarin tiedot haettu');
      expect(body.device).toMatchObject({
        deviceId: device.deviceId,
        Target: { targetName: fx.orgA.target.name },
      });
      expect(body.device.health).not.toBeNull();
      const latest = body.latest as Latest[];
      const hum = latest.find((v) => v.measurementId === device.m.hum.id);
      expect(hum).toMatchObject({
        value: 10,
        measuredAt: at(10).toISOString(),
        lowLimit: 20,
        highLimit: 80,
        limitState: 'under',
        indoorClass: null,
      });
      expect(latest.find((v) => v.measurementId === device.m.temp.id)).toMatchObject({
        value: 23.5,
        limitState: null,
      });
      // Measurements it never sent are listed without a value, in the type's order.
      expect(latest.find((v) => v.measurementId === device.m.door.id)).toMatchObject({
        value: null,
        measuredAt: null,
        limitState: null,
      });
    }
  });

  it('answers 404 for another organization’s device, an unlinked target’s to a Käyttäjä, and a missing one; 400 for a bad id', async () => {
    const deviceB = await createLayoutDevice(ctx.database.db, fx.orgB.id, fx.orgB.target.id);
    const unlinked = await fx.create.target(fx.orgA.id);
    const hidden = await createLayoutDevice(ctx.database.db, fx.orgA.id, unlinked);
    const cases = [
      ['Ylläpitäjä', deviceB.deviceId],
      ['Käyttäjä', deviceB.deviceId],
      ['Käyttäjä', hidden.deviceId],
      ['Ylläpitäjä', randomUUID()],
    ] as const;
    for (const [role, id] of cases) {
      const res = await as(role, 'A').get(`/api/devices/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Mittaria ei löytynyt', code: 'DEVICE_NOT_FOUND' });
    }
    expect((await as('Ylläpitäjä', 'A').get(`/api/devices/${hidden.deviceId}`)).statusCode).toBe(
      200,
    );
    const bad = await as('Ylläpitäjä', 'A').get('/api/devices/x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { deviceId: 'Virheellinen arvo' } });
    expect((await as.anonymous.get(`/api/devices/${hidden.deviceId}`)).statusCode).toBe(401);
  });
});
