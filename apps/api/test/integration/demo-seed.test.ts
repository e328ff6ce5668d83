import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, devices, organizations, targets, users } from '../../src/db/schema/index.js';
import {
  DEMO_CODE_FILE,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  readDemoRegistrationCode,
  seedDemoData,
} from '../../src/db/seed.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { createTestApp, DRIVER, type TestContext } from '../helpers/app.js';
import { registrationCodeService } from '../helpers/services.js';

/**
 * The demo seed itself: what the README promises (the demo sign-ins, the counts, the demo
 * registration code). The one test file that may name the demo data; every other test works with
 * the fixtures (test/helpers/fixtures.ts).
 */
let ctx: TestContext;
let as: Actors;
beforeAll(async () => {
  ({ ctx, as } = await startApiTest());
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown) => as.anonymous.post(url, payload);

describe(`the demo data (${DRIVER})`, () => {
  it('loads the demo data once: 2 organizations, 8 targets, 23 users, the application catalogue', async () => {
    const n = async (
      table: typeof users | typeof targets | typeof organizations | typeof applications,
    ) => (await ctx.database.db.select({ n: count() }).from(table))[0]?.n;
    expect(await n(organizations)).toBe(2);
    expect(await n(targets)).toBe(8);
    expect(await n(users)).toBe(23);
    expect(await n(applications)).toBe(3);
    expect(await seedDemoData(ctx.database.db)).toBe(false);
    expect(await n(users)).toBe(23);
  });

  it('writes device coordinates as typed, never with binary noise (issue 27: 24.951000000000004)', async () => {
    const rows = await ctx.database.db
      .select({ lat: devices.deviceLatitude, lon: devices.deviceLongitude })
      .from(devices);
    expect(rows.length).toBeGreaterThan(10);
    for (const { lat, lon } of rows) {
      expect(String(lat)).toMatch(/^\d+(\.\d{1,3})?$/);
      expect(String(lon)).toMatch(/^\d+(\.\d{1,3})?$/);
    }
  });

  it.each(DEMO_LOGINS)(
    'signs in $email on POST / and returns message, token and user',
    async (demo) => {
      const res = await post('/', { userEmail: demo.email, userPassword: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Kirjautuminen onnistui');
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toMatchObject({
        userEmail: demo.email,
        userRoles: demo.role,
        userState: 'Aktiivinen',
        userPermissions: demo.permissions.join(','),
        Organization: { organizationName: demo.organization },
      });
      expect(body.user.uuid).toBe(body.user.userId);
      expect(JSON.stringify(body)).not.toMatch(/password_?hash|argon2/i);
    },
  );
});

describe(`the demo registration code (${DRIVER})`, () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestApp({ demo: false });
  });
  afterAll(() => fresh.close());

  it('is created by the seed for the first two demo targets and kept in DATA_DIR', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'vahti-seed-')), 'data');
    expect(readDemoRegistrationCode(dataDir)).toBeUndefined();
    expect(await seedDemoData(fresh.database.db, { dataDir })).toBe(true);
    const file = path.join(dataDir, DEMO_CODE_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const code = readFileSync(file, 'utf8').trim();
    expect(readDemoRegistrationCode(dataDir)).toBe(code);

    const found = await registrationCodeService(fresh.database.db).findUsable(code);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.code.permissions).toEqual([1, 2]);
    const names = await fresh.database.db
      .select({ name: targets.targetName })
      .from(targets)
      .where(sql`${targets.targetId} in ${found.code.targetIds}`);
    expect(names.map((row) => row.name).sort()).toEqual(['As Oy Kivikko', 'Rivitalo Haukilahti']);
    expect(await seedDemoData(fresh.database.db, { dataDir })).toBe(false);
    expect(readDemoRegistrationCode(dataDir)).toBe(code);
  });
});

describe(`the demo data as npm start seeds it (${DRIVER})`, () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestApp({ demo: false });
  });
  afterAll(() => fresh.close());

  it("leaves the planner's statistics of the signed-in path's tables (none before: -1 rows)", async () => {
    const rows = async () => {
      const result = (await fresh.database.db.execute(
        sql`select relname, reltuples::int as reltuples from pg_class
            where relname in ('users', 'organizations', 'user_targets', 'targets', 'target_contact_users')
              and relkind = 'r' order by relname`,
      )) as unknown as { rows: Array<{ relname: string; reltuples: number }> };
      return Object.fromEntries(result.rows.map((row) => [row.relname, row.reltuples]));
    };
    expect(Object.values(await rows())).toEqual([-1, -1, -1, -1, -1]);
    expect(await seedDemoData(fresh.database.db, { analyze: true })).toBe(true);
    expect(await rows()).toEqual({
      organizations: 2,
      target_contact_users: 12,
      targets: 8,
      user_targets: 30,
      users: 23,
    });
  });
});
