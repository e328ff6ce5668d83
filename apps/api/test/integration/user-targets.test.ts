import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, targets, users, userTargets } from '../../src/db/schema/index.js';
import { bearer, createTestApp, DRIVER, login, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
let orgA: string;
let orgB: string;
/** Target ids by name. */
const targetIds = new Map<string, string>();
const target = (name: string): string => {
  const id = targetIds.get(name);
  if (!id) throw new Error(`no target ${name}`);
  return id;
};
const tokens = { top: '', admin: '', main: '', user: '', adminB: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  const orgs = await ctx.database.db
    .select({ id: organizations.organizationId, name: organizations.organizationName })
    .from(organizations);
  orgA = orgs.find((o) => o.name === 'Demo Kiinteistöt Oy')?.id ?? '';
  orgB = orgs.find((o) => o.name === 'Toinen Taloyhtiö Oy')?.id ?? '';
  for (const row of await ctx.database.db
    .select({ id: targets.targetId, name: targets.targetName })
    .from(targets)) {
    targetIds.set(row.name, row.id);
  }
  tokens.top = await login(ctx.app, 'paayllapitaja@demo.vahti.fi');
  tokens.admin = await login(ctx.app, 'yllapitaja@demo.vahti.fi');
  tokens.main = await login(ctx.app, 'paakayttaja@demo.vahti.fi');
  tokens.user = await login(ctx.app, 'kayttaja@demo.vahti.fi');
  tokens.adminB = await login(ctx.app, 'yllapitaja@toinen.vahti.fi');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });

const idOf = async (email: string) => {
  const [row] = await ctx.database.db
    .select({ id: users.userId })
    .from(users)
    .where(eq(users.userEmail, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

/** A fresh Käyttäjä of the organization with no links. */
async function freshUser(organizationId = orgA, role: 'Käyttäjä' | 'Ylläpitäjä' = 'Käyttäjä') {
  const domain = organizationId === orgB ? 'toinen.vahti.fi' : 'demo.vahti.fi';
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
    const paivi = await idOf('paakayttaja@demo.vahti.fi');
    const res = await call('GET', `/api/user-targets?userId=${paivi}`, tokens.admin);
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
    const tuomas = await idOf('yllapitaja@toinen.vahti.fi');
    for (const userId of [tuomas, randomUUID()]) {
      const res = await call('GET', `/api/user-targets?userId=${userId}`, tokens.main);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Käyttäjää ei löytynyt', code: 'USER_NOT_FOUND' });
    }
    expect((await call('GET', `/api/user-targets?userId=${tuomas}`, tokens.top)).statusCode).toBe(
      200,
    );
    const own = await idOf('kayttaja@demo.vahti.fi');
    expect((await call('GET', `/api/user-targets?userId=${own}`, tokens.user)).statusCode).toBe(
      403,
    );
    const bad = await call('GET', '/api/user-targets?userId=x', tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ userId: 'Virheellinen arvo' });
  });
});

