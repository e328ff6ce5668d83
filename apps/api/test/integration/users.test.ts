import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  organizations,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from '../../src/db/schema/index.js';
import { bearer, createTestApp, DRIVER, login, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
let orgA: string;
let orgB: string;
const tokens: Record<'top' | 'admin' | 'main' | 'user' | 'adminB', string> = {
  top: '',
  admin: '',
  main: '',
  user: '',
  adminB: '',
};

beforeAll(async () => {
  ctx = await createTestApp();
  const orgs = await ctx.database.db
    .select({ id: organizations.organizationId, name: organizations.organizationName })
    .from(organizations);
  orgA = orgs.find((o) => o.name === 'Demo Kiinteistöt Oy')?.id ?? '';
  orgB = orgs.find((o) => o.name === 'Toinen Taloyhtiö Oy')?.id ?? '';
  tokens.top = await login(ctx.app, 'paayllapitaja@demo.vahti.fi');
  tokens.admin = await login(ctx.app, 'yllapitaja@demo.vahti.fi');
  tokens.main = await login(ctx.app, 'paakayttaja@demo.vahti.fi');
  tokens.user = await login(ctx.app, 'kayttaja@demo.vahti.fi');
  tokens.adminB = await login(ctx.app, 'yllapitaja@toinen.vahti.fi');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
const getAuth = (token: string) => call('GET', '/api/auth', token);

const PASSWORD = 'Hallinta-testi-1';
const newEmail = (name = 'uusi', domain = 'demo.vahti.fi') =>
  `${name}.${randomBytes(3).toString('hex')}@${domain}`;

const userBody = (overrides: Record<string, unknown> = {}) => ({
  userEmail: newEmail(),
  userPassword: PASSWORD,
  userFirstName: 'Ulla',
  userLastName: 'Uusinen',
  userPhoneNumber: '+358 40 555 0101',
  userJobTitle: 'Asukas',
  userRoles: 'Käyttäjä',
  userState: 'Aktiivinen',
  userPermissions: '2,1',
  userInformation: 'Muutti keväällä',
  ...overrides,
});

/** Creates a user through the API (as organization A's Ylläpitäjä unless told). */
async function createUser(overrides: Record<string, unknown> = {}, token = tokens.admin) {
  const body = userBody(overrides);
  const res = await call('POST', '/api/register', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json().user, password: body.userPassword } as Record<string, unknown> & {
    uuid: string;
    userEmail: string;
    userOrganization: string;
    password: string;
  };
}

/** The PATCH body that leaves the user as they are, with the given changes. */
async function editBody(uuid: string, changes: Record<string, unknown> = {}) {
  const current = (await call('GET', `/api/user?uuid=${uuid}`, tokens.top)).json().user;
  return {
    uuid,
    userEmail: current.userEmail,
    userFirstName: current.userFirstName,
    userLastName: current.userLastName,
    userPhoneNumber: current.userPhoneNumber,
    userJobTitle: current.userJobTitle,
    userRoles: current.userRoles,
    userState: current.userState,
    userPermissions: current.userPermissions,
    ...changes,
  };
}

const userRow = async (userId: string) => {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.userId, userId));
  return row;
};
const countUsers = async () => {
  const [row] = await ctx.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
};
const auditOf = (action: string, entityId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
const idOf = async (email: string) => {
  const [row] = await ctx.database.db
    .select({ id: users.userId })
    .from(users)
    .where(eq(users.userEmail, email));
  return row?.id ?? '';
};

describe(`POST /api/register (${DRIVER})`, () => {
  it('creates a user in the own organization: 201 with the user, who can sign in', async () => {
    const body = userBody({ userEmail: newEmail('Ulla.Uusinen') });
    const res = await call('POST', '/api/register', tokens.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const { message, user } = res.json();
    expect(message).toBe('Käyttäjä luotu');
    expect(user).toMatchObject({
      userEmail: body.userEmail,
      userFirstName: 'Ulla',
      userLastName: 'Uusinen',
      userPhoneNumber: '+358 40 555 0101',
      userJobTitle: 'Asukas',
      userRoles: 'Käyttäjä',
      userState: 'Aktiivinen',
      userOrganization: orgA,
      userPermissions: '1,2',
      userInformation: 'Muutti keväällä',
      userDescription: null,
      UserTargets: [],
      Organization: { organizationId: orgA, organizationName: 'Demo Kiinteistöt Oy' },
    });
    expect(user.uuid).toBe(user.userId);
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(user).not.toHaveProperty('passwordHash');

    const stored = await userRow(user.uuid);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const token = await login(ctx.app, body.userEmail.toUpperCase(), PASSWORD);
    expect((await getAuth(token)).statusCode).toBe(200);

    const [entry] = await auditOf('user.create', user.uuid);
    expect(entry).toMatchObject({ organizationId: orgA, actorEmail: 'yllapitaja@demo.vahti.fi' });
    expect(entry?.details).toMatchObject({ userEmail: body.userEmail, userRoles: 'Käyttäjä' });
    expect(JSON.stringify(entry?.details)).not.toContain(PASSWORD);
  });

  it('lets the top administrator create a user in organization B, and only in a named one', async () => {
    const created = await createUser(
      {
        userEmail: newEmail('b', 'toinen.vahti.fi'),
        userOrganization: orgB,
        userRoles: 'Ylläpitäjä',
      },
      tokens.top,
    );
    expect(created).toMatchObject({
      userOrganization: orgB,
      userRoles: 'Ylläpitäjä',
      Organization: { organizationName: 'Toinen Taloyhtiö Oy' },
    });
    const top = await createUser(
      { userRoles: 'Pääylläpitäjä', userOrganization: orgA },
      tokens.top,
    );
    expect(top.userRoles).toBe('Pääylläpitäjä');

    const before = await countUsers();
    const unnamed = await call('POST', '/api/register', tokens.top, userBody());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { userOrganization: 'Pakollinen kenttä' },
    });
    const unknown = await call(
      'POST',
      '/api/register',
      tokens.top,
      userBody({ userOrganization: randomUUID() }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'Organisaatiota ei löytynyt',
      code: 'ORGANIZATION_NOT_FOUND',
    });
    expect(await countUsers()).toBe(before);
  });

  it('answers 400 naming the field, in Finnish, for bad input', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ userEmail: undefined }, 'userEmail', 'Sähköposti on pakollinen tieto'],
      [{ userEmail: 'ei-osoite' }, 'userEmail', 'Sähköposti ei ole kelvollinen'],
      [{ userPassword: 'lyhyt' }, 'userPassword', 'Salasanan oltava vähintään 8 merkkiä'],
      [{ userFirstName: ' ' }, 'userFirstName', 'Etunimi on pakollinen tieto'],
      [{ userLastName: undefined }, 'userLastName', 'Sukunimi on pakollinen tieto'],
      [{ userPhoneNumber: '' }, 'userPhoneNumber', 'Pakollinen kenttä'],
      [{ userJobTitle: undefined }, 'userJobTitle', 'Pakollinen kenttä'],
      [{ userRoles: undefined }, 'userRoles', 'Pakollinen kenttä'],
      [{ userRoles: 'Kuningas' }, 'userRoles', 'Virheellinen arvo'],
      [{ userState: 'Poissa' }, 'userState', 'Virheellinen arvo'],
      [{ userPermissions: '' }, 'userPermissions', 'Pakollinen kenttä'],
      [{ userPermissions: '1,5' }, 'userPermissions', 'Virheellinen arvo'],
      [{ userOrganization: 'ei-uuid' }, 'userOrganization', 'Virheellinen arvo'],
      [{ userInformation: 'x'.repeat(501) }, 'userInformation', 'Virheellinen arvo'],
    ];
    const before = await countUsers();
    for (const [override, field, text] of cases) {
      const res = await call('POST', '/api/register', tokens.admin, userBody(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields[field], field).toBe(text);
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers 403 to roles without the function and to roles above the caller, creating nothing', async () => {
    const before = await countUsers();
    const forbidden: Array<[string, Record<string, unknown>]> = [
      [tokens.user, {}],
      [tokens.main, { userRoles: 'Ylläpitäjä' }],
      [tokens.admin, { userRoles: 'Pääylläpitäjä' }],
      [tokens.adminB, { userRoles: 'Pääylläpitäjä' }],
      // Naming another organization than the own one.
      [tokens.admin, { userOrganization: orgB }],
      [tokens.main, { userOrganization: orgB }],
      [tokens.adminB, { userOrganization: orgA, userEmail: newEmail('x', 'toinen.vahti.fi') }],
      [tokens.admin, { userOrganization: randomUUID() }],
    ];
    for (const [token, override] of forbidden) {
      const res = await call('POST', '/api/register', token, userBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(403);
      expect(res.json()).toEqual({
        error: 'Sinulla ei ole oikeutta tähän toimintoon',
        code: 'FORBIDDEN',
      });
    }
    expect(await countUsers()).toBe(before);
    // What they may do: a Pääkäyttäjä creates a Pääkäyttäjä, naming the own organization.
    const peer = await createUser(
      { userRoles: 'Pääkäyttäjä', userOrganization: orgA },
      tokens.main,
    );
    expect(peer.userRoles).toBe('Pääkäyttäjä');
    expect((await call('POST', '/api/register', null, userBody())).statusCode).toBe(401);
  });

  it('answers 409 EMAIL_TAKEN for an address in use, in any letter case and organization', async () => {
    for (const email of ['KAYTTAJA@demo.vahti.fi', 'yllapitaja@demo.vahti.fi']) {
      const res = await call('POST', '/api/register', tokens.admin, userBody({ userEmail: email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'Sähköpostiosoite on jo käytössä',
        code: 'EMAIL_TAKEN',
        fields: { userEmail: 'Sähköpostiosoite on jo käytössä' },
      });
    }
  });
});

describe('GET /api/users, /api/organization-users and /api/user', () => {
  it('lists the own organization by last name, with targets and organization', async () => {
    const res = await call('GET', '/api/users', tokens.admin);
    expect(res.statusCode).toBe(200);
    const { message, users: list } = res.json();
    expect(message).toBe('Käyttäjät haettu');
    expect(list.every((u: { userOrganization: string }) => u.userOrganization === orgA)).toBe(true);
    expect(res.body).not.toContain('toinen.vahti.fi');
    const lastNames = list.map((u: { userLastName: string }) => u.userLastName);
    const order = ['Aaltonen', 'Heikkinen', 'Kallio', 'Virtanen'].map((n) => lastNames.indexOf(n));
    expect(order.every((i: number) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const kalle = list.find((u: { userEmail: string }) => u.userEmail === 'kayttaja@demo.vahti.fi');
    const [kivikko] = await ctx.database.db
      .select({ id: targets.targetId })
      .from(targets)
      .where(eq(targets.targetName, 'As Oy Kivikko'));
    expect(kalle).toMatchObject({
      userRoles: 'Käyttäjä',
      userPermissions: '1,2',
      UserTargets: [{ targetId: kivikko?.id }],
      Organization: { organizationId: orgA, organizationName: 'Demo Kiinteistöt Oy' },
    });
    const paula = list.find((u: { userEmail: string }) => u.userEmail.startsWith('paayllapitaja'));
    expect(paula.UserTargets).toHaveLength(3);
  });

  it('lists every organization to the top administrator, only B to B', async () => {
    const all = (await call('GET', '/api/users', tokens.top)).json().users;
    const orgsSeen = new Set(all.map((u: { userOrganization: string }) => u.userOrganization));
    expect(orgsSeen).toEqual(new Set([orgA, orgB]));
    const [total] = await ctx.database.db.select({ n: count() }).from(users);
    expect(all).toHaveLength(total?.n ?? -1);

    const b = await call('GET', '/api/users', tokens.adminB);
    expect(b.statusCode).toBe(200);
    expect(b.json().users.length).toBeGreaterThanOrEqual(6);
    expect(b.body).not.toContain('demo.vahti.fi');
    expect(b.body).not.toContain('Demo Kiinteistöt');

    expect((await call('GET', '/api/users', tokens.user)).statusCode).toBe(403);
    expect((await call('GET', '/api/users', null)).statusCode).toBe(401);
  });

  it('lists one organization: own or, for the top administrator, any; else 404', async () => {
    const own = await call('GET', `/api/organization-users?organizationId=${orgA}`, tokens.main);
    expect(own.statusCode).toBe(200);
    expect(own.json().users.length).toBeGreaterThan(10);
    const top = await call('GET', `/api/organization-users?organizationId=${orgB}`, tokens.top);
    expect(
      top.json().users.every((u: { userOrganization: string }) => u.userOrganization === orgB),
    ).toBe(true);

    for (const organizationId of [orgB, randomUUID()]) {
      const res = await call(
        'GET',
        `/api/organization-users?organizationId=${organizationId}`,
        tokens.admin,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ORGANIZATION_NOT_FOUND');
    }
    const bad = await call('GET', '/api/organization-users?organizationId=abc', tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ organizationId: 'Virheellinen arvo' });
  });

  it('gets one user by uuid; another organization or none is 404 USER_NOT_FOUND', async () => {
    const kalle = await idOf('kayttaja@demo.vahti.fi');
    const res = await call('GET', `/api/user?uuid=${kalle}`, tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Käyttäjä haettu',
      user: { uuid: kalle, userEmail: 'kayttaja@demo.vahti.fi' },
    });
    const tuomas = await idOf('yllapitaja@toinen.vahti.fi');
    for (const uuid of [tuomas, randomUUID()]) {
      const miss = await call('GET', `/api/user?uuid=${uuid}`, tokens.admin);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toEqual({ error: 'Käyttäjää ei löytynyt', code: 'USER_NOT_FOUND' });
    }
    expect((await call('GET', `/api/user?uuid=${tuomas}`, tokens.top)).statusCode).toBe(200);
    const none = await call('GET', '/api/user', tokens.admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ uuid: 'Virheellinen arvo' });
  });
});

describe(`PATCH /api/users (${DRIVER})`, () => {
  it('saves the edit, logs the changed fields and keeps the session when access is unchanged', async () => {
    const created = await createUser();
    const token = await login(ctx.app, created.userEmail, created.password);
    const res = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userFirstName: 'Uuno', userJobTitle: 'Hallituksen jäsen' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Käyttäjän tiedot tallennettu');
    expect(res.json().user).toMatchObject({
      uuid: created.uuid,
      userFirstName: 'Uuno',
      userJobTitle: 'Hallituksen jäsen',
      // Left out: kept.
      userInformation: 'Muutti keväällä',
    });
    expect((await getAuth(token)).statusCode).toBe(200);
    const [entry] = await auditOf('user.update', created.uuid);
    expect(entry?.details).toEqual({ userFirstName: 'Uuno', userJobTitle: 'Hallituksen jäsen' });

    const cleared = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userInformation: null }),
    );
    expect(cleared.json().user.userInformation).toBeNull();
  });

  it('revokes the tokens on a role or permission change and logs user.role', async () => {
    const created = await createUser();
    const token = await login(ctx.app, created.userEmail, created.password);
    const res = await call(
      'PATCH',
      '/api/users',
      tokens.main,
      await editBody(created.uuid, { userRoles: 'Pääkäyttäjä' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await getAuth(token)).statusCode).toBe(401);
    const [role] = await auditOf('user.role', created.uuid);
    expect(role?.details).toEqual({ from: 'Käyttäjä', to: 'Pääkäyttäjä' });

    const again = await login(ctx.app, created.userEmail, created.password);
    await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userPermissions: '1' }),
    );
    expect((await getAuth(again)).statusCode).toBe(401);
  });

  it('passivates: the old token is refused and the user cannot sign in (ACCOUNT_INACTIVE)', async () => {
    const created = await createUser();
    const token = await login(ctx.app, created.userEmail, created.password);
    const res = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userState: 'Passiivinen' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userState).toBe('Passiivinen');
    expect((await getAuth(token)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/login', null, {
      userEmail: created.userEmail,
      userPassword: created.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('ACCOUNT_INACTIVE');
    const [state] = await auditOf('user.state', created.uuid);
    expect(state?.details).toEqual({ from: 'Aktiivinen', to: 'Passiivinen' });
  });

  it('answers 403 above the caller and for another organization named, changing nothing', async () => {
    const created = await createUser();
    const paula = await idOf('paayllapitaja@demo.vahti.fi');
    const ylermi = await idOf('yllapitaja@demo.vahti.fi');
    const cases: Array<[string, string, Record<string, unknown>]> = [
      [tokens.user, created.uuid, { userFirstName: 'Ei' }],
      [tokens.main, created.uuid, { userRoles: 'Ylläpitäjä' }],
      [tokens.admin, created.uuid, { userRoles: 'Pääylläpitäjä' }],
      [tokens.admin, paula, { userFirstName: 'Ei' }],
      [tokens.main, ylermi, { userFirstName: 'Ei' }],
      [tokens.admin, created.uuid, { userOrganization: orgB }],
    ];
    for (const [token, uuid, changes] of cases) {
      const before = await userRow(uuid);
      const res = await call('PATCH', '/api/users', token, await editBody(uuid, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(await userRow(uuid)).toEqual(before);
    }
  });

  it("answers 404 for another organization's user or none, changing nothing", async () => {
    const tuomas = await idOf('yllapitaja@toinen.vahti.fi');
    const before = await userRow(tuomas);
    for (const uuid of [tuomas, randomUUID()]) {
      const body = { ...(await editBody(tuomas, { userFirstName: 'Ei' })), uuid };
      const res = await call('PATCH', '/api/users', tokens.admin, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect(await userRow(tuomas)).toEqual(before);
    const unknownOrg = await call(
      'PATCH',
      '/api/users',
      tokens.top,
      await editBody(tuomas, { userOrganization: randomUUID() }),
    );
    expect(unknownOrg.statusCode).toBe(404);
    expect(unknownOrg.json().code).toBe('ORGANIZATION_NOT_FOUND');
    expect(await userRow(tuomas)).toEqual(before);
  });

  it('locks the own role, state and organization (400 OWN_ACCOUNT_LOCKED), not other own fields', async () => {
    const ylermi = await idOf('yllapitaja@demo.vahti.fi');
    const before = await userRow(ylermi);
    for (const changes of [{ userRoles: 'Pääkäyttäjä' }, { userState: 'Passiivinen' }] as Record<
      string,
      unknown
    >[]) {
      const res = await call('PATCH', '/api/users', tokens.admin, await editBody(ylermi, changes));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'OWN_ACCOUNT_LOCKED',
        error: 'Omaa rooliasi, tilaasi tai organisaatiotasi ei voi muuttaa täällä',
      });
    }
    const paula = await idOf('paayllapitaja@demo.vahti.fi');
    const move = await call(
      'PATCH',
      '/api/users',
      tokens.top,
      await editBody(paula, { userOrganization: orgB }),
    );
    expect(move.statusCode).toBe(400);
    expect(move.json().fields).toEqual({
      userOrganization: 'Omaa rooliasi, tilaasi tai organisaatiotasi ei voi muuttaa täällä',
    });
    expect(await userRow(ylermi)).toEqual(before);

    const own = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(ylermi, { userPhoneNumber: '+358 40 999 0000' }),
    );
    expect(own.statusCode).toBe(200);
    expect((await getAuth(tokens.admin)).statusCode).toBe(200);
  });

  it('answers 409 EMAIL_TAKEN for an address of another user, accepts a new letter case', async () => {
    const created = await createUser();
    const taken = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userEmail: 'Tieto@Demo.Vahti.fi' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ userEmail: 'Sähköpostiosoite on jo käytössä' });
    const upper = created.userEmail.toUpperCase();
    const res = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userEmail: upper }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userEmail).toBe(upper);
  });

  it('moves a user to another organization (top only): old targets and contact places go', async () => {
    const created = await createUser();
    const [kivikko] = await ctx.database.db
      .select({ id: targets.targetId })
      .from(targets)
      .where(eq(targets.targetName, 'As Oy Kivikko'));
    const targetId = kivikko?.id ?? '';
    await ctx.database.db.insert(userTargets).values({ userId: created.uuid, targetId });
    await ctx.database.db.insert(targetContactUsers).values({ userId: created.uuid, targetId });
    const token = await login(ctx.app, created.userEmail, created.password);

    const res = await call(
      'PATCH',
      '/api/users',
      tokens.top,
      await editBody(created.uuid, { userOrganization: orgB }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      userOrganization: orgB,
      UserTargets: [],
      Organization: { organizationName: 'Toinen Taloyhtiö Oy' },
    });
    expect((await getAuth(token)).statusCode).toBe(401);
    const [contacts] = await ctx.database.db
      .select({ n: count() })
      .from(targetContactUsers)
      .where(eq(targetContactUsers.userId, created.uuid));
    expect(contacts?.n).toBe(0);
    const [entry] = await auditOf('user.update', created.uuid);
    expect(entry?.details).toEqual({ userOrganization: orgB, removedTargetIds: [targetId] });
    // Now organization A's administrator no longer sees the user.
    expect((await call('GET', `/api/user?uuid=${created.uuid}`, tokens.admin)).statusCode).toBe(
      404,
    );
  });

  it('answers 400 naming the field for bad input', async () => {
    const created = await createUser();
    const noUuid = await call('PATCH', '/api/users', tokens.admin, {
      ...(await editBody(created.uuid)),
      uuid: undefined,
    });
    expect(noUuid.statusCode).toBe(400);
    expect(noUuid.json().fields).toEqual({ uuid: 'Virheellinen arvo' });
    const badRole = await call(
      'PATCH',
      '/api/users',
      tokens.admin,
      await editBody(created.uuid, { userRoles: '', userPermissions: '' }),
    );
    expect(badRole.json().fields).toEqual({
      userRoles: 'Pakollinen kenttä',
      userPermissions: 'Pakollinen kenttä',
    });
  });
});

