import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizationApplications, organizations } from '../../src/db/schema/index.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const organizationBody = (overrides: Record<string, unknown> = {}) => ({
  organizationBusinessId: '2345678-9',
  organizationContractNumber: 'SOP-2026-100',
  organizationName: `Uusi Organisaatio ${randomBytes(3).toString('hex')} Oy`,
  organizationAddress: 'Aleksanterinkatu 1',
  organizationZipCode: '00100',
  organizationPostalDistrict: 'Helsinki',
  organizationArea: 'Uusimaa',
  organizationState: 'Aktiivinen',
  organizationInformation: 'Testiorganisaatio',
  organizationApplications: [1, 3],
  ...overrides,
});

const countOrganizations = async () =>
  (await ctx.database.db.select({ n: count() }).from(organizations))[0]?.n ?? 0;

const auditOf = (entityId: string) =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe(`GET /api/organizations (${DRIVER})`, () => {
  it('gives the top administrator every organization by name, with applications', async () => {
    const res = await as('Pääylläpitäjä').get('/api/organizations');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Organisaatiot haettu');
    const names = body.organizations.map((o: { organizationName: string }) => o.organizationName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fi')));
    expect(names).toEqual(expect.arrayContaining([fx.orgA.name, fx.orgB.name]));
    const demo = body.organizations.find(
      (o: { organizationId: string }) => o.organizationId === fx.orgA.id,
    );
    expect(demo).toMatchObject({
      organizationBusinessId: '1234567-8',
      organizationZipCode: '00100',
      organizationState: 'Aktiivinen',
      organizationApplications: [1, 2, 3],
      OrganizationApplications: [
        { applicationId: 1, applicationName: 'Tehovahti' },
        { applicationId: 2, applicationName: 'Sisäilma' },
        { applicationId: 3, applicationName: 'Käyttäjät' },
      ],
    });
    expect(Date.parse(demo.createdAt)).not.toBeNaN();
  });

  it('gives any other administrator only their own organization', async () => {
    const res = await as('Ylläpitäjä', 'B').get('/api/organizations');
    expect(res.statusCode).toBe(200);
    expect(res.json().organizations).toEqual([
      expect.objectContaining({ organizationId: fx.orgB.id, organizationApplications: [2] }),
    ]);
    const main = await as('Pääkäyttäjä').get('/api/organizations');
    expect(
      main.json().organizations.map((o: { organizationId: string }) => o.organizationId),
    ).toEqual([fx.orgA.id]);
  });

  it('refuses a Käyttäjä', async () => {
    const res = await as('Käyttäjä').get('/api/organizations');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});

describe('POST /api/organization', () => {
  it('creates an organization with its applications and an audit entry', async () => {
    const body = organizationBody();
    const res = await as('Pääylläpitäjä').post('/api/organization', body);
    expect(res.statusCode, res.body).toBe(201);
    const { message, organization } = res.json();
    expect(message).toBe('Organisaatio luotu');
    expect(organization).toMatchObject({
      organizationName: body.organizationName,
      organizationBusinessId: '2345678-9',
      organizationState: 'Aktiivinen',
      organizationInformation: 'Testiorganisaatio',
      organizationDescription: null,
      organizationApplications: [1, 3],
      OrganizationApplications: [
        { applicationId: 1, applicationName: 'Tehovahti' },
        { applicationId: 3, applicationName: 'Käyttäjät' },
      ],
    });
    const [entry, ...more] = await auditOf(organization.organizationId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'organization.create',
      actorId: fx.seeded('A', 'Pääylläpitäjä').id,
      organizationId: organization.organizationId,
      details: expect.objectContaining({
        organizationName: body.organizationName,
        organizationApplications: [1, 3],
      }),
    });
  });

  it('is for the top administrator only: an Ylläpitäjä gets 403 and nothing is written', async () => {
    const before = await countOrganizations();
    for (const client of [
      as('Ylläpitäjä'),
      as('Ylläpitäjä', 'B'),
      as('Pääkäyttäjä'),
      as('Käyttäjä'),
    ]) {
      const res = await client.post('/api/organization', organizationBody());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        error: 'Sinulla ei ole oikeutta tähän toimintoon',
      });
    }
    expect(await countOrganizations()).toBe(before);
  });

  it('names the fields of bad input', async () => {
    const res = await as('Pääylläpitäjä').post(
      '/api/organization',
      organizationBody({
        organizationBusinessId: '12345678',
        organizationZipCode: '1234',
        organizationName: 'X',
        organizationContractNumber: '',
        organizationApplications: [],
        organizationState: undefined,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Tarkasta annetut tiedot',
      fields: {
        organizationBusinessId: 'Y-tunnuksessa pitää olla 9 merkkiä',
        organizationZipCode: 'Postinumerossa pitää olla 5 numeroa',
        organizationName: 'Nimessä pitää olla vähintään 2 merkkiä',
        organizationContractNumber: 'Sopimusnumero on pakollinen tieto',
        organizationApplications: 'Pakollinen kenttä',
        organizationState: 'Pakollinen kenttä',
      },
    });
  });

  it('refuses an application that is not in the catalogue, writing nothing', async () => {
    const before = await countOrganizations();
    const res = await as('Pääylläpitäjä').post(
      '/api/organization',
      organizationBody({ organizationApplications: [1, 99] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { organizationApplications: 'Virheellinen arvo' },
    });
    expect(await countOrganizations()).toBe(before);
  });
});

describe('PATCH /api/organization', () => {
  async function created(overrides: Record<string, unknown> = {}) {
    const res = await as('Pääylläpitäjä').post('/api/organization', organizationBody(overrides));
    return res.json().organization as { organizationId: string; organizationName: string };
  }

  it('saves the fields, replaces the applications and logs what changed', async () => {
    const org = await created();
    const body = organizationBody({
      organizationId: org.organizationId,
      organizationName: org.organizationName,
      organizationArea: 'Pirkanmaa',
      organizationApplications: [2],
      organizationInformation: null,
    });
    const res = await as('Pääylläpitäjä').patch('/api/organization', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Organisaation tiedot tallennettu',
      organization: {
        organizationId: org.organizationId,
        organizationArea: 'Pirkanmaa',
        organizationInformation: null,
        organizationApplications: [2],
        OrganizationApplications: [{ applicationId: 2, applicationName: 'Sisäilma' }],
      },
    });
    const granted = await ctx.database.db
      .select()
      .from(organizationApplications)
      .where(eq(organizationApplications.organizationId, org.organizationId));
    expect(granted.map((row) => row.applicationId)).toEqual([2]);
    const update = (await auditOf(org.organizationId)).find(
      (entry) => entry.action === 'organization.update',
    );
    expect(update?.details).toEqual({
      organizationArea: 'Pirkanmaa',
      organizationApplications: [2],
      organizationInformation: null,
    });
  });

  it('keeps information and description when they are left out', async () => {
    const org = await created({ organizationDescription: 'Kuvaus' });
    // organizationBody() has no description: both are left out.
    const { organizationInformation: _, ...rest } = organizationBody({
      organizationId: org.organizationId,
    });
    const res = await as('Pääylläpitäjä').patch('/api/organization', rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization).toMatchObject({
      organizationInformation: 'Testiorganisaatio',
      organizationDescription: 'Kuvaus',
    });
  });

  it('answers 404 for an unknown organization and 403 to anyone but the top administrator', async () => {
    const missing = await as('Pääylläpitäjä').patch(
      '/api/organization',
      organizationBody({ organizationId: fx.missing }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'ORGANIZATION_NOT_FOUND',
      error: 'Organisaatiota ei löytynyt',
    });
    const own = await as('Ylläpitäjä').patch(
      '/api/organization',
      organizationBody({ organizationId: fx.orgA.id, organizationName: 'Kaapattu Oy' }),
    );
    expect(own.statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select({ name: organizations.organizationName })
      .from(organizations)
      .where(eq(organizations.organizationId, fx.orgA.id));
    expect(row?.name).toBe(fx.orgA.name);
  });

  it('will not let the top administrator passivate their own organization', async () => {
    const res = await as('Pääylläpitäjä').patch(
      '/api/organization',
      organizationBody({
        organizationId: fx.orgA.id,
        organizationName: fx.orgA.name,
        organizationState: 'Passiivinen',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OWN_ACCOUNT_LOCKED');
    const [row] = await ctx.database.db
      .select({ state: organizations.organizationState })
      .from(organizations)
      .where(eq(organizations.organizationId, fx.orgA.id));
    expect(row?.state).toBe('Aktiivinen');
  });

  it('Passiivinen stops its users from signing in and ends their sessions', async () => {
    // A new organization with a target, and a user who registers with a code made through the API.
    const org = await created({ organizationApplications: [1] });
    const target = await fx.create.target(org.organizationId);
    const codeRes = await as('Pääylläpitäjä').post('/api/registration-codes', {
      organizationId: org.organizationId,
      targetIds: [target],
    });
    expect(codeRes.statusCode, codeRes.body).toBe(201);
    const email = `asukas.${randomBytes(3).toString('hex')}@uusi.example.fi`;
    const registered = await as.anonymous.post('/api/register-user', {
      userEmail: email,
      userCode: codeRes.json().code,
      userPassword: 'Asukas-salasana-1',
      userFirstName: 'Aino',
      userLastName: 'Asukas',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const userToken = await as.signIn(email, 'Asukas-salasana-1');

    const passive = organizationBody({
      organizationId: org.organizationId,
      organizationName: org.organizationName,
      organizationState: 'Passiivinen',
    });
    expect((await as('Pääylläpitäjä').patch('/api/organization', passive)).statusCode).toBe(200);

    const signIn = await as.anonymous.post('/api/login', {
      userEmail: email,
      userPassword: 'Asukas-salasana-1',
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('ACCOUNT_INACTIVE');
    const session = await as.withToken(userToken).get('/api/auth');
    expect(session.statusCode).toBe(401);

    const active = { ...passive, organizationState: 'Aktiivinen' };
    expect((await as('Pääylläpitäjä').patch('/api/organization', active)).statusCode).toBe(200);
    await as.signIn(email, 'Asukas-salasana-1');
  });
});

describe('GET /api/applications and /api/organization-applications', () => {
  it('gives the top administrator the catalogue and others their organization’s', async () => {
    const top = await as('Pääylläpitäjä').get('/api/applications');
    expect(top.statusCode).toBe(200);
    expect(top.json()).toEqual({
      message: 'Sovellukset haettu',
      applications: [
        { applicationId: 1, applicationName: 'Tehovahti' },
        { applicationId: 2, applicationName: 'Sisäilma' },
        { applicationId: 3, applicationName: 'Käyttäjät' },
      ],
    });
    const b = await as('Ylläpitäjä', 'B').get('/api/applications');
    expect(b.json().applications).toEqual([{ applicationId: 2, applicationName: 'Sisäilma' }]);
    expect((await as('Käyttäjä').get('/api/applications')).statusCode).toBe(403);
  });

  it('lists an organization’s applications within scope', async () => {
    const url = (id: string) => `/api/organization-applications?organizationId=${id}`;
    const own = await as('Ylläpitäjä').get(url(fx.orgA.id));
    expect(own.statusCode).toBe(200);
    expect(own.json().applications.map((a: { applicationId: number }) => a.applicationId)).toEqual([
      1, 2, 3,
    ]);
    const foreign = await as('Ylläpitäjä').get(url(fx.orgB.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORGANIZATION_NOT_FOUND');
    const topForeign = await as('Pääylläpitäjä').get(url(fx.orgB.id));
    expect(topForeign.json().applications).toEqual([
      { applicationId: 2, applicationName: 'Sisäilma' },
    ]);
    expect((await as('Pääylläpitäjä').get(url(fx.missing))).statusCode).toBe(404);
    const bad = await as('Pääylläpitäjä').get(url('ei-uuid'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ organizationId: 'Virheellinen arvo' });
  });
});
