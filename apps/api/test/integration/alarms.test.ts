import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { createAlarm } from '../helpers/alarm-fixtures.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { createDevice } from '../helpers/device-fixtures.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

type Alarm = {
  id: string;
  state: number;
  active: boolean;
  createdAt: string;
  alarmDeviceId: string;
  organizationId: string;
  Device: { deviceTargetId: string; Target: { targetName: string } };
  timeline: { kind: string; fullName: string; createdAt: string }[];
};
const idsOf = (list: Alarm[]) => list.map((a) => a.id);

describe(`alarm calls (${DRIVER})`, () => {
  it('lists the organization’s alarms newest first with the spec’s keys, filtered by tid, sd, ed, st, ac', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const old = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: new Date('2026-03-01T23:30:00Z'),
      closedAt: new Date('2026-03-02T01:00:00Z'),
    });
    const acked = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: new Date('2026-03-05T08:00:00Z'),
      state: 1,
    });
    const fresh = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: new Date('2026-03-06T00:00:00Z'),
    });

    const all = await as('Ylläpitäjä').get(`/api/alarms?tid=${target}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().message).toBe('Hälytykset haettu');
    expect(all.json().total).toBe(3);
    const list = all.json().alarms as Alarm[];
    expect(idsOf(list)).toEqual([fresh.alarmId, acked.alarmId, old.alarmId]);
    expect(list[0]).toMatchObject({
      state: 0,
      alarmBreakThrough: 'up',
      createdAt: '2026-03-06T00:00:00.000Z',
      alarmDeviceId: fresh.deviceId,
      active: true,
      closedAt: null,
      alarmDescription: expect.stringContaining('Ylärajan ylitys'),
      Device: { deviceTargetId: target },
    });

    const get = async (query: string) =>
      idsOf((await as('Ylläpitäjä').get(`/api/alarms?tid=${target}&${query}`)).json().alarms);
    // ed is inclusive, in UTC days.
    expect(await get('sd=2026-03-01&ed=2026-03-05')).toEqual([acked.alarmId, old.alarmId]);
    expect(await get('sd=2026-03-02')).toEqual([fresh.alarmId, acked.alarmId]);
    expect(await get('st=0')).toEqual([fresh.alarmId, old.alarmId]);
    expect(await get('ac=1')).toEqual([fresh.alarmId, acked.alarmId]);
    expect(await get('st=0&ac=1')).toEqual([fresh.alarmId]);
    expect(await get('pageSize=1&page=2')).toEqual([acked.alarmId]);
    // tid repeated or comma-joined.
    const other = await fx.create.target(fx.orgA.id);
    const elsewhere = await createAlarm(fx.db, fx.orgA.id, other);
    const both = await as('Ylläpitäjä').get(`/api/alarms?tid=${target},${other}&ac=1&st=0`);
    expect(idsOf(both.json().alarms)).toEqual([elsewhere.alarmId, fresh.alarmId]);
  });

  it('refuses bad filters with 400 and a Finnish message naming the field', async () => {
    for (const query of [
      'sd=2026-02-30',
      'ed=huomenna',
      'sd=2026-03-05&ed=2026-03-01',
      'st=2',
      'tid=x',
      'pageSize=0',
    ]) {
      const res = await as('Ylläpitäjä').get(`/api/alarms?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const field = query.includes('&') ? 'ed' : (query.split('=')[0] as string);
      const named = Object.entries(res.json().fields as Record<string, string>).find(([key]) =>
        key.startsWith(field),
      );
      expect(named?.[1], query).toBe('Virheellinen arvo');
      expect(res.json().error).toBe('Tarkasta annetut tiedot');
    }
  });

  it('shows a Käyttäjä only the alarms of linked targets, and never another organization’s', async () => {
    const linked = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const unlinked = await createAlarm(fx.db, fx.orgA.id, await fx.create.target(fx.orgA.id));
    const foreign = await createAlarm(fx.db, fx.orgB.id, fx.orgB.target.id);

    const user = idsOf((await as('Käyttäjä').get('/api/alarms?pageSize=500')).json().alarms);
    expect(user).toContain(linked.alarmId);
    expect(user).not.toContain(unlinked.alarmId);
    expect(user).not.toContain(foreign.alarmId);

    const admin = (await as('Ylläpitäjä').get('/api/alarms?pageSize=500')).json().alarms as Alarm[];
    expect(idsOf(admin)).toEqual(expect.arrayContaining([linked.alarmId, unlinked.alarmId]));
    expect(admin.every((a) => a.organizationId === fx.orgA.id)).toBe(true);

    const active = (await as('Käyttäjä').get('/api/alarms/active')).json().alarms as Alarm[];
    expect(idsOf(active)).toContain(linked.alarmId);
    expect(idsOf(active)).not.toContain(unlinked.alarmId);
    expect(active.every((a) => a.active && a.state === 0)).toBe(true);

    // The Käyttäjä cannot acknowledge what it does not see: 404 as for a missing one.
    for (const id of [unlinked.alarmId, foreign.alarmId, fx.missing]) {
      const res = await as('Käyttäjä').patch('/api/alarms/ack', { id, state: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'alarm.ALARM_NOT_FOUND',
        error: 'Hälytystä ei löytynyt',
      });
    }
  });

  it('acknowledges and cancels, keeping who and when in the timeline', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const admin = await as.user('Ylläpitäjä');
    const ack = await as('Ylläpitäjä').patch('/api/alarms/ack', { id: alarmId, state: 1 });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().message).toBe('Hälytys kuitattu');
    expect(ack.json().alarm.state).toBe(1);
    expect(idsOf((await as('Ylläpitäjä').get('/api/alarms/active')).json().alarms)).not.toContain(
      alarmId,
    );

    // The same state again changes nothing and adds no entry.
    await as('Ylläpitäjä').patch('/api/alarms/ack', { id: alarmId, state: 1 });
    const undo = await as('Pääkäyttäjä').patch('/api/alarms/ack', { id: alarmId, state: 0 });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().message).toBe('Kuittaus peruttu');
    const timeline = undo.json().alarm.timeline as Alarm['timeline'];
    expect(timeline.map((t) => t.kind)).toEqual(['opened', 'acknowledged', 'unacknowledged']);
    expect(timeline[0]?.fullName).toBe('');
    expect(timeline[1]?.fullName).not.toBe('');
    expect(timeline[1]?.fullName).not.toBe(timeline[2]?.fullName);
    const { users } = await import('../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const [row] = await fx.db.select().from(users).where(eq(users.userId, admin.id));
    expect(timeline[1]?.fullName).toBe(`${row?.userFirstName} ${row?.userLastName}`);
    expect(Date.parse(timeline[1]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(idsOf((await as('Ylläpitäjä').get('/api/alarms/active')).json().alarms)).toContain(
      alarmId,
    );
  });

  it('refuses a bad acknowledgement body with 400', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    for (const body of [
      { id: alarmId, state: 2 },
      { id: alarmId, state: '1' },
      { id: 'x', state: 1 },
      { state: 1 },
    ]) {
      const res = await as('Ylläpitäjä').patch('/api/alarms/ack', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('lists an organization’s active alarms; another organization is 404 except for the top role', async () => {
    const mine = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const own = await as('Ylläpitäjä').get('/api/organization-alarms');
    expect(idsOf(own.json().alarms)).toContain(mine.alarmId);
    const foreign = await as('Ylläpitäjä').get(
      `/api/organization-alarms?organizationId=${fx.orgB.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORGANIZATION_NOT_FOUND');
    const top = await as('Pääylläpitäjä').get(
      `/api/organization-alarms?organizationId=${fx.orgB.id}`,
    );
    expect(top.statusCode).toBe(200);
    expect((top.json().alarms as Alarm[]).every((a) => a.organizationId === fx.orgB.id)).toBe(true);
  });

  it('looks alarms up by a comma-joined device id list', async () => {
    const a = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const b = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const quiet = await createDevice(fx.db, fx.orgA.id, fx.orgA.target.id);
    const res = await as('Käyttäjä').get(
      `/api/device-alarms?id=${a.deviceId},${b.deviceId},${quiet}`,
    );
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json().alarms).sort()).toEqual([a.alarmId, b.alarmId].sort());
    const foreignDevice = await createDevice(fx.db, fx.orgB.id, fx.orgB.target.id);
    const refused = await as('Ylläpitäjä').get(
      `/api/device-alarms?id=${a.deviceId},${foreignDevice}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('DEVICE_NOT_FOUND');
    expect((await as('Ylläpitäjä').get('/api/device-alarms?id=')).statusCode).toBe(400);
  });

  it('lets each user turn alarm mail off and on in their own details', async () => {
    const user = as('Käyttäjä');
    const names = { userFirstName: 'Kalle', userLastName: 'Käyttäjä' };
    expect((await user.get('/api/auth')).json().user.userAlarmMail).toBe(true);
    const off = await user.patch('/api/users-own', { ...names, userAlarmMail: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.userAlarmMail).toBe(false);
    // Left out: unchanged.
    await user.patch('/api/users-own', names);
    expect((await user.get('/api/auth')).json().user.userAlarmMail).toBe(false);
    const bad = await user.patch('/api/users-own', { ...names, userAlarmMail: 'ei' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.userAlarmMail).toBe('Virheellinen arvo');
    await user.patch('/api/users-own', { ...names, userAlarmMail: true });
    expect((await user.get('/api/auth')).json().user.userAlarmMail).toBe(true);
  });

  it('answers 403 to a user without Vainu', async () => {
    const tieto = fx.seeded('A', 'Käyttäjä', [1]);
    const token = await as.signIn(tieto.email);
    expect((await as.withToken(token).get('/api/alarms/active')).statusCode).toBe(403);
  });
});