describe(`POST /api/change-user-password (${DRIVER})`, () => {
  const body = (userEmail: string, userPassword = 'Uusi-salasana-9') => ({
    userEmail,
    userPassword,
    confirmPassword: userPassword,
  });

  it('sets the password by e-mail in any case, signs the user out and logs it', async () => {
    const created = await createUser();
    const token = await login(ctx.app, created.userEmail, created.password);
    const res = await call(
      'POST',
      '/api/change-user-password',
      tokens.main,
      body(created.userEmail.toUpperCase()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Käyttäjän salasana vaihdettu' });
    expect((await getAuth(token)).statusCode).toBe(401);
    const fresh = await login(ctx.app, created.userEmail, 'Uusi-salasana-9');
    expect((await getAuth(fresh)).statusCode).toBe(200);
    const old = await call('POST', '/api/login', null, {
      userEmail: created.userEmail,
      userPassword: created.password,
    });
    expect(old.statusCode).toBe(401);
    const [entry] = await auditOf('user.password', created.uuid);
    expect(entry?.details).toEqual({ userEmail: created.userEmail });
    expect(JSON.stringify(entry)).not.toContain('Uusi-salasana-9');
  });

  it('answers 400 for bad input, 403 above the caller, 404 for another organization', async () => {
    const mismatch = await call('POST', '/api/change-user-password', tokens.admin, {
      ...body('tieto@demo.vahti.fi'),
      confirmPassword: 'Toinen-salasana-1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'Salasanat eivät täsmää' });
    const empty = await call('POST', '/api/change-user-password', tokens.admin, {});
    expect(empty.json().fields).toEqual({
      userEmail: 'Sähköposti on pakollinen tieto',
      userPassword: 'Salasana on pakollinen',
      confirmPassword: 'Pakollinen kenttä',
    });

    const paula = await userRow(await idOf('paayllapitaja@demo.vahti.fi'));
    const above = await call(
      'POST',
      '/api/change-user-password',
      tokens.admin,
      body('paayllapitaja@demo.vahti.fi'),
    );
    expect(above.statusCode).toBe(403);
    expect(
      (await call('POST', '/api/change-user-password', tokens.user, body('tieto@demo.vahti.fi')))
        .statusCode,
    ).toBe(403);
    expect(await userRow(paula?.userId ?? '')).toEqual(paula);

    const tuomas = await userRow(await idOf('yllapitaja@toinen.vahti.fi'));
    for (const email of ['yllapitaja@toinen.vahti.fi', 'ei.ketaan@demo.vahti.fi']) {
      const res = await call('POST', '/api/change-user-password', tokens.admin, body(email));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect(await userRow(tuomas?.userId ?? '')).toEqual(tuomas);
    expect((await getAuth(tokens.adminB)).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('shows the user changes to the top administrator', async () => {
    const res = await call('GET', `/api/audit-log?organizationId=${orgA}&pageSize=100`, tokens.top);
    expect(res.statusCode).toBe(200);
    const actions = new Set(res.json().auditLog.map((e: { action: string }) => e.action));
    for (const action of [
      'user.create',
      'user.update',
      'user.role',
      'user.state',
      'user.password',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(res.body).not.toMatch(/passwordHash|\$argon2/);
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.details}::text like '%assword%'`);
    expect(rows?.n).toBe(0);
  });
});
