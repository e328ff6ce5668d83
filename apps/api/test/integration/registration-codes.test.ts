import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  organizations,
  registrationCodes,
  registrationCodeTargets,
  targets,
} from '../../src/db/schema/index.js';
import { DEMO_CODE_FILE, readDemoRegistrationCode, seedDemoData } from '../../src/db/seed.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { createRegistrationCodesService } from '../../src/modules/registration-codes/registration-codes.service.js';
import { createTestApp, DRIVER, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
let service: ReturnType<typeof createRegistrationCodesService>;
const orgs: Record<string, string> = {};
const targetsOf: Record<string, string[]> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  service = createRegistrationCodesService({ db: ctx.database.db });
  const rows = await ctx.database.db
    .select({
      orgId: organizations.organizationId,
      name: organizations.organizationName,
      targetId: targets.targetId,
    })
    .from(organizations)
    .innerJoin(targets, eq(targets.targetOrganizationId, organizations.organizationId))
    .orderBy(targets.targetName);
  for (const row of rows) {
    orgs[row.name] = row.orgId;
    targetsOf[row.name] = [...(targetsOf[row.name] ?? []), row.targetId];
  }
});
afterAll(() => ctx.close());

const demo = () => orgs['Demo Kiinteistöt Oy'] ?? '';
const other = () => orgs['Toinen Taloyhtiö Oy'] ?? '';

describe(`registration codes (${DRIVER})`, () => {
  it('creates a 43-character random code and stores only its hash', async () => {
    const { id, code } = await service.createCode({
      organizationId: demo(),
      targetIds: targetsOf['Demo Kiinteistöt Oy']?.slice(0, 2) ?? [],
    });
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db
      .select()
      .from(registrationCodes)
      .where(eq(registrationCodes.id, id));
    expect(row).toMatchObject({
      codeHash: sha256Hex(code),
      organizationId: demo(),
      permissions: [1],
      useCount: 0,
      expiresAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain(code);
    const second = await service.createCode({ organizationId: demo(), targetIds: [] });
    expect(second.code).not.toBe(code);
  });

  it('finds a usable code with its organization, targets and permissions', async () => {
    const targetIds = targetsOf['Demo Kiinteistöt Oy']?.slice(1, 3) ?? [];
    const { id, code } = await service.createCode({
      organizationId: demo(),
      targetIds,
      permissions: [2, 1, 2],
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const found = await service.findUsable(code);
    expect(found).toEqual({
      ok: true,
      code: { id, organizationId: demo(), permissions: [1, 2], targetIds: expect.any(Array) },
    });
    if (found.ok) expect(found.code.targetIds.sort()).toEqual([...targetIds].sort());
  });

  it('names why a code cannot be used', async () => {
    expect(await service.findUsable('z'.repeat(43))).toEqual({
      ok: false,
      failure: 'REGISTRATION_CODE_INVALID',
    });
    const expired = await service.createCode({
      organizationId: demo(),
      targetIds: [],
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await service.findUsable(expired.code)).toEqual({
      ok: false,
      failure: 'REGISTRATION_CODE_EXPIRED',
    });
    await ctx.database.db
      .update(registrationCodes)
      .set({ revokedAt: sql`now()` })
      .where(eq(registrationCodes.id, expired.id));
    expect(await service.findUsable(expired.code)).toEqual({
      ok: false,
      failure: 'REGISTRATION_CODE_REVOKED',
    });
    const passive = await service.createCode({ organizationId: other(), targetIds: [] });
    await ctx.database.db
      .update(organizations)
      .set({ organizationState: 'Passiivinen' })
      .where(eq(organizations.organizationId, other()));
    expect(await service.findUsable(passive.code)).toEqual({
      ok: false,
      failure: 'REGISTRATION_CODE_INVALID',
    });
    await ctx.database.db
      .update(organizations)
      .set({ organizationState: 'Aktiivinen' })
      .where(eq(organizations.organizationId, other()));
  });

  it('refuses targets of another organization and unknown permissions', async () => {
    await expect(
      service.createCode({
        organizationId: demo(),
        targetIds: targetsOf['Toinen Taloyhtiö Oy'] ?? [],
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'TARGET_NOT_FOUND' });
    await expect(
      service.createCode({ organizationId: demo(), targetIds: [], permissions: [1, 9] }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const rows = await ctx.database.db.select().from(registrationCodeTargets);
    expect(
      rows.every((row) => !(targetsOf['Toinen Taloyhtiö Oy'] ?? []).includes(row.targetId)),
    ).toBe(true);
  });
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

    const found = await createRegistrationCodesService({ db: fresh.database.db }).findUsable(code);
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
