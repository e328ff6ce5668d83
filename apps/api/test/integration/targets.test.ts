import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
/** Demo targets by name. */
const target: Record<string, string> = {};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  for (const row of await ctx.database.db
    .select({ id: targets.targetId, name: targets.targetName })
    .from(targets)) {
    target[row.name] = row.id;
  }
});
afterAll(() => ctx.close());

const targetBody = (overrides: Record<string, unknown> = {}) => ({
  targetName: `Uusi kohde ${randomBytes(3).toString('hex')}`,
  targetAddress: 'Kohdekatu 5',
  targetZipCode: '00500',
  targetPostalDistrict: 'Helsinki',
  targetType: 'Kerrostalo',
  targetPropertyId: '091-010-0005-0001',
  targetJobNumber: 'TN-3001',
  targetContactUser: [fx.seeded('A', 'Ylläpitäjä').id],
  targetState: 'Aktiivinen',
  targetInformation: 'Tietoa kohteesta',
  ...overrides,
});

const names = (list: Array<{ targetName: string }>) => list.map((t) => t.targetName);
const ids = (list: Array<{ targetId: string }>) => list.map((t) => t.targetId);
const targetIdsOf = async (organizationId: string) =>
  (
    await ctx.database.db
      .select({ id: targets.targetId })
      .from(targets)
      .where(eq(targets.organizationId, organizationId))
  ).map((row) => row.id);
const linkedTargetIdsOf = async (userId: string) =>
  (
    await ctx.database.db
      .select({ id: userTargets.targetId })
      .from(userTargets)
      .where(eq(userTargets.userId, userId))
  ).map((row) => row.id);
const countTargets = async () =>
  (await ctx.database.db.select({ n: count() }).from(targets))[0]?.n ?? 0;
const contactsOf = async (targetId: string) =>
  (
    await ctx.database.db
      .select({ userId: targetContactUsers.userId })
      .from(targetContactUsers)
      .where(eq(targetContactUsers.targetId, targetId))
  )
    .map((row) => row.userId)
    .sort();
