import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, targets } from '../../src/db/schema/index.js';
import { bearer, createTestApp, DRIVER, login, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const orgs = await ctx.database.db
    .select({ id: organizations.organizationId, name: organizations.organizationName })
    .from(organizations);
  orgA = orgs.find((o) => o.name === 'Demo Kiinteistöt Oy')?.id ?? '';
  orgB = orgs.find((o) => o.name === 'Toinen Taloyhtiö Oy')?.id ?? '';
});
afterAll(() => ctx.close());

const counts = async (email: string, organizationId?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/user-role-counts${organizationId ? `?organizationId=${organizationId}` : ''}`,
    headers: bearer(await login(ctx.app, email)),
  });

const roles = (Käyttäjä: number, Pääkäyttäjä: number, Ylläpitäjä: number, Pääylläpitäjä = 0) => ({
  Käyttäjä,
  Pääkäyttäjä,
  Ylläpitäjä,
  Pääylläpitäjä,
});

describe(`GET /api/user-role-counts (${DRIVER})`, () => {
  it("counts the own organization's users by role, and per target by name", async () => {
    // A target nobody is linked to shows zeros.
    await ctx.database.db.insert(targets).values({
      organizationId: orgA,
      targetName: 'Autotalli Arabianranta',
      targetAddress: 'Arabiankatu 1',
      targetZipCode: '00560',
      targetPostalDistrict: 'Helsinki',
      targetType: 'Autohalli',
      targetPropertyId: '091-023-0001-0001',
      targetJobNumber: 'TN-1099',
    });
    const res = await counts('yllapitaja@demo.vahti.fi');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Käyttäjämäärät haettu',
      organization: {
        organizationId: orgA,
        organizationName: 'Demo Kiinteistöt Oy',
        // Olli Lehtonen is Passiivinen and still counts.
        roles: roles(12, 3, 1, 1),
      },
      targets: [
        { targetId: expect.any(String), targetName: 'As Oy Kivikko', roles: roles(5, 1, 1, 1) },
        {
          targetId: expect.any(String),
          targetName: 'Autotalli Arabianranta',
          roles: roles(0, 0, 0),
        },
        {
          targetId: expect.any(String),
          targetName: 'Rivitalo Haukilahti',
          roles: roles(2, 1, 1, 1),
        },
        {
          targetId: expect.any(String),
          targetName: 'Toimitalo Tikkurila',
          roles: roles(1, 1, 1, 1),
        },
        { targetId: expect.any(String), targetName: 'Tornitalo Tapiola', roles: roles(2, 1, 0) },
        { targetId: expect.any(String), targetName: 'Vuokratalo Vallila', roles: roles(2, 1, 0) },
      ],
    });
    expect(res.body).not.toContain('Toinen');
  });

  it('counts organization B for its own administrator and for the top administrator', async () => {
    const expected = {
      organization: {
        organizationId: orgB,
        organizationName: 'Toinen Taloyhtiö Oy',
        roles: roles(4, 1, 1),
      },
      targets: [
        { targetId: expect.any(String), targetName: 'As Oy Hämeenpuisto', roles: roles(1, 1, 1) },
        { targetId: expect.any(String), targetName: 'Rivitalo Hervanta', roles: roles(2, 1, 0) },
        { targetId: expect.any(String), targetName: 'Toimitalo Ratina', roles: roles(1, 0, 0) },
      ],
    };
    expect((await counts('yllapitaja@toinen.vahti.fi')).json()).toMatchObject(expected);
    expect((await counts('paayllapitaja@demo.vahti.fi', orgB)).json()).toMatchObject(expected);
  });

  it('answers 404 for another organization or none, 403 to Käyttäjä, 400 for a bad id', async () => {
    for (const organizationId of [orgB, randomUUID()]) {
      const res = await counts('paakayttaja@demo.vahti.fi', organizationId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'Organisaatiota ei löytynyt',
        code: 'ORGANIZATION_NOT_FOUND',
      });
    }
    expect((await counts('paayllapitaja@demo.vahti.fi', randomUUID())).statusCode).toBe(404);
    const user = await counts('kayttaja@demo.vahti.fi');
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('FORBIDDEN');
    const bad = await counts('yllapitaja@demo.vahti.fi', 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ organizationId: 'Virheellinen arvo' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/user-role-counts' });
    expect(anonymous.statusCode).toBe(401);
  });
});
