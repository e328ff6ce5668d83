import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents, alarms, users } from '../../src/db/schema/index.js';
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
  timeline: { kind: string; fullName: string; createdAt: string; comment: string | null }[];
};
const idsOf = (list: Alarm[]) => list.map((a) => a.id);

/** The stored acknowledgement states and timeline lengths of the alarms, to see nothing changed. */
async function stored(ids: string[]) {
  const states = await fx.db
    .select({ id: alarms.id, state: alarms.state })
    .from(alarms)
    .where(inArray(alarms.id, ids));
  const events = await fx.db
    .select({ id: alarmEvents.alarmId })
    .from(alarmEvents)
    .where(inArray(alarmEvents.alarmId, ids));
  return ids.map((id) => ({
    id,
    state: states.find((row) => row.id === id)?.state,
    events: events.filter((row) => row.id === id).length,
  }));
}

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

  it('lists a work queue: active unacknowledged first, then active acknowledged, ended unacknowledged, ended acknowledged; counts per state under tid, sd and ed', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const at = (day: number) => new Date(`2026-04-${String(day).padStart(2, '0')}T12:00:00Z`);
    const endedAcked = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: at(9),
      closedAt: at(10),
      state: 1,
    });
    const ended = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: at(8),
      closedAt: at(9),
    });
    const activeAcked = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: at(7),
      state: 1,
    });
    const olderActive = await createAlarm(fx.db, fx.orgA.id, target, { createdAt: at(2) });
    const newerActive = await createAlarm(fx.db, fx.orgA.id, target, { createdAt: at(3) });

    const get = async (query = '') => {
      const res = await as('Ylläpitäjä').get(`/api/alarms?tid=${target}${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { alarms: Alarm[]; total: number; counts: Record<string, number> };
    };
    const all = await get();
    expect(idsOf(all.alarms)).toEqual([
      newerActive.alarmId,
      olderActive.alarmId,
      activeAcked.alarmId,
      ended.alarmId,
      endedAcked.alarmId,
    ]);
    const counts = {
      activeUnacknowledged: 2,
      activeAcknowledged: 1,
      endedUnacknowledged: 1,
      endedAcknowledged: 1,
    };
    expect(all.counts).toEqual(counts);
    expect(all.total).toBe(5);
    // Paging follows the queue (the order is the database's, not the page's).
    expect(idsOf((await get('&pageSize=2&page=2')).alarms)).toEqual([
      activeAcked.alarmId,
      ended.alarmId,
    ]);
    // Each state is a pair of the list's filters; the counts stay those of every state.
    for (const [query, ids] of [
      ['&ac=1&st=0', [newerActive.alarmId, olderActive.alarmId]],
      ['&ac=1&st=1', [activeAcked.alarmId]],
      ['&ac=0&st=0', [ended.alarmId]],
      ['&ac=0&st=1', [endedAcked.alarmId]],
      ['&st=0', [newerActive.alarmId, olderActive.alarmId, ended.alarmId]],
      ['&ac=0', [ended.alarmId, endedAcked.alarmId]],
    ] as const) {
      const page = await get(query);
      expect(idsOf(page.alarms), query).toEqual(ids);
      expect(page.total, query).toBe(ids.length);
      expect(page.counts, query).toEqual(counts);
    }
    // The counts follow the target and days.
    expect((await get('&sd=2026-04-07')).counts).toEqual({
      activeUnacknowledged: 0,
      activeAcknowledged: 1,
      endedUnacknowledged: 1,
      endedAcknowledged: 1,
    });
    // A Käyttäjä counts only what it sees: nothing on an unlinked target.
    const user = await as('Käyttäjä').get(`/api/alarms?tid=${target}`);
    expect(user.json()).toMatchObject({
      alarms: [],
      total: 0,
      counts: {
        activeUnacknowledged: 0,
        activeAcknowledged: 0,
        endedUnacknowledged: 0,
        endedAcknowledged: 0,
      },
    });
  });

  it('acknowledges several alarms in one call with a comment, each with its timeline entry', async () => {
    const target = await fx.create.target(fx.orgA.id);
    const a = await createAlarm(fx.db, fx.orgA.id, target);
    const b = await createAlarm(fx.db, fx.orgA.id, target, {
      createdAt: new Date(Date.now() - 3_600_000),
      closedAt: new Date(),
    });
    const already = await createAlarm(fx.db, fx.orgA.id, target, { state: 1 });
    const ids = [a.alarmId, b.alarmId, already.alarmId];
    const res = await as('Pääkäyttäjä').post('/api/alarms/acknowledge', {
      ids: [...ids, a.alarmId],
      comment: '  Ikkuna oli auki, suljettu.  ',
    });
    expect(res.statusCode).toBe(200);
    // The one already acknowledged is left as it was.
    expect(res.json()).toEqual({ message: 'Hälytyksiä kuitattu: 2', acknowledged: 2 });
    const list = (await as('Ylläpitäjä').get(`/api/alarms?tid=${target}`)).json().alarms as Alarm[];
    expect(list.every((alarm) => alarm.state === 1)).toBe(true);
    const user = await as.user('Pääkäyttäjä');
    const [row] = await fx.db.select().from(users).where(eq(users.userId, user.id));
    for (const id of [a.alarmId, b.alarmId]) {
      const timeline = list.find((alarm) => alarm.id === id)?.timeline ?? [];
      expect(timeline.map((entry) => entry.kind)).toEqual(['opened', 'acknowledged']);
      expect(timeline[1]).toMatchObject({
        fullName: `${row?.userFirstName} ${row?.userLastName}`,
        comment: 'Ikkuna oli auki, suljettu.',
      });
      expect(timeline[0]?.comment).toBeNull();
    }
    expect(list.find((alarm) => alarm.id === already.alarmId)?.timeline).toHaveLength(1);

    // One alarm with a comment; a blank comment is none.
    const single = await createAlarm(fx.db, fx.orgA.id, target);
    const one = await as('Käyttäjä').patch('/api/alarms/ack', {
      id: single.alarmId,
      state: 1,
      comment: 'Tarkistettu paikan päällä',
    });
    expect(one.statusCode).toBe(404);
    const ack = await as('Ylläpitäjä').patch('/api/alarms/ack', {
      id: single.alarmId,
      state: 1,
      comment: 'Tarkistettu paikan päällä',
    });
    expect(ack.json().alarm.timeline[1]).toMatchObject({
      kind: 'acknowledged',
      comment: 'Tarkistettu paikan päällä',
    });
    const undo = await as('Ylläpitäjä').patch('/api/alarms/ack', {
      id: single.alarmId,
      state: 0,
      comment: '   ',
    });
    expect(undo.json().alarm.timeline[2]).toMatchObject({ kind: 'unacknowledged', comment: null });
  });

  it('acknowledges nothing when one id is another organization’s, a Käyttäjä’s unlinked target’s or missing: 404', async () => {
    const own = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const unlinked = await createAlarm(fx.db, fx.orgA.id, await fx.create.target(fx.orgA.id));
    const foreign = await createAlarm(fx.db, fx.orgB.id, fx.orgB.target.id);
    const before = await stored([own.alarmId, unlinked.alarmId, foreign.alarmId]);
    for (const [role, other] of [
      ['Ylläpitäjä', foreign.alarmId],
      ['Pääkäyttäjä', foreign.alarmId],
      ['Ylläpitäjä', fx.missing],
      ['Käyttäjä', unlinked.alarmId],
      ['Käyttäjä', foreign.alarmId],
    ] as const) {
      const res = await as(role).post('/api/alarms/acknowledge', {
        ids: [own.alarmId, other],
        comment: 'Ei saa tallentua',
      });
      expect(res.statusCode, `${role} ${other}`).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'alarm.ALARM_NOT_FOUND',
        error: 'Hälytystä ei löytynyt',
      });
    }
    expect(await stored([own.alarmId, unlinked.alarmId, foreign.alarmId])).toEqual(before);
    // A Käyttäjä acknowledges the alarms of its linked targets; the top role any organization’s.
    const mine = await as('Käyttäjä').post('/api/alarms/acknowledge', { ids: [own.alarmId] });
    expect(mine.json()).toMatchObject({ acknowledged: 1 });
    const top = await as('Pääylläpitäjä').post('/api/alarms/acknowledge', {
      ids: [unlinked.alarmId, foreign.alarmId],
    });
    expect(top.json()).toMatchObject({ acknowledged: 2 });
  });

  it('closes an acknowledged frame-counter reset, one by one or in bulk', async () => {
    const reset = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id, {
      measurementId: null,
      alarmBreakThrough: 'frameCounterReset',
      value: 0,
      limitValue: 5120,
    });
    await as('Ylläpitäjä').post('/api/alarms/acknowledge', { ids: [reset.alarmId] });
    const [row] = await fx.db
      .select({ closedAt: alarms.closedAt })
      .from(alarms)
      .where(eq(alarms.id, reset.alarmId));
    expect(row?.closedAt).not.toBeNull();
  });

  it('refuses a bad bulk acknowledgement or comment with 400 and a Finnish message naming the field', async () => {
    const { alarmId } = await createAlarm(fx.db, fx.orgA.id, fx.orgA.target.id);
    const long = 'x'.repeat(501);
    const cases: [string, 'post' | 'patch', unknown, string, string][] = [
      ['/api/alarms/acknowledge', 'post', { ids: [] }, 'ids', 'Valitse vähintään yksi hälytys'],
      ['/api/alarms/acknowledge', 'post', {}, 'ids', 'Valitse vähintään yksi hälytys'],
      [
        '/api/alarms/acknowledge',
        'post',
        { ids: Array.from({ length: 501 }, () => alarmId) },
        'ids',
        'Enintään 500 hälytystä kerrallaan',
      ],
      ['/api/alarms/acknowledge', 'post', { ids: ['x'] }, 'ids.0', 'Virheellinen arvo'],
      [
        '/api/alarms/acknowledge',
        'post',
        { ids: [alarmId], comment: long },
        'comment',
        'Kuittauksen kommentissa voi olla enintään 500 merkkiä',
      ],
      [
        '/api/alarms/ack',
        'patch',
        { id: alarmId, state: 1, comment: long },
        'comment',
        'Kuittauksen kommentissa voi olla enintään 500 merkkiä',
      ],
      [
        '/api/alarms/ack',
        'patch',
        { id: alarmId, state: 1, comment: 5 },
        'comment',
        'Virheellinen arvo',
      ],
    ];
    for (const [url, method, body, field, text] of cases) {
      const res = await as('Ylläpitäjä')[method](url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields[field], field).toBe(text);
    }
    // 500 characters is the limit itself; nothing refused was written.
    expect((await stored([alarmId]))[0]).toMatchObject({ state: 0, events: 1 });
    const limit = await as('Ylläpitäjä').patch('/api/alarms/ack', {
      id: alarmId,
      state: 1,
      comment: 'y'.repeat(500),
    });
    expect(limit.statusCode).toBe(200);
    const english = await as('Ylläpitäjä').post(
      '/api/alarms/acknowledge',
      { ids: [alarmId], comment: long },
      { headers: { 'accept-language': 'en' } },
    );
    expect(english.json().fields.comment).toBe(
      'The acknowledgement comment can have at most 500 characters',
    );
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