describe(`POST /api/user-targets (${DRIVER})`, () => {
  it('links the user to the targets, keeps existing links and logs what was added', async () => {
    const userId = await freshUser();
    const first = await call('POST', '/api/user-targets', tokens.admin, {
      organization: orgA,
      userId,
      targetId: [target('As Oy Kivikko'), target('Tornitalo Tapiola')],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Kohteet liitetty käyttäjään');
    expect(names(first.json().targets)).toEqual(['As Oy Kivikko', 'Tornitalo Tapiola']);

    const second = await call('POST', '/api/user-targets', tokens.main, {
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
    const ylermi = await idOf('yllapitaja@demo.vahti.fi');
    const tuomas = await idOf('yllapitaja@toinen.vahti.fi');
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [tokens.user, { userId, targetId: [target('Rivitalo Haukilahti')] }, 403, 'FORBIDDEN'],
      [
        tokens.admin,
        { organization: orgB, userId, targetId: [target('Rivitalo Haukilahti')] },
        403,
        'FORBIDDEN',
      ],
      [tokens.admin, { userId, targetId: [target('As Oy Hämeenpuisto')] }, 404, 'TARGET_NOT_FOUND'],
      [tokens.top, { userId, targetId: [target('As Oy Hämeenpuisto')] }, 404, 'TARGET_NOT_FOUND'],
      [
        tokens.admin,
        { userId, targetId: [target('Rivitalo Haukilahti'), randomUUID()] },
        404,
        'TARGET_NOT_FOUND',
      ],
      [
        tokens.top,
        { organization: orgB, userId, targetId: [target('Rivitalo Haukilahti')] },
        400,
        'VALIDATION_FAILED',
      ],
      [tokens.main, { userId: ylermi, targetId: [target('Tornitalo Tapiola')] }, 403, 'FORBIDDEN'],
      [
        tokens.admin,
        { userId: tuomas, targetId: [target('Rivitalo Haukilahti')] },
        404,
        'USER_NOT_FOUND',
      ],
      [tokens.admin, { userId, targetId: [] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [token, body, status, code] of cases) {
      const res = await call('POST', '/api/user-targets', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await linkedTargetIds(userId)).toEqual(before);
    expect(await linkedTargetIds(ylermi)).not.toContain(target('Tornitalo Tapiola'));

    const wrongOrg = await call('POST', '/api/user-targets', tokens.top, {
      organization: orgB,
      userId,
      targetId: [target('Rivitalo Haukilahti')],
    });
    expect(wrongOrg.json().fields).toEqual({ organization: 'Virheellinen arvo' });
    const empty = await call('POST', '/api/user-targets', tokens.admin, { userId, targetId: [] });
    expect(empty.json().fields).toEqual({ targetId: 'Pakollinen kenttä' });
    expect((await call('POST', '/api/user-targets', null, { userId })).statusCode).toBe(401);
  });

  it('lets the top administrator link a user of organization B', async () => {
    const userId = await freshUser(orgB);
    const res = await call('POST', '/api/user-targets', tokens.top, {
      organization: orgB,
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
    const res = await call('PATCH', '/api/user-targets', tokens.admin, {
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

    const cleared = await call('PATCH', '/api/user-targets', tokens.admin, {
      userId,
      targetId: [],
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().targets).toEqual([]);
  });

  it('changes nothing when a target is foreign (404) or the user outranks the caller (403)', async () => {
    const userId = await freshUser();
    await ctx.database.db.insert(userTargets).values({ userId, targetId: target('As Oy Kivikko') });
    const foreign = await call('PATCH', '/api/user-targets', tokens.admin, {
      userId,
      targetId: [target('Rivitalo Haukilahti'), target('As Oy Hämeenpuisto')],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TARGET_NOT_FOUND');
    expect(await linkedTargetIds(userId)).toEqual([target('As Oy Kivikko')]);

    const admin = await freshUser(orgA, 'Ylläpitäjä');
    const above = await call('PATCH', '/api/user-targets', tokens.main, {
      userId: admin,
      targetId: [target('As Oy Kivikko')],
    });
    expect(above.statusCode).toBe(403);
    expect(await linkedTargetIds(admin)).toEqual([]);

    const other = await call('PATCH', '/api/user-targets', tokens.adminB, {
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
    const res = await call('DELETE', '/api/user-targets', tokens.main, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Kohde poistettu käyttäjältä' });
    expect(await linkedTargetIds(userId)).toEqual([target('Rivitalo Haukilahti')]);
    const [entry] = await auditOf('userTargets.remove', userId);
    expect(entry?.details).toEqual({ linkId: id, targetIds: [target('As Oy Kivikko')] });

    const again = await call('DELETE', '/api/user-targets', tokens.main, { id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      error: 'Käyttäjän kohdetta ei löytynyt',
      code: 'USER_TARGET_NOT_FOUND',
    });
  });

  it("answers 404 for another organization's link and 403 above the caller, removing nothing", async () => {
    const userB = await freshUser(orgB);
    const linkB = await linkOf(userB, target('As Oy Hämeenpuisto'));
    const foreign = await call('DELETE', '/api/user-targets', tokens.admin, { id: linkB });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('USER_TARGET_NOT_FOUND');
    expect(await linkedTargetIds(userB)).toEqual([target('As Oy Hämeenpuisto')]);

    const admin = await freshUser(orgA, 'Ylläpitäjä');
    const link = await linkOf(admin, target('As Oy Kivikko'));
    const above = await call('DELETE', '/api/user-targets', tokens.main, { id: link });
    expect(above.statusCode).toBe(403);
    expect(await linkedTargetIds(admin)).toEqual([target('As Oy Kivikko')]);
    expect((await call('DELETE', '/api/user-targets', tokens.user, { id: link })).statusCode).toBe(
      403,
    );
    const bad = await call('DELETE', '/api/user-targets', tokens.admin, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: 'Virheellinen arvo' });
  });
});

describe('GET /api/user-by-targets and /api/user-by-user-targets', () => {
  it('lists the users of a target by last name; another organization is 404', async () => {
    const res = await call(
      'GET',
      `/api/user-by-targets?targetId=${target('Tornitalo Tapiola')}`,
      tokens.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Käyttäjät haettu');
    // Only the demo users: earlier tests link users of their own to this target.
    const demoUsers = res
      .json()
      .users.filter((u: { userEmail: string }) => !u.userEmail.startsWith('linkki.'));
    expect(demoUsers).toEqual([
      {
        uuid: await idOf('timo.hamalainen@demo.vahti.fi'),
        userEmail: 'timo.hamalainen@demo.vahti.fi',
        userFirstName: 'Timo',
        userLastName: 'Hämäläinen',
        userRoles: 'Käyttäjä',
        userState: 'Aktiivinen',
      },
      expect.objectContaining({ userLastName: 'Mäkinen' }),
      expect.objectContaining({ userLastName: 'Peltonen', userRoles: 'Pääkäyttäjä' }),
    ]);
    for (const targetId of [target('As Oy Hämeenpuisto'), randomUUID()]) {
      const miss = await call('GET', `/api/user-by-targets?targetId=${targetId}`, tokens.admin);
      expect(miss.statusCode).toBe(404);
      expect(miss.json().code).toBe('TARGET_NOT_FOUND');
    }
    const top = await call(
      'GET',
      `/api/user-by-targets?targetId=${target('As Oy Hämeenpuisto')}`,
      tokens.top,
    );
    expect(top.json().users.map((u: { userEmail: string }) => u.userEmail)).toContain(
      'yllapitaja@toinen.vahti.fi',
    );
  });

  it('lists the users sharing a target with the user (the caller by default), the user left out', async () => {
    const kalle = await idOf('kayttaja@demo.vahti.fi');
    const res = await call('GET', `/api/user-by-user-targets?userId=${kalle}`, tokens.main);
    expect(res.statusCode).toBe(200);
    const emails = res.json().users.map((u: { userEmail: string }) => u.userEmail);
    expect(emails).not.toContain('kayttaja@demo.vahti.fi');
    expect(emails).toEqual(
      expect.arrayContaining(['tieto@demo.vahti.fi', 'aino.aaltonen@demo.vahti.fi']),
    );
    expect(emails).not.toContain('pekka.peltonen@demo.vahti.fi');
    expect(new Set(emails).size).toBe(emails.length);

    const mine = await call('GET', '/api/user-by-user-targets', tokens.admin);
    const mineEmails = mine.json().users.map((u: { userEmail: string }) => u.userEmail);
    expect(mineEmails).not.toContain('yllapitaja@demo.vahti.fi');
    expect(mineEmails).toEqual(
      expect.arrayContaining(['hanna.heikkinen@demo.vahti.fi', 'liisa.korhonen@demo.vahti.fi']),
    );
    expect(mine.body).not.toContain('toinen.vahti.fi');

    const tuomas = await idOf('yllapitaja@toinen.vahti.fi');
    const foreign = await call('GET', `/api/user-by-user-targets?userId=${tuomas}`, tokens.admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('USER_NOT_FOUND');
    expect((await call('GET', '/api/user-by-user-targets', tokens.user)).statusCode).toBe(403);
  });
});
