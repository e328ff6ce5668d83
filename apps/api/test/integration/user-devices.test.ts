import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userDevices } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice, deviceTypeOf, firstMeasurementOfType } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const links = async () =>
  (await ctx.database.db.select({ n: count() }).from(userDevices))[0]?.n ?? 0;

async function linkBody(more: object = {}) {
  const deviceId = await createDevice(ctx.database.db, fx.orgA.id, fx.orgA.target.id);
  const type = await deviceTypeOf(ctx.database.db, fx.orgA.id);
  const measurementId = await firstMeasurementOfType(ctx.database.db, type.id);
  return {
    deviceUserId: (await as.user('Käyttäjä')).id,
    targetId: fx.orgA.target.id,
    deviceId,
    deviceMeasurements: [{ [measurementId]: true }],
    measurementsState: 'Aktiivinen',
    ...more,
  };
}

describe(`device-to-user links (${DRIVER})`, () => {
  it('links a device to a user; the user sees it among their own', async () => {
    const body = await linkBody();
    const res = await as('Ylläpitäjä').post('/api/user-device', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Mittari liitetty käyttäjään',
      userDevice: {
        deviceId: body.deviceId,
        deviceUserId: body.deviceUserId,
        deviceMeasurements: body.deviceMeasurements,
        organizationId: fx.orgA.id,
        Target: { targetName: fx.orgA.target.name },
      },
    });
    const own = await as('Käyttäjä').get('/api/user-devices');
    expect(own.json().devices.map((d: { deviceId: string }) => d.deviceId)).toContain(
      body.deviceId,
    );
    const admin = await as('Pääkäyttäjä').get('/api/all-user-devices-admin');
    expect(admin.json().devices.length).toBeGreaterThan(1);
    const ofOrg = await as('Ylläpitäjä').get(
      `/api/all-organization-user-devices?organizationId=${fx.orgA.id}`,
    );
    expect(
      ofOrg
        .json()
        .devices.every((d: { organizationId: string }) => d.organizationId === fx.orgA.id),
    ).toBe(true);
    const again = await as('Ylläpitäjä').post('/api/user-device', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_DEVICE_EXISTS');
  });

  it('refuses foreign records, measurements not of the type and bad shapes, writing nothing', async () => {
    const before = await links();
    const foreignUser = await as('Ylläpitäjä').post(
      '/api/user-device',
      await linkBody({ deviceUserId: fx.seeded('B', 'Ylläpitäjä').id }),
    );
    expect(foreignUser.json().code).toBe('USER_NOT_FOUND');
    const foreignDevice = await as('Ylläpitäjä').post(
      '/api/user-device',
      await linkBody({
        deviceId: await createDevice(ctx.database.db, fx.orgB.id, fx.orgB.target.id),
      }),
    );
    expect(foreignDevice.json().code).toBe('DEVICE_NOT_FOUND');
    const wrongMeasurement = await as('Ylläpitäjä').post(
      '/api/user-device',
      await linkBody({ deviceMeasurements: [{ [fx.missing]: true }] }),
    );
    expect(wrongMeasurement.statusCode).toBe(400);
    expect(wrongMeasurement.json().fields['deviceMeasurements.0']).toBe(
      'Mittaus ei kuulu mittarin tyyppiin',
    );
    const twoKeys = await as('Ylläpitäjä').post(
      '/api/user-device',
      await linkBody({ deviceMeasurements: [{ [fx.missing]: true, [fx.orgA.id]: false }] }),
    );
    expect(twoKeys.statusCode).toBe(400);
    const otherOrg = await as('Ylläpitäjä').post(
      '/api/user-device',
      await linkBody({ organizationId: fx.orgB.id }),
    );
    expect(otherOrg.statusCode).toBe(403);
    expect((await as('Käyttäjä').post('/api/user-device', await linkBody())).statusCode).toBe(403);
    expect(
      (
        await as('Ylläpitäjä').get(
          `/api/all-organization-user-devices?organizationId=${fx.orgB.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(await links()).toBe(before);
  });

  it('edits which measurements a link shows and removes it; audited (issue 27)', async () => {
    const body = await linkBody();
    const created = await as('Ylläpitäjä').post('/api/user-device', body);
    const { id } = created.json().userDevice;
    const [measurementId] = Object.keys(body.deviceMeasurements[0] ?? {});
    const hidden = [{ [measurementId ?? '']: false }];
    const edited = await as('Pääkäyttäjä').patch('/api/user-device', {
      id,
      deviceMeasurements: hidden,
      measurementsState: 'Passiivinen',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Käyttäjän mittarin tiedot tallennettu',
      userDevice: { id, deviceMeasurements: hidden, measurementsState: 'Passiivinen' },
    });
    const notOfType = await as('Ylläpitäjä').patch('/api/user-device', {
      id,
      deviceMeasurements: [{ [fx.missing]: true }],
      measurementsState: 'Aktiivinen',
    });
    expect(notOfType.statusCode).toBe(400);
    expect(notOfType.json().fields['deviceMeasurements.0']).toBe(
      'Mittaus ei kuulu mittarin tyyppiin',
    );

    const before = await links();
    const removed = await as('Ylläpitäjä').delete('/api/user-device', { id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Mittari poistettu käyttäjältä');
    expect(await links()).toBe(before - 1);
    const again = await as('Ylläpitäjä').delete('/api/user-device', { id });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('USER_DEVICE_NOT_FOUND');
    const logged = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(logged.map((e) => e.action).sort()).toEqual([
      'userDevice.create',
      'userDevice.remove',
      'userDevice.update',
    ]);
  });

  it("refuses to edit or remove another organization's link, or as a Käyttäjä", async () => {
    const { db } = ctx.database;
    const deviceB = await createDevice(db, fx.orgB.id, fx.orgB.target.id);
    const typeB = await deviceTypeOf(db, fx.orgB.id);
    const measurementB = await firstMeasurementOfType(db, typeB.id);
    const linkB = await as('Pääylläpitäjä').post('/api/user-device', {
      organizationId: fx.orgB.id,
      deviceUserId: await fx.create.user(fx.orgB.id),
      targetId: fx.orgB.target.id,
      deviceId: deviceB,
      deviceMeasurements: [{ [measurementB]: true }],
      measurementsState: 'Aktiivinen',
    });
    expect(linkB.statusCode).toBe(201);
    const { id } = linkB.json().userDevice;
    const before = await links();
    const edit = await as('Ylläpitäjä').patch('/api/user-device', {
      id,
      deviceMeasurements: [],
      measurementsState: 'Passiivinen',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('USER_DEVICE_NOT_FOUND');
    expect((await as('Ylläpitäjä').delete('/api/user-device', { id })).statusCode).toBe(404);
    expect((await as('Käyttäjä').delete('/api/user-device', { id })).statusCode).toBe(403);
    const badId = await as('Ylläpitäjä').delete('/api/user-device', { id: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(await links()).toBe(before);
    const [kept] = (await as('Pääylläpitäjä').get('/api/all-user-devices-admin'))
      .json()
      .devices.filter((d: { id: string }) => d.id === id);
    expect(kept).toMatchObject({ measurementsState: 'Aktiivinen' });
  });

  it("narrows a linked Käyttäjä's measurements of the device to the linked ones", async () => {
    const body = await linkBody();
    const [chosen] = Object.keys(body.deviceMeasurements[0] ?? {});
    const url = `/api/device-measurements?deviceId=${body.deviceId}`;
    const ids = async (role: 'Käyttäjä' | 'Ylläpitäjä') =>
      ((await as(role).get(url)).json().measurements as { measurementId: string }[]).map(
        (m) => m.measurementId,
      );
    const everything = await ids('Käyttäjä');
    expect(everything.length).toBeGreaterThan(1);
    expect((await as('Ylläpitäjä').post('/api/user-device', body)).statusCode).toBe(201);
    expect(await ids('Käyttäjä')).toEqual([chosen]);
    // Staff see every measurement of the type whatever the links.
    expect(await ids('Ylläpitäjä')).toEqual(everything);
  });
});