const auditOf = (entityId: string) =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe(`reading targets (${DRIVER})`, () => {
  it('lists the organization’s targets by name with contact users and organization', async () => {
    const res = await as('Ylläpitäjä').get('/api/targets');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Kohteet haettu');
    // Every target of the organization (the seed may hold more than the three named here).
    expect(ids(body.targets).sort()).toEqual((await targetIdsOf(fx.orgA.id)).sort());
    const order = names(body.targets);
    expect(order.indexOf('As Oy Kivikko')).toBeLessThan(order.indexOf('Rivitalo Haukilahti'));
    expect(order.indexOf('Rivitalo Haukilahti')).toBeLessThan(order.indexOf('Toimitalo Tikkurila'));
    const kivikko = body.targets.find(
      (t: { targetId: string }) => t.targetId === target['As Oy Kivikko'],
    );
    expect(kivikko).toMatchObject({
      targetId: target['As Oy Kivikko'],
      targetZipCode: '00940',
      targetOrganizationId: fx.orgA.id,
      targetState: 'Aktiivinen',
      Organization: { organizationName: fx.orgA.name },
    });
    expect(kivikko.targetContactUser).toEqual(
      expect.arrayContaining([fx.seeded('A', 'Ylläpitäjä').id, fx.seeded('A', 'Pääkäyttäjä').id]),
    );
    expect(kivikko.TargetContactUsers).toContainEqual({
      uuid: fx.seeded('A', 'Ylläpitäjä').id,
      userEmail: `yllapitaja@${fx.orgA.emailDomain}`,
      userFirstName: 'Ylermi',
      userLastName: 'Ylänne',
      userRoles: 'Ylläpitäjä',
      userState: 'Aktiivinen',
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('gives the top administrator every target and a Käyttäjä only their linked ones', async () => {
    const top = (await as('Pääylläpitäjä').get('/api/targets')).json();
    expect(names(top.targets)).toEqual(
      expect.arrayContaining(['As Oy Kivikko', 'As Oy Hämeenpuisto', 'Toimitalo Tikkurila']),
    );
    const user = (await as('Käyttäjä').get('/api/targets')).json();
    expect(ids(user.targets).sort()).toEqual(
      (await linkedTargetIdsOf(fx.seeded('A', 'Käyttäjä').id)).sort(),
    );
    expect(names(user.targets)).toContain('As Oy Kivikko');
    const b = (await as('Ylläpitäjä', 'B').get('/api/targets')).json();
    expect(ids(b.targets).sort()).toEqual((await targetIdsOf(fx.orgB.id)).sort());
    expect(names(b.targets)).toContain('As Oy Hämeenpuisto');
  });

  it('lists names within scope', async () => {
    const res = await as('Pääkäyttäjä').get('/api/targets/names');
    expect(res.statusCode).toBe(200);
    // The same targets in the same order as the full list.
    const full = (await as('Pääkäyttäjä').get('/api/targets')).json().targets;
    expect(res.json().targets).toEqual(
      full.map((t: { targetId: string; targetName: string }) => ({
        id: t.targetId,
        targetName: t.targetName,
      })),
    );
    expect(res.json().targets).toContainEqual({
      id: target['As Oy Kivikko'],
      targetName: 'As Oy Kivikko',
    });
    const user = await as('Käyttäjä').get('/api/targets/names');
    expect(
      user
        .json()
        .targets.map((t: { id: string }) => t.id)
        .sort(),
    ).toEqual((await linkedTargetIdsOf(fx.seeded('A', 'Käyttäjä').id)).sort());
  });

  it('reads one target with its devices; outside the scope it is 404', async () => {
    const res = await as('Käyttäjä').get(`/api/targets/${target['As Oy Kivikko']}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Kohde haettu',
      target: { targetName: 'As Oy Kivikko' },
    });
    // The demo devices on the target (spec 001 §7: the target with Devices).
    expect(res.json().target.Devices.length).toBeGreaterThan(0);
    for (const [client, id] of [
      [as('Käyttäjä'), await fx.create.target(fx.orgA.id)],
      [as('Ylläpitäjä'), target['As Oy Hämeenpuisto']],
      [as('Pääylläpitäjä'), fx.missing],
    ] as const) {
      const miss = await client.get(`/api/targets/${id}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toMatchObject({
        code: 'TARGET_NOT_FOUND',
        error: 'Kohdetta ei löytynyt',
      });
    }
    expect((await as('Ylläpitäjä').get('/api/targets/ei-uuid')).statusCode).toBe(400);
  });

  it('reads targets by id, one or several', async () => {
    const one = await as('Ylläpitäjä').get(`/api/target-by-id?targetId=${target['As Oy Kivikko']}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().target.targetName).toBe('As Oy Kivikko');
    const ids = [target['Toimitalo Tikkurila'], target['As Oy Kivikko'], target['As Oy Kivikko']];
    const many = await as('Ylläpitäjä').get(`/api/targets-by-id?targetId=${ids.join(',')}`);
    expect(many.statusCode).toBe(200);
    expect(names(many.json().targets)).toEqual(['As Oy Kivikko', 'Toimitalo Tikkurila']);
    const mixed = await as('Ylläpitäjä').get(
      `/api/targets-by-id?targetId=${target['As Oy Kivikko']},${target['As Oy Hämeenpuisto']}`,
    );
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().code).toBe('TARGET_NOT_FOUND');
    const foreign = await as('Pääkäyttäjä').get(
      `/api/target-by-id?targetId=${target['As Oy Hämeenpuisto']}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('lists an organization’s targets for administrators within scope', async () => {
    const url = (id: string) => `/api/organization-targets?targetOrganizationId=${id}`;
    const own = await as('Pääkäyttäjä').get(url(fx.orgA.id));
    expect(own.statusCode).toBe(200);
    expect(names(own.json().targets)).toContain('Toimitalo Tikkurila');
    const foreign = await as('Ylläpitäjä').get(url(fx.orgB.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORGANIZATION_NOT_FOUND');
    const top = await as('Pääylläpitäjä').get(url(fx.orgB.id));
    expect(ids(top.json().targets).sort()).toEqual((await targetIdsOf(fx.orgB.id)).sort());
    expect((await as('Pääylläpitäjä').get(url(fx.missing))).statusCode).toBe(404);
    expect((await as('Käyttäjä').get(url(fx.orgA.id))).statusCode).toBe(403);
  });
});

describe('POST /api/target', () => {
  it('creates a target in the own organization with contact users and an audit entry', async () => {
    const body = targetBody({
      targetContactUser: [fx.seeded('A', 'Ylläpitäjä').id, fx.seeded('A', 'Käyttäjä').id],
    });
    const res = await as('Pääkäyttäjä').post('/api/target', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().target;
    expect(res.json().message).toBe('Kohde luotu');
    expect(created).toMatchObject({
      targetName: body.targetName,
      targetOrganizationId: fx.orgA.id,
      targetInformation: 'Tietoa kohteesta',
      targetDescription: null,
      Organization: { organizationName: fx.orgA.name },
    });
    expect([...created.targetContactUser].sort()).toEqual(
      [fx.seeded('A', 'Ylläpitäjä').id, fx.seeded('A', 'Käyttäjä').id].sort(),
    );
    expect(await contactsOf(created.targetId)).toEqual(
      [fx.seeded('A', 'Ylläpitäjä').id, fx.seeded('A', 'Käyttäjä').id].sort(),
    );
    const [entry] = await auditOf(created.targetId);
    expect(entry).toMatchObject({
      action: 'target.create',
      actorEmail: `paakayttaja@${fx.orgA.emailDomain}`,
      organizationId: fx.orgA.id,
      details: expect.objectContaining({ targetName: body.targetName }),
    });
  });

  it('answers 403 to a non-top administrator naming another organization, writing nothing', async () => {
    const before = await countTargets();
    const res = await as('Ylläpitäjä').post(
      '/api/target',
      targetBody({ targetOrganizationId: fx.orgB.id }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const own = await as('Ylläpitäjä').post(
      '/api/target',
      targetBody({ targetOrganizationId: fx.orgA.id }),
    );
    expect(own.statusCode).toBe(201);
    expect(await countTargets()).toBe(before + 1);
  });

  it('answers 404 USER_NOT_FOUND for a contact user outside the organization', async () => {
    const before = await countTargets();
    for (const contact of [fx.seeded('B', 'Ylläpitäjä').id, fx.missing]) {
      const res = await as('Ylläpitäjä').post(
        '/api/target',
        targetBody({ targetContactUser: [contact] }),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND', error: 'Käyttäjää ei löytynyt' });
    }
    const top = await as('Pääylläpitäjä').post(
      '/api/target',
      targetBody({
        targetOrganizationId: fx.orgB.id,
        targetContactUser: [fx.seeded('A', 'Käyttäjä').id],
      }),
    );
    expect(top.statusCode).toBe(404);
    expect(top.json().code).toBe('USER_NOT_FOUND');
    expect(await countTargets()).toBe(before);
  });

  it('lets the top administrator choose the organization, which must be named and exist', async () => {
    const none = await as('Pääylläpitäjä').post('/api/target', targetBody());
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { targetOrganizationId: 'Pakollinen kenttä' },
    });
    const missing = await as('Pääylläpitäjä').post(
      '/api/target',
      targetBody({ targetOrganizationId: fx.missing }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ORGANIZATION_NOT_FOUND');
    const inB = await as('Pääylläpitäjä').post(
      '/api/target',
      targetBody({
        targetOrganizationId: fx.orgB.id,
        targetContactUser: [fx.seeded('B', 'Ylläpitäjä').id],
      }),
    );
    expect(inB.statusCode, inB.body).toBe(201);
    expect(inB.json().target).toMatchObject({
      targetOrganizationId: fx.orgB.id,
      Organization: { organizationName: fx.orgB.name },
    });
  });

  it('names the fields of bad input', async () => {
    const res = await as('Ylläpitäjä').post(
      '/api/target',
      targetBody({
        targetZipCode: '1234',
        targetContactUser: [],
        targetName: '',
        targetState: 'Jotain',
        targetInformation: 'x'.repeat(501),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      targetZipCode: 'Postinumerossa pitää olla 5 numeroa',
      targetContactUser: 'Pakollinen kenttä',
      targetName: 'Pakollinen kenttä',
      targetState: 'Virheellinen arvo',
      targetInformation: 'Virheellinen arvo',
    });
    const { targetContactUser: _, targetZipCode: __, ...rest } = targetBody();
    const missing = await as('Ylläpitäjä').post('/api/target', rest);
    expect(missing.json().fields).toEqual({
      targetContactUser: 'Pakollinen kenttä',
      targetZipCode: 'Postinumero on pakollinen tieto',
    });
  });

  it('is for the admin area only', async () => {
    const res = await as('Käyttäjä').post('/api/target', targetBody());
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/target', () => {
  async function created(overrides: Record<string, unknown> = {}) {
    const res = await as('Ylläpitäjä').post('/api/target', targetBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().target as { targetId: string; targetName: string };
  }

  it('saves the fields, replaces the contact users and logs what changed', async () => {
    const t = await created();
    const res = await as('Ylläpitäjä').patch(
      '/api/target',
      targetBody({
        targetId: t.targetId,
        targetName: t.targetName,
        targetAddress: 'Uusi osoite 7',
        targetContactUser: [fx.seeded('A', 'Pääkäyttäjä').id],
        targetState: 'Passiivinen',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Kohteen tiedot tallennettu',
      target: {
        targetAddress: 'Uusi osoite 7',
        targetState: 'Passiivinen',
        targetContactUser: [fx.seeded('A', 'Pääkäyttäjä').id],
        targetInformation: 'Tietoa kohteesta',
      },
    });
    expect(await contactsOf(t.targetId)).toEqual([fx.seeded('A', 'Pääkäyttäjä').id]);
    const update = (await auditOf(t.targetId)).find((e) => e.action === 'target.update');
    expect(update?.details).toEqual({
      targetAddress: 'Uusi osoite 7',
      targetState: 'Passiivinen',
      targetContactUser: [fx.seeded('A', 'Pääkäyttäjä').id],
    });
  });

  it('answers 404 for another organization’s target and changes nothing', async () => {
    const bTarget = await fx.create.target(fx.orgB.id);
    const res = await as('Ylläpitäjä').patch(
      '/api/target',
      targetBody({ targetId: bTarget, targetName: 'Kaapattu' }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TARGET_NOT_FOUND');
    const [row] = await ctx.database.db
      .select({ name: targets.targetName })
      .from(targets)
      .where(eq(targets.targetId, bTarget));
    expect(row?.name).not.toBe('Kaapattu');
    const missing = await as('Pääylläpitäjä').patch(
      '/api/target',
      targetBody({ targetId: fx.missing }),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('lets only the top administrator move a target; the move unlinks the former users', async () => {
    const t = await created();
    const refused = await as('Ylläpitäjä').patch(
      '/api/target',
      targetBody({ targetId: t.targetId, targetOrganizationId: fx.orgB.id }),
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await as('Ylläpitäjä').get(`/api/target-by-id?targetId=${t.targetId}`)).statusCode,
    ).toBe(200);

    await fx.create.link(fx.seeded('A', 'Käyttäjä').id, t.targetId);
    const wrongContacts = await as('Pääylläpitäjä').patch(
      '/api/target',
      targetBody({ targetId: t.targetId, targetOrganizationId: fx.orgB.id }),
    );
    expect(wrongContacts.statusCode).toBe(404);
    expect(wrongContacts.json().code).toBe('USER_NOT_FOUND');

    const moved = await as('Pääylläpitäjä').patch(
      '/api/target',
      targetBody({
        targetId: t.targetId,
        targetOrganizationId: fx.orgB.id,
        targetContactUser: [fx.seeded('B', 'Ylläpitäjä').id],
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().target).toMatchObject({
      targetOrganizationId: fx.orgB.id,
      targetContactUser: [fx.seeded('B', 'Ylläpitäjä').id],
    });
    const links = await ctx.database.db
      .select({ n: count() })
      .from(userTargets)
      .where(eq(userTargets.targetId, t.targetId));
    expect(links[0]?.n).toBe(0);
    expect((await as('Ylläpitäjä').get(`/api/targets/${t.targetId}`)).statusCode).toBe(404);
    expect((await as('Ylläpitäjä', 'B').get(`/api/targets/${t.targetId}`)).statusCode).toBe(200);
  });
});

describe('PATCH /api/target-contact-user-data-remove', () => {
  it('clears the contact users of a target in scope', async () => {
    const res = await as('Ylläpitäjä').post('/api/target', targetBody());
    const { targetId } = res.json().target;
    const removed = await as('Ylläpitäjä').patch('/api/target-contact-user-data-remove', {
      targetId,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Kohteen yhteyshenkilöt poistettu' });
    expect(await contactsOf(targetId)).toEqual([]);
    const entry = (await auditOf(targetId)).find((e) => e.action === 'target.contactUsersRemove');
    expect(entry?.details).toEqual({ targetContactUser: [fx.seeded('A', 'Ylläpitäjä').id] });
  });

  it('answers 404 for another organization’s target and leaves its contacts', async () => {
    const hameenpuisto = target['As Oy Hämeenpuisto'] ?? '';
    const before = await contactsOf(hameenpuisto);
    expect(before).not.toEqual([]);
    const res = await as('Ylläpitäjä').patch('/api/target-contact-user-data-remove', {
      targetId: hameenpuisto,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TARGET_NOT_FOUND');
    expect(await contactsOf(hameenpuisto)).toEqual(before);
    const user = await as('Käyttäjä').patch('/api/target-contact-user-data-remove', {
      targetId: target['As Oy Kivikko'],
    });
    expect(user.statusCode).toBe(403);
  });

  it('never shows a contact user who has left the target’s organization', async () => {
    const [moved] = await ctx.database.db
      .insert(users)
      .values({
        organizationId: fx.orgA.id,
        userEmail: `siirtyva.${randomBytes(3).toString('hex')}@${fx.orgA.emailDomain}`,
        passwordHash: 'x',
        userFirstName: 'Siirtyvä',
        userLastName: 'Henkilö',
      })
      .returning({ id: users.userId });
    const res = await as('Ylläpitäjä').post(
      '/api/target',
      targetBody({ targetContactUser: [moved?.id] }),
    );
    const { targetId } = res.json().target;
    await ctx.database.db
      .update(users)
      .set({ organizationId: fx.orgB.id })
      .where(and(eq(users.userId, moved?.id ?? '')));
    const after = await as('Ylläpitäjä').get(`/api/target-by-id?targetId=${targetId}`);
    expect(after.json().target.targetContactUser).toEqual([]);
  });
});
