import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Actor, can, type Role, roleRank } from '@vahti/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, type Method, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import {
  chirpStackProfile,
  FAKE_API_KEY,
  FAKE_TENANT_ID,
  type FakeChirpStack,
  startFakeChirpStack,
} from '../helpers/fake-chirpstack.js';
import type { FixtureOrg, Fixtures, OrgKey } from '../helpers/fixtures.js';
import { COUNTS_DIR_ENV } from './counts.js';
import type { Access, Build, Entry, Matrix, MatrixCaller, Req } from './matrix.js';
import { collectTenantMarkers } from './tenant-data.js';

/** Every role of organization A, and a Käyttäjä and an Ylläpitäjä of organization B. */
const CALLERS: { role: Role; org: OrgKey }[] = [
  { role: 'Käyttäjä', org: 'A' },
  { role: 'Pääkäyttäjä', org: 'A' },
  { role: 'Ylläpitäjä', org: 'A' },
  { role: 'Pääylläpitäjä', org: 'A' },
  { role: 'Käyttäjä', org: 'B' },
  { role: 'Ylläpitäjä', org: 'B' },
];

/** An app as the matrix runs on, with a built web app so the static route is as in production. */
let chirpStack: FakeChirpStack | undefined;
let profileCount = 0;

/** The matrix app, its network server a stand-in ChirpStack (device profiles, types from them). */
export const startMatrixApp = async () => {
  // One stand-in for every app of the worker (coverage.test.ts starts one of its own).
  if (!chirpStack) {
    chirpStack = await startFakeChirpStack();
    chirpStack.profiles = [chirpStackProfile(1)];
  }
  return startApiTest({
    env: {
      WEB_DIR: new URL('../fixtures/web', import.meta.url).pathname,
      DEVICE_NETWORK_URL: chirpStack.url,
      DEVICE_NETWORK_API_KEY: FAKE_API_KEY,
      DEVICE_NETWORK_TENANT_ID: FAKE_TENANT_ID,
      // The single sign-on test route reads a test provider's discovery on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: '1',
    },
  });
};

/** A new device profile of the stand-in ChirpStack with one measurement: its id. */
export function freshChirpStackProfile(): string {
  if (!chirpStack) throw new Error('matrix: the app is not started');
  profileCount += 1;
  const profile = {
    ...chirpStackProfile(5000 + profileCount),
    measurements: { co2: { name: `CO2 ${profileCount}`, kind: 'GAUGE' } },
  };
  chirpStack.profiles.push(profile);
  return profile.id;
}

let workerApp: ReturnType<typeof startMatrixApp> | undefined;

/**
 * The app the matrix files run on: one per worker, shared by every matrix file the worker runs (the api project
 * keeps modules between files, see vitest.config.ts): a file's start-up was most of its time.
 * Each file reads the other organization's records afresh before its calls, so what earlier
 * files created is watched too. No file closes it; the worker's exit ends it, and the run's
 * teardown drops its PostgreSQL database (database-image.ts).
 */
export const matrixApp = () => (workerApp ??= startMatrixApp());

/** Whether the caller holds the function of the route at all (else 403), by the domain policy. */
export function allowed(access: Access, actor: Actor): boolean {
  if (access === 'public' || access === 'signedIn') return true;
  if (access === 'topAdmin') return can(actor, { do: 'crossOrganizations' });
  return (
    can(actor, { do: 'openSection', section: access.section }) &&
    roleRank(actor.userRoles) >= roleRank(access.minRole)
  );
}

/**
 * Runs one module's part of the tenant-isolation matrix in its own app and database. Each entry
 * is called by anonymous callers and by every caller above; a route that names a record is
 * called about a record of the caller's organization, of the other one and about a missing id.
 * Expected: 401 anonymous, 403 for a caller the policy refuses, 404 for a foreign or missing id,
 * and no response to one organization carrying an id or a distinctive value of any record of
 * the other (read from the database before the run, see tenant-data.ts).
 */
