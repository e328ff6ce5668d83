import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  targetContactUsers,
  targets,
  users,
  userTargets,
} from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import { userEditBody } from '../helpers/bodies.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const getAuth = (caller: Client | string) =>
  (typeof caller === 'string' ? as.withToken(caller) : caller).get('/api/auth');

const PASSWORD = 'Hallinta-testi-1';
const newEmail = (name = 'uusi', domain = fx.orgA.emailDomain) =>
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
async function createUser(overrides: Record<string, unknown> = {}, client?: Client) {
  const body = userBody(overrides);
  const res = await (client ?? as('Ylläpitäjä')).post('/api/register', body);
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
  return userEditBody(
    (await as('Pääylläpitäjä').get(`/api/user?uuid=${uuid}`)).json().user,
    changes,
  );
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
    const res = await as('Ylläpitäjä').post('/api/register', body);
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
      userOrganization: fx.orgA.id,
      userPermissions: '1,2',
      userInformation: 'Muutti keväällä',
      userDescription: null,
      UserTargets: [],
      Organization: { organizationId: fx.orgA.id, organizationName: fx.orgA.name },
    });
    expect(user.uuid).toBe(user.userId);
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(user).not.toHaveProperty('passwordHash');

    const stored = await userRow(user.uuid);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const token = await as.signIn(body.userEmail.toUpperCase(), PASSWORD);
    expect((await getAuth(token)).statusCode).toBe(200);

    const [entry] = await auditOf('user.create', user.uuid);
    expect(entry).toMatchObject({
      organizationId: fx.orgA.id,
      actorEmail: fx.seeded('A', 'Ylläpitäjä').email,
    });
    expect(entry?.details).toMatchObject({ userEmail: body.userEmail, userRoles: 'Käyttäjä' });
    expect(JSON.stringify(entry?.details)).not.toContain(PASSWORD);
  });

  it('lets the top administrator create a user in organization B, and only in a named one', async () => {
    const created = await createUser(
      {
        userEmail: newEmail('b', fx.orgB.emailDomain),
        userOrganization: fx.orgB.id,
        userRoles: 'Ylläpitäjä',
      },
      as('Pääylläpitäjä'),
    );
    expect(created).toMatchObject({
      userOrganization: fx.orgB.id,
      userRoles: 'Ylläpitäjä',
      Organization: { organizationName: fx.orgB.name },
    });
    const top = await createUser(
      { userRoles: 'Pääylläpitäjä', userOrganization: fx.orgA.id },
      as('Pääylläpitäjä'),
    );
    expect(top.userRoles).toBe('Pääylläpitäjä');

    const before = await countUsers();
    const unnamed = await as('Pääylläpitäjä').post('/api/register', userBody());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { userOrganization: 'Pakollinen kenttä' },
    });
    const unknown = await as('Pääylläpitäjä').post(
      '/api/register',
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
      const res = await as('Ylläpitäjä').post('/api/register', userBody(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields[field], field).toBe(text);
    }
    expect(await countUsers()).toBe(before);
  });

  it('answers 403 to roles without the function and to roles above the caller, creating nothing', async () => {
    const before = await countUsers();
    const forbidden: Array<[Client, Record<string, unknown>]> = [
      [as('Käyttäjä'), {}],
      [as('Pääkäyttäjä'), { userRoles: 'Ylläpitäjä' }],
      [as('Ylläpitäjä'), { userRoles: 'Pääylläpitäjä' }],
      [as('Ylläpitäjä', 'B'), { userRoles: 'Pääylläpitäjä' }],
      // Naming another organization than the own one.
      [as('Ylläpitäjä'), { userOrganization: fx.orgB.id }],
      [as('Pääkäyttäjä'), { userOrganization: fx.orgB.id }],
      [
        as('Ylläpitäjä', 'B'),
        { userOrganization: fx.orgA.id, userEmail: newEmail('x', fx.orgB.emailDomain) },
      ],
      [as('Ylläpitäjä'), { userOrganization: randomUUID() }],
    ];
    for (const [client, override] of forbidden) {
      const res = await client.post('/api/register', userBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(403);
      expect(res.json()).toEqual({
        error: 'Sinulla ei ole oikeutta tähän toimintoon',
        code: 'FORBIDDEN',
      });
    }
    expect(await countUsers()).toBe(before);
    // What they may do: a Pääkäyttäjä creates a Pääkäyttäjä, naming the own organization.
    const peer = await createUser(
      { userRoles: 'Pääkäyttäjä', userOrganization: fx.orgA.id },
      as('Pääkäyttäjä'),
    );
    expect(peer.userRoles).toBe('Pääkäyttäjä');
    expect((await as.anonymous.post('/api/register', userBody())).statusCode).toBe(401);
  });

  it('answers 409 EMAIL_TAKEN for an address in use, in any letter case and organization', async () => {
    for (const email of [`KAYTTAJA@${fx.orgA.emailDomain}`, fx.seeded('A', 'Ylläpitäjä').email]) {
      const res = await as('Ylläpitäjä').post('/api/register', userBody({ userEmail: email }));
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
    const res = await as('Ylläpitäjä').get('/api/users');
    expect(res.statusCode).toBe(200);
    const { message, users: list } = res.json();
    expect(message).toBe('Käyttäjät haettu');
    expect(list.every((u: { userOrganization: string }) => u.userOrganization === fx.orgA.id)).toBe(
      true,
    );
    expect(res.body).not.toContain(fx.orgB.emailDomain);
    const lastNames = list.map((u: { userLastName: string }) => u.userLastName);
    const order = ['Aaltonen', 'Heikkinen', 'Kallio', 'Virtanen'].map((n) => lastNames.indexOf(n));
    expect(order.every((i: number) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const kalle = list.find(
      (u: { userEmail: string }) => u.userEmail === fx.seeded('A', 'Käyttäjä').email,
    );
    const [kivikko] = await ctx.database.db
      .select({ id: targets.targetId })
      .from(targets)
      .where(eq(targets.targetName, 'As Oy Kivikko'));
    expect(kalle).toMatchObject({
      userRoles: 'Käyttäjä',
      userPermissions: '1,2',
      UserTargets: [{ targetId: kivikko?.id }],
      Organization: { organizationId: fx.orgA.id, organizationName: fx.orgA.name },
    });
    const paula = list.find((u: { userEmail: string }) => u.userEmail.startsWith('paayllapitaja'));
    expect(paula.UserTargets).toHaveLength(3);
  });

  it('lists every organization to the top administrator, only B to B', async () => {
    const all = (await as('Pääylläpitäjä').get('/api/users')).json().users;
    const orgsSeen = new Set(all.map((u: { userOrganization: string }) => u.userOrganization));
    expect(orgsSeen).toEqual(new Set([fx.orgA.id, fx.orgB.id]));
    const [total] = await ctx.database.db.select({ n: count() }).from(users);
    expect(all).toHaveLength(total?.n ?? -1);

    const b = await as('Ylläpitäjä', 'B').get('/api/users');
    expect(b.statusCode).toBe(200);
    expect(b.json().users.length).toBeGreaterThanOrEqual(6);
    expect(b.body).not.toContain(fx.orgA.emailDomain);
    expect(b.body).not.toContain(fx.orgA.name);
    expect(b.body).not.toContain(fx.orgA.id);

    expect((await as('Käyttäjä').get('/api/users')).statusCode).toBe(403);
    expect((await as.anonymous.get('/api/users')).statusCode).toBe(401);
  });

  it('lists one organization: own or, for the top administrator, any; else 404', async () => {
    const own = await as('Pääkäyttäjä').get(`/api/organization-users?organizationId=${fx.orgA.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().users.length).toBeGreaterThan(10);
    const top = await as('Pääylläpitäjä').get(
      `/api/organization-users?organizationId=${fx.orgB.id}`,
    );
    expect(
      top
        .json()
        .users.every((u: { userOrganization: string }) => u.userOrganization === fx.orgB.id),
    ).toBe(true);

    for (const organizationId of [fx.orgB.id, randomUUID()]) {
      const res = await as('Ylläpitäjä').get(
        `/api/organization-users?organizationId=${organizationId}`,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ORGANIZATION_NOT_FOUND');
    }
    const bad = await as('Ylläpitäjä').get('/api/organization-users?organizationId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ organizationId: 'Virheellinen arvo' });
  });

  it('gets one user by uuid; another organization or none is 404 USER_NOT_FOUND', async () => {
    const kalle = await idOf(fx.seeded('A', 'Käyttäjä').email);
    const res = await as('Ylläpitäjä').get(`/api/user?uuid=${kalle}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Käyttäjä haettu',
      user: { uuid: kalle, userEmail: fx.seeded('A', 'Käyttäjä').email },
    });
    const tuomas = await idOf(fx.seeded('B', 'Ylläpitäjä').email);
    for (const uuid of [tuomas, randomUUID()]) {
      const miss = await as('Ylläpitäjä').get(`/api/user?uuid=${uuid}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json()).toEqual({ error: 'Käyttäjää ei löytynyt', code: 'USER_NOT_FOUND' });
    }
    expect((await as('Pääylläpitäjä').get(`/api/user?uuid=${tuomas}`)).statusCode).toBe(200);
    const none = await as('Ylläpitäjä').get('/api/user');
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ uuid: 'Virheellinen arvo' });
  });
});

describe(`PATCH /api/users (${DRIVER})`, () => {
  it('saves the edit, logs the changed fields and keeps the session when access is unchanged', async () => {
    const created = await createUser();
    const token = await as.signIn(created.userEmail, created.password);
    const res = await as('Ylläpitäjä').patch(
      '/api/users',
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

    const cleared = await as('Ylläpitäjä').patch(
      '/api/users',
      await editBody(created.uuid, { userInformation: null }),
    );
    expect(cleared.json().user.userInformation).toBeNull();
  });

  it('revokes the tokens on a role or permission change and logs user.role', async () => {
    const created = await createUser();
    const token = await as.signIn(created.userEmail, created.password);
    const res = await as('Pääkäyttäjä').patch(
      '/api/users',
      await editBody(created.uuid, { userRoles: 'Pääkäyttäjä' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await getAuth(token)).statusCode).toBe(401);
    const [role] = await auditOf('user.role', created.uuid);
    expect(role?.details).toEqual({ from: 'Käyttäjä', to: 'Pääkäyttäjä' });

    const again = await as.signIn(created.userEmail, created.password);
    await as('Ylläpitäjä').patch(
      '/api/users',
      await editBody(created.uuid, { userPermissions: '1' }),
    );
    expect((await getAuth(again)).statusCode).toBe(401);
  });

  it('passivates: the old token is refused and the user cannot sign in (ACCOUNT_INACTIVE)', async () => {
    const created = await createUser();
    const token = await as.signIn(created.userEmail, created.password);
    const res = await as('Ylläpitäjä').patch(
      '/api/users',
      await editBody(created.uuid, { userState: 'Passiivinen' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userState).toBe('Passiivinen');
    expect((await getAuth(token)).statusCode).toBe(401);
    const signIn = await as.anonymous.post('/api/login', {
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
    const paula = await idOf(fx.seeded('A', 'Pääylläpitäjä').email);
    const ylermi = await idOf(fx.seeded('A', 'Ylläpitäjä').email);
    const cases: Array<[Client, string, Record<string, unknown>]> = [
      [as('Käyttäjä'), created.uuid, { userFirstName: 'Ei' }],
      [as('Pääkäyttäjä'), created.uuid, { userRoles: 'Ylläpitäjä' }],
      [as('Ylläpitäjä'), created.uuid, { userRoles: 'Pääylläpitäjä' }],
      [as('Ylläpitäjä'), paula, { userFirstName: 'Ei' }],
      [as('Pääkäyttäjä'), ylermi, { userFirstName: 'Ei' }],
      [as('Ylläpitäjä'), created.uuid, { userOrganization: fx.orgB.id }],
    ];
    for (const [client, uuid, changes] of cases) {
      const before = await userRow(uuid);
      const res = await client.patch('/api/users', await editBody(uuid, changes));
      expect(res.statusCode, JSON.stringify(changes)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(await userRow(uuid)).toEqual(before);
    }
  });

  it("answers 404 for another organization's user or none, changing nothing", async () => {
    const tuomas = await idOf(fx.seeded('B', 'Ylläpitäjä').email);
    const before = await userRow(tuomas);
    for (const uuid of [tuomas, randomUUID()]) {
      const body = { ...(await editBody(tuomas, { userFirstName: 'Ei' })), uuid };
      const res = await as('Ylläpitäjä').patch('/api/users', body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect(await userRow(tuomas)).toEqual(before);
    const unknownOrg = await as('Pääylläpitäjä').patch(
      '/api/users',
      await editBody(tuomas, { userOrganization: randomUUID() }),
    );
    expect(unknownOrg.statusCode).toBe(404);
    expect(unknownOrg.json().code).toBe('ORGANIZATION_NOT_FOUND');
    expect(await userRow(tuomas)).toEqual(before);
  });

  it('locks the own role, state and organization (400 OWN_ACCOUNT_LOCKED), not other own fields', async () => {
    const ylermi = await idOf(fx.seeded('A', 'Ylläpitäjä').email);
    const before = await userRow(ylermi);
    for (const changes of [{ userRoles: 'Pääkäyttäjä' }, { userState: 'Passiivinen' }] as Record<
      string,
      unknown
    >[]) {
      const res = await as('Ylläpitäjä').patch('/api/users', await editBody(ylermi, changes));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'OWN_ACCOUNT_LOCKED',
        error: 'Omaa rooliasi, tilaasi tai organisaatiotasi ei voi muuttaa täällä',
      });
    }
    const paula = await idOf(fx.seeded('A', 'Pääylläpitäjä').email);
    const move = await as('Pääylläpitäjä').patch(
      '/api/users',
      await editBody(paula, { userOrganization: fx.orgB.id }),
    );
    expect(move.statusCode).toBe(400);
    expect(move.json().fields).toEqual({
      userOrganization: 'Omaa rooliasi, tilaasi tai organisaatiotasi ei voi muuttaa täällä',
    });
    expect(await userRow(ylermi)).toEqual(before);

    const own = await as('Ylläpitäjä').patch(
      '/api/users',
      await editBody(ylermi, { userPhoneNumber: '+358 40 999 0000' }),
    );
    expect(own.statusCode).toBe(200);
    expect((await getAuth(as('Ylläpitäjä'))).statusCode).toBe(200);
  });

  it('answers 409 EMAIL_TAKEN for an address of another user, accepts a new letter case', async () => {
    const created = await createUser();
    const taken = await as('Ylläpitäjä').patch(
      '/api/users',
      await editBody(created.uuid, { userEmail: 'Tieto@Demo.Vahti.fi' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ userEmail: 'Sähköpostiosoite on jo käytössä' });
    const upper = created.userEmail.toUpperCase();
    const res = await as('Ylläpitäjä').patch(
      '/api/users',
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
    const token = await as.signIn(created.userEmail, created.password);

    const res = await as('Pääylläpitäjä').patch(
      '/api/users',
      await editBody(created.uuid, { userOrganization: fx.orgB.id }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      userOrganization: fx.orgB.id,
      UserTargets: [],
      Organization: { organizationName: fx.orgB.name },
    });
    expect((await getAuth(token)).statusCode).toBe(401);
    const [contacts] = await ctx.database.db
      .select({ n: count() })
      .from(targetContactUsers)
      .where(eq(targetContactUsers.userId, created.uuid));
    expect(contacts?.n).toBe(0);
    const [entry] = await auditOf('user.update', created.uuid);
    expect(entry?.details).toEqual({ userOrganization: fx.orgB.id, removedTargetIds: [targetId] });
    // Now organization A's administrator no longer sees the user.
    expect((await as('Ylläpitäjä').get(`/api/user?uuid=${created.uuid}`)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input', async () => {
    const created = await createUser();
    const noUuid = await as('Ylläpitäjä').patch('/api/users', {
      ...(await editBody(created.uuid)),
      uuid: undefined,
    });
    expect(noUuid.statusCode).toBe(400);
    expect(noUuid.json().fields).toEqual({ uuid: 'Virheellinen arvo' });
    const badRole = await as('Ylläpitäjä').patch(
      '/api/users',
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
    const token = await as.signIn(created.userEmail, created.password);
    const res = await as('Pääkäyttäjä').post(
      '/api/change-user-password',
      body(created.userEmail.toUpperCase()),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Käyttäjän salasana vaihdettu' });
    expect((await getAuth(token)).statusCode).toBe(401);
    const fresh = await as.signIn(created.userEmail, 'Uusi-salasana-9');
    expect((await getAuth(fresh)).statusCode).toBe(200);
    const old = await as.anonymous.post('/api/login', {
      userEmail: created.userEmail,
      userPassword: created.password,
    });
    expect(old.statusCode).toBe(401);
    const [entry] = await auditOf('user.password', created.uuid);
    expect(entry?.details).toEqual({ userEmail: created.userEmail });
    expect(JSON.stringify(entry)).not.toContain('Uusi-salasana-9');
  });

  it('answers 400 for bad input, 403 above the caller, 404 for another organization', async () => {
    const mismatch = await as('Ylläpitäjä').post('/api/change-user-password', {
      ...body(fx.seeded('A', 'Käyttäjä', [1]).email),
      confirmPassword: 'Toinen-salasana-1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'Salasanat eivät täsmää' });
    const empty = await as('Ylläpitäjä').post('/api/change-user-password', {});
    expect(empty.json().fields).toEqual({
      userEmail: 'Sähköposti on pakollinen tieto',
      userPassword: 'Salasana on pakollinen',
      confirmPassword: 'Pakollinen kenttä',
    });

    const paula = await userRow(await idOf(fx.seeded('A', 'Pääylläpitäjä').email));
    const above = await as('Ylläpitäjä').post(
      '/api/change-user-password',
      body(fx.seeded('A', 'Pääylläpitäjä').email),
    );
    expect(above.statusCode).toBe(403);
    expect(
      (
        await as('Käyttäjä').post(
          '/api/change-user-password',
          body(fx.seeded('A', 'Käyttäjä', [1]).email),
        )
      ).statusCode,
    ).toBe(403);
    expect(await userRow(paula?.userId ?? '')).toEqual(paula);

    const tuomas = await userRow(await idOf(fx.seeded('B', 'Ylläpitäjä').email));
    for (const email of [fx.seeded('B', 'Ylläpitäjä').email, `ei.ketaan@${fx.orgA.emailDomain}`]) {
      const res = await as('Ylläpitäjä').post('/api/change-user-password', body(email));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    expect(await userRow(tuomas?.userId ?? '')).toEqual(tuomas);
    expect((await getAuth(as('Ylläpitäjä', 'B'))).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('shows the user changes to the top administrator', async () => {
    const res = await as('Pääylläpitäjä').get(
      `/api/audit-log?organizationId=${fx.orgA.id}&pageSize=100`,
    );
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
      // No key that names a password (a sign-in's method 'password' is a value, not a secret).
      .where(sql`${auditLog.details}::text ~* '"[a-z]*password[a-z]*"\s*:'`);
    expect(rows?.n).toBe(0);
  });
});
