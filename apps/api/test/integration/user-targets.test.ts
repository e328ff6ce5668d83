import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, targets, users, userTargets } from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
/** Target ids by name. */
const targetIds = new Map<string, string>();
const target = (name: string): string => {
  const id = targetIds.get(name);
  if (!id) throw new Error(`no target ${name}`);
  return id;
};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  for (const row of await ctx.database.db
    .select({ id: targets.targetId, name: targets.targetName })
    .from(targets)) {
    targetIds.set(row.name, row.id);
  }
});
afterAll(() => ctx.close());

const idOf = async (email: string) => {
  const [row] = await ctx.database.db
    .select({ id: users.userId })
    .from(users)
    .where(eq(users.userEmail, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** A fresh Käyttäjä of the organization with no links. */
async function freshUser(
  organizationId = fx.orgA.id,
  role: 'Käyttäjä' | 'Ylläpitäjä' = 'Käyttäjä',
) {
  const domain = organizationId === fx.orgB.id ? fx.orgB.emailDomain : fx.orgA.emailDomain;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      organizationId,
      userEmail: `linkki.${randomBytes(3).toString('hex')}@${domain}`,
      passwordHash: 'not-a-hash',
      userFirstName: 'Linkki',
      userLastName: 'Testinen',
      userRoles: role,
      userPermissions: [1],
    })
    .returning({ id: users.userId });
  return row?.id ?? '';
}

const linkedTargetIds = async (userId: string) =>
  (
    await ctx.database.db
      .select({ targetId: userTargets.targetId })
      .from(userTargets)
      .where(eq(userTargets.userId, userId))
  )
    .map((row) => row.targetId)
    .sort();
const auditOf = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
const names = (list: Array<{ targetName: string }>) => list.map((t) => t.targetName);

describe(`GET /api/user-targets (${DRIVER})`, () => {
  it("lists the user's links by target name", async () => {
    const paivi = await idOf(fx.seeded('A', 'Pääkäyttäjä').email);
    const res = await as('Ylläpitäjä').get(`/api/user-targets?userId=${paivi}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Käyttäjän kohteet haettu');
    const list = res.json().targets;
    expect(names(list)).toEqual(['As Oy Kivikko', 'Rivitalo Haukilahti']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      userId: paivi,
      targetId: target('As Oy Kivikko'),
      targetName: 'As Oy Kivikko',
      targetAddress: 'Kivikonkaari 3',
      targetPostalDistrict: 'Helsinki',
    });
  });

  it('answers 404 for a user of another organization or none, 403 to Käyttäjä, 400 for a bad id', async () => {
    const tuomas = await idOf(fx.seeded('B', 'Ylläpitäjä').email);
    for (const userId of [tuomas, randomUUID()]) {
      const res = await as('Pääkäyttäjä').get(`/api/user-targets?userId=${userId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Käyttäjää ei löytynyt', code: 'USER_NOT_FOUND' });
    }
    expect((await as('Pääylläpitäjä').get(`/api/user-targets?userId=${tuomas}`)).statusCode).toBe(
      200,
    );
    const own = await idOf(fx.seeded('A', 'Käyttäjä').email);
    expect((await as('Käyttäjä').get(`/api/user-targets?userId=${own}`)).statusCode).toBe(403);
    const bad = await as('Ylläpitäjä').get('/api/user-targets?userId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ userId: 'Virheellinen arvo' });
  });
});

describe(`POST /api/user-targets (${DRIVER})`, () => {
  it('links the user to the targets, keeps existing links and logs what was added', async () => {
    const userId = await freshUser();
    const first = await as('Ylläpitäjä').post('/api/user-targets', {
      organization: fx.orgA.id,
      userId,
      targetId: [target('As Oy Kivikko'), target('Tornitalo Tapiola')],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Kohteet liitetty käyttäjään');
    expect(names(first.json().targets)).toEqual(['As Oy Kivikko', 'Tornitalo Tapiola']);

    const second = await as('Pääkäyttäjä').post('/api/user-targets', {
      userId,
      targetId: [
        target('As Oy Kivikko'),
        target('Vuokratalo Vallila'),
        target('Vuokratalo Vallila'),
      ],
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(names(second.json().targets)).toEqual([
      'As Oy Kivikko',
      'Tornitalo Tapiola',
      'Vuokratalo Vallila',
    ]);
    const entries = await auditOf('userTargets.add', userId);
    expect(entries.map((e) => e.details)).toContainEqual({
      targetIds: [target('Vuokratalo Vallila')],
    });
    expect(entries).toHaveLength(2);
  });

  it('refuses other organizations, foreign targets and higher roles, changing nothing', async () => {
    const userId = await freshUser();
    await ctx.database.db.insert(userTargets).values({ userId, targetId: target('As Oy Kivikko') });
    const before = await linkedTargetIds(userId);
    const ylermi = await idOf(fx.seeded('A', 'Ylläpitäjä').email);
    const tuomas = await idOf(fx.seeded('B', 'Ylläpitäjä').email);
    const cases: Array<[Client, Record<string, unknown>, number, string]> = [
      [as('Käyttäjä'), { userId, targetId: [target('Rivitalo Haukilahti')] }, 403, 'FORBIDDEN'],
      [
        as('Ylläpitäjä'),
        { organization: fx.orgB.id, userId, targetId: [target('Rivitalo Haukilahti')] },
        403,
        'FORBIDDEN',
      ],
      [
        as('Ylläpitäjä'),
        { userId, targetId: [target('As Oy Hämeenpuisto')] },
        404,
        'TARGET_NOT_FOUND',
      ],
      [
        as('Pääylläpitäjä'),
        { userId, targetId: [target('As Oy Hämeenpuisto')] },
        404,
        'TARGET_NOT_FOUND',
      ],
      [
        as('Ylläpitäjä'),
        { userId, targetId: [target('Rivitalo Haukilahti'), randomUUID()] },
        404,
        'TARGET_NOT_FOUND',
      ],
      [
        as('Pääylläpitäjä'),
        { organization: fx.orgB.id, userId, targetId: [target('Rivitalo Haukilahti')] },
        400,
        'VALIDATION_FAILED',
      ],
      [
        as('Pääkäyttäjä'),
        { userId: ylermi, targetId: [target('Tornitalo Tapiola')] },
        403,
        'FORBIDDEN',
      ],
      [
        as('Ylläpitäjä'),
        { userId: tuomas, targetId: [target('Rivitalo Haukilahti')] },
        404,
        'USER_NOT_FOUND',
      ],
      [as('Ylläpitäjä'), { userId, targetId: [] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [client, body, status, code] of cases) {
      const res = await client.post('/api/user-targets', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await linkedTargetIds(userId)).toEqual(before);
    expect(await linkedTargetIds(ylermi)).not.toContain(target('Tornitalo Tapiola'));

    const wrongOrg = await as('Pääylläpitäjä').post('/api/user-targets', {
      organization: fx.orgB.id,
      userId,
      targetId: [target('Rivitalo Haukilahti')],
    });
    expect(wrongOrg.json().fields).toEqual({ organization: 'Virheellinen arvo' });
    const empty = await as('Ylläpitäjä').post('/api/user-targets', { userId, targetId: [] });
    expect(empty.json().fields).toEqual({ targetId: 'Pakollinen kenttä' });
    expect((await as.anonymous.post('/api/user-targets', { userId })).statusCode).toBe(401);
  });

  it('lets the top administrator link a user of organization B', async () => {
    const userId = await freshUser(fx.orgB.id);
    const res = await as('Pääylläpitäjä').post('/api/user-targets', {
      organization: fx.orgB.id,
      userId,
      targetId: [target('Rivitalo Hervanta')],
    });
    expect(res.statusCode).toBe(201);
    expect(names(res.json().targets)).toEqual(['Rivitalo Hervanta']);
  });
});

describe(`PATCH /api/user-targets (${DRIVER})`, () => {
  it('makes the links exactly the given targets, and an empty list removes them all', async () => {
    const userId = await freshUser();
    await ctx.database.db.insert(userTargets).values([
      { userId, targetId: target('As Oy Kivikko') },
      { userId, targetId: target('Rivitalo Haukilahti') },
    ]);
    const res = await as('Ylläpitäjä').patch('/api/user-targets', {
      userId,
      targetId: [target('Rivitalo Haukilahti'), target('Toimitalo Tikkurila')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Käyttäjän kohteet tallennettu');
    expect(names(res.json().targets)).toEqual(['Rivitalo Haukilahti', 'Toimitalo Tikkurila']);
    const [entry] = await auditOf('userTargets.update', userId);
    expect(entry?.details).toEqual({
      targetIds: [target('Rivitalo Haukilahti'), target('Toimitalo Tikkurila')],
      added: [target('Toimitalo Tikkurila')],
      removed: [target('As Oy Kivikko')],
    });

    const cleared = await as('Ylläpitäjä').patch('/api/user-targets', {
      userId,
      targetId: [],
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().targets).toEqual([]);
  });

  it('changes nothing when a target is foreign (404) or the user outranks the caller (403)', async () => {
    const userId = await freshUser();
    await ctx.database.db.insert(userTargets).values({ userId, targetId: target('As Oy Kivikko') });
    const foreign = await as('Ylläpitäjä').patch('/api/user-targets', {
      userId,
      targetId: [target('Rivitalo Haukilahti'), target('As Oy Hämeenpuisto')],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TARGET_NOT_FOUND');
    expect(await linkedTargetIds(userId)).toEqual([target('As Oy Kivikko')]);

    const admin = await freshUser(fx.orgA.id, 'Ylläpitäjä');
    const above = await as('Pääkäyttäjä').patch('/api/user-targets', {
      userId: admin,
      targetId: [target('As Oy Kivikko')],
    });
    expect(above.statusCode).toBe(403);
    expect(await linkedTargetIds(admin)).toEqual([]);

    const other = await as('Ylläpitäjä', 'B').patch('/api/user-targets', {
      userId,
      targetId: [],
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('USER_NOT_FOUND');
    expect(await linkedTargetIds(userId)).toEqual([target('As Oy Kivikko')]);
  });
});

describe(`DELETE /api/user-targets (${DRIVER})`, () => {
  const linkOf = async (userId: string, targetId: string) => {
    const [row] = await ctx.database.db
      .insert(userTargets)
      .values({ userId, targetId })
      .returning({ id: userTargets.id });
    return row?.id ?? '';
  };

  it('removes one link by its id and logs it; the same id again is 404', async () => {
    const userId = await freshUser();
    const id = await linkOf(userId, target('As Oy Kivikko'));
    await linkOf(userId, target('Rivitalo Haukilahti'));
    const res = await as('Pääkäyttäjä').delete('/api/user-targets', { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Kohde poistettu käyttäjältä' });
    expect(await linkedTargetIds(userId)).toEqual([target('Rivitalo Haukilahti')]);
    const [entry] = await auditOf('userTargets.remove', userId);
    expect(entry?.details).toEqual({ linkId: id, targetIds: [target('As Oy Kivikko')] });

    const again = await as('Pääkäyttäjä').delete('/api/user-targets', { id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      error: 'Käyttäjän kohdetta ei löytynyt',
      code: 'USER_TARGET_NOT_FOUND',
    });
  });

  it("answers 404 for another organization's link and 403 above the caller, removing nothing", async () => {
    const userB = await freshUser(fx.orgB.id);
    const linkB = await linkOf(userB, target('As Oy Hämeenpuisto'));
    const foreign = await as('Ylläpitäjä').delete('/api/user-targets', { id: linkB });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('USER_TARGET_NOT_FOUND');
    expect(await linkedTargetIds(userB)).toEqual([target('As Oy Hämeenpuisto')]);

    const admin = await freshUser(fx.orgA.id, 'Ylläpitäjä');
    const link = await linkOf(admin, target('As Oy Kivikko'));
    const above = await as('Pääkäyttäjä').delete('/api/user-targets', { id: link });
    expect(above.statusCode).toBe(403);
    expect(await linkedTargetIds(admin)).toEqual([target('As Oy Kivikko')]);
    expect((await as('Käyttäjä').delete('/api/user-targets', { id: link })).statusCode).toBe(403);
    const bad = await as('Ylläpitäjä').delete('/api/user-targets', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: 'Virheellinen arvo' });
  });
});

describe('GET /api/user-by-targets and /api/user-by-user-targets', () => {
  it('lists the users of a target by last name; another organization is 404', async () => {
    const res = await as('Ylläpitäjä').get(
      `/api/user-by-targets?targetId=${target('Tornitalo Tapiola')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Käyttäjät haettu');
    // Only the demo users: earlier tests link users of their own to this target.
    const demoUsers = res
      .json()
      .users.filter((u: { userEmail: string }) => !u.userEmail.startsWith('linkki.'));
    expect(demoUsers).toEqual([
      {
        uuid: await idOf(`timo.hamalainen@${fx.orgA.emailDomain}`),
        userEmail: `timo.hamalainen@${fx.orgA.emailDomain}`,
        userFirstName: 'Timo',
        userLastName: 'Hämäläinen',
        userRoles: 'Käyttäjä',
        userState: 'Aktiivinen',
      },
      expect.objectContaining({ userLastName: 'Mäkinen' }),
      expect.objectContaining({ userLastName: 'Peltonen', userRoles: 'Pääkäyttäjä' }),
    ]);
    for (const targetId of [target('As Oy Hämeenpuisto'), randomUUID()]) {
      const miss = await as('Ylläpitäjä').get(`/api/user-by-targets?targetId=${targetId}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json().code).toBe('TARGET_NOT_FOUND');
    }
    const top = await as('Pääylläpitäjä').get(
      `/api/user-by-targets?targetId=${target('As Oy Hämeenpuisto')}`,
    );
    expect(top.json().users.map((u: { userEmail: string }) => u.userEmail)).toContain(
      fx.seeded('B', 'Ylläpitäjä').email,
    );
  });

  it('lists the users sharing a target with the user (the caller by default), the user left out', async () => {
    const kalle = await idOf(fx.seeded('A', 'Käyttäjä').email);
    const res = await as('Pääkäyttäjä').get(`/api/user-by-user-targets?userId=${kalle}`);
    expect(res.statusCode).toBe(200);
    const emails = res.json().users.map((u: { userEmail: string }) => u.userEmail);
    expect(emails).not.toContain(fx.seeded('A', 'Käyttäjä').email);
    expect(emails).toEqual(
      expect.arrayContaining([
        fx.seeded('A', 'Käyttäjä', [1]).email,
        `aino.aaltonen@${fx.orgA.emailDomain}`,
      ]),
    );
    expect(emails).not.toContain(`pekka.peltonen@${fx.orgA.emailDomain}`);
    expect(new Set(emails).size).toBe(emails.length);

    const mine = await as('Ylläpitäjä').get('/api/user-by-user-targets');
    const mineEmails = mine.json().users.map((u: { userEmail: string }) => u.userEmail);
    expect(mineEmails).not.toContain(fx.seeded('A', 'Ylläpitäjä').email);
    expect(mineEmails).toEqual(
      expect.arrayContaining([
        `hanna.heikkinen@${fx.orgA.emailDomain}`,
        `liisa.korhonen@${fx.orgA.emailDomain}`,
      ]),
    );
    expect(mine.body).not.toContain(fx.orgB.emailDomain);

    const tuomas = await idOf(fx.seeded('B', 'Ylläpitäjä').email);
    const foreign = await as('Ylläpitäjä').get(`/api/user-by-user-targets?userId=${tuomas}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('USER_NOT_FOUND');
    expect((await as('Käyttäjä').get('/api/user-by-user-targets')).statusCode).toBe(403);
  });
});