export function runMatrix(name: string, matrix: Matrix): void {
  let ctx: TestContext;
  let fx: Fixtures;
  let as: Actors;
  const actors = new Map<string, Actor>();
  let markers: Map<string, string[]>;
  let calls = 0;

  beforeAll(async () => {
    ({ ctx, fx, as } = await matrixApp());
    for (const { role, org } of CALLERS) {
      const user = await fx.user(org, role);
      actors.set(`${role} ${org}`, {
        userRoles: user.role,
        userPermissions: user.permissions,
        organizationId: user.organizationId,
      });
      await as.token(role, org);
    }
    // One record of each kind the fixtures make, in both organizations, so that the texts every
    // fixture record shares are seen in both and never taken for the other's data.
    for (const org of [fx.orgA, fx.orgB]) {
      await fx.create.link(await fx.create.user(org.id), await fx.create.target(org.id));
    }
    markers = await collectTenantMarkers(ctx.database.db, [fx.orgA.id, fx.orgB.id]);
  });
  afterAll(async () => {
    const routes = Object.keys(matrix).length;
    console.info(`isolation matrix, ${name}: ${routes} routes, ${calls} calls checked`);
    const dir = process.env[COUNTS_DIR_ENV];
    if (dir) writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ routes, calls }));
  });

  const entries = Object.entries(matrix).map(([key, entry]) => {
    const [method = '', url = ''] = key.split(' ');
    return { key, method: method as Method, url, entry };
  });

  async function call(method: Method, build: Build | Req, role?: Role, org?: OrgKey) {
    const req = typeof build === 'function' ? await build(fx) : build;
    calls += 1;
    const client = role ? as(role, org) : as.anonymous;
    return client.send(method, req.url, req.body, req.headers && { headers: req.headers });
  }
  const forged = async (method: Method, build: Build) => {
    const req = await build(fx);
    calls += 1;
    return as
      .withToken('x.y.z')
      .send(method, req.url, req.body, req.headers && { headers: req.headers });
  };

  /** The entry's plain request: its own builder, its own-id request, or the bare URL. */
  const plainRequest = (url: string, entry: Entry, org: FixtureOrg, caller?: MatrixCaller): Build =>
    entry.request ?? (entry.ids ? (f) => entry.ids?.of(f, org, caller) as Req : () => ({ url }));

  /** Nothing of the other organization's records in what the caller got back. */
  function expectNoForeignData(actor: Actor, res: LightMyRequestResponse, what: string) {
    if (can(actor, { do: 'crossOrganizations' })) return;
    const other = actor.organizationId === fx.orgA.id ? fx.orgB : fx.orgA;
    for (const marker of markers.get(other.id) ?? []) {
      if (res.body.includes(marker)) {
        expect.fail(`${what}: the answer carries organization ${other.key}'s "${marker}"`);
      }
    }
  }

  const isOk = (status: number) => status >= 200 && status < 300;

  describe(`tenant-isolation matrix: ${name}`, () => {
    it.each(entries.filter(({ entry }) => entry.access !== 'public'))(
      '$key answers 401 to anonymous callers and to a forged token',
      async ({ method, url, entry }) => {
        const request = plainRequest(url, entry, fx.orgA);
        expect((await call(method, request)).statusCode).toBe(401);
        expect((await forged(method, request)).statusCode).toBe(401);
      },
    );

    const checked = entries.filter(
      ({ entry }) => entry.access !== 'public' && !entry.onlyAuthChecked,
    );
    const cases = checked.flatMap((e) =>
      CALLERS.map(({ role, org }) => ({ ...e, role, org, caller: `${role} ${org}` })),
    );

    it.each(cases)('$key as $caller', async ({ method, url, entry, role, org, caller }) => {
      const actor = actors.get(caller) as Actor;
      const own = fx.org(org);
      const foreign = org === 'A' ? fx.orgB : fx.orgA;
      if (!allowed(entry.access, actor)) {
        const res = await call(method, plainRequest(url, entry, own, { role, org }), role, org);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        expectNoForeignData(actor, res, 'refusal');
        return;
      }
      if (!entry.ids) {
        const res = await call(method, plainRequest(url, entry, own), role, org);
        expect(isOk(res.statusCode), `${res.statusCode} ${res.body}`).toBe(true);
        expectNoForeignData(actor, res, 'answer');
        return;
      }
      const { notFound, setsOrganization } = entry.ids;
      const crosses = can(actor, { do: 'crossOrganizations' });
      const refusal = (res: LightMyRequestResponse, what: string) => {
        if (setsOrganization && !crosses) {
          expect(res.statusCode, what).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        } else {
          expect(res.statusCode, what).toBe(404);
          expect(res.json().code).toBe(notFound);
        }
      };
      const ofOrg = (target: FixtureOrg) => (f: Fixtures) =>
        entry.ids?.of(f, target, { role, org }) as Req | Promise<Req>;

      const ownRes = await call(method, ofOrg(own), role, org);
      expect(isOk(ownRes.statusCode), `own: ${ownRes.statusCode} ${ownRes.body}`).toBe(true);
      expectNoForeignData(actor, ownRes, 'own');

      const foreignRes = await call(method, ofOrg(foreign), role, org);
      if (crosses) {
        expect(isOk(foreignRes.statusCode), `foreign: ${foreignRes.body}`).toBe(true);
      } else {
        refusal(foreignRes, `foreign: ${foreignRes.body}`);
        expectNoForeignData(actor, foreignRes, 'foreign');
      }

      const missingRes = await call(method, entry.ids.missing, role, org);
      refusal(missingRes, `missing: ${missingRes.body}`);
    });
  });
}
