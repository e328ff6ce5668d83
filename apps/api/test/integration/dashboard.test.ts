import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../../src/db/schema/index.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const counts = (client: Client, organizationId?: string) =>
  client.get(`/api/user-role-counts${organizationId ? `?organizationId=${organizationId}` : ''}`);

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
      organizationId: fx.orgA.id,
      targetName: 'Autotalli Arabianranta',
      targetAddress: 'Arabiankatu 1',
      targetZipCode: '00560',
      targetPostalDistrict: 'Helsinki',
      targetType: 'Autohalli',
      targetPropertyId: '091-023-0001-0001',
      targetJobNumber: 'TN-1099',
    });
    const res = await counts(as('Ylläpitäjä', 'A'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Käyttäjämäärät haettu',
      organization: {
        organizationId: fx.orgA.id,
        organizationName: fx.orgA.name,
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
    for (const ofB of [fx.orgB.name, fx.orgB.id]) expect(res.body).not.toContain(ofB);
  });

  it('counts organization B for its own administrator and for the top administrator', async () => {
    const expected = {
      organization: {
        organizationId: fx.orgB.id,
        organizationName: fx.orgB.name,
        roles: roles(4, 1, 1),
      },
      targets: [
        { targetId: expect.any(String), targetName: 'As Oy Hämeenpuisto', roles: roles(1, 1, 1) },
        { targetId: expect.any(String), targetName: 'Rivitalo Hervanta', roles: roles(2, 1, 0) },
        { targetId: expect.any(String), targetName: 'Toimitalo Ratina', roles: roles(1, 0, 0) },
      ],
    };
    expect((await counts(as('Ylläpitäjä', 'B'))).json()).toMatchObject(expected);
    expect((await counts(as('Pääylläpitäjä', 'A'), fx.orgB.id)).json()).toMatchObject(expected);
  });

  it('answers 404 for another organization or none, 403 to Käyttäjä, 400 for a bad id', async () => {
    for (const organizationId of [fx.orgB.id, randomUUID()]) {
      const res = await counts(as('Pääkäyttäjä', 'A'), organizationId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'Organisaatiota ei löytynyt',
        code: 'ORGANIZATION_NOT_FOUND',
      });
    }
    expect((await counts(as('Pääylläpitäjä', 'A'), randomUUID())).statusCode).toBe(404);
    const user = await counts(as('Käyttäjä', 'A'));
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('FORBIDDEN');
    const bad = await counts(as('Ylläpitäjä', 'A'), 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ organizationId: 'Virheellinen arvo' });
    const anonymous = await counts(as.anonymous);
    expect(anonymous.statusCode).toBe(401);
  });
});
