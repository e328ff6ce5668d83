import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  mailOutbox,
  organizations,
  registrationCodes,
  registrationCodeTargets,
  targets,
  users,
  userTargets,
} from '../../src/db/schema/index.js';
import { sha256Hex } from '../../src/lib/tokens.js';
import { type Actors, type Client, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { registrationCodeService } from '../helpers/services.js';

const PUBLIC_URL = 'https://vahti.example.fi';

let ctx: TestContext;
let service: ReturnType<typeof registrationCodeService>;
let fx: Fixtures;
let as: Actors;
/** Target ids by organization id. */
const targetsOf: Record<string, string[]> = {};

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest({ env: { PUBLIC_URL } }));
  service = registrationCodeService(ctx.database.db);
  const rows = await ctx.database.db
    .select({
      orgId: organizations.organizationId,
      targetId: targets.targetId,
    })
    .from(organizations)
    .innerJoin(targets, eq(targets.organizationId, organizations.organizationId))
    .orderBy(targets.targetName);
  for (const row of rows) {
    targetsOf[row.orgId] = [...(targetsOf[row.orgId] ?? []), row.targetId];
  }
});
afterAll(() => ctx.close());

const demo = () => fx.orgA.id;
const other = () => fx.orgB.id;

describe(`registration codes (${DRIVER})`, () => {
  it('creates a 43-character random code and stores only its hash', async () => {
    const { id, code } = await service.createCode({
      organizationId: demo(),
      targetIds: targetsOf[demo()]?.slice(0, 2) ?? [],
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
    const targetIds = targetsOf[demo()]?.slice(1, 3) ?? [];
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
        targetIds: targetsOf[other()] ?? [],
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'TARGET_NOT_FOUND' });
    await expect(
      service.createCode({ organizationId: demo(), targetIds: [], permissions: [1, 9] }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const rows = await ctx.database.db.select().from(registrationCodeTargets);
    expect(rows.every((row) => !(targetsOf[other()] ?? []).includes(row.targetId))).toBe(true);
  });
});

describe(`the registration-code calls (${DRIVER})`, () => {
  const demoTargets = () => targetsOf[demo()] ?? [];
  const otherTargets = () => targetsOf[other()] ?? [];
  const codeCount = async () =>
    (await ctx.database.db.select({ n: count() }).from(registrationCodes))[0]?.n ?? 0;
  const mailCount = async () =>
    (await ctx.database.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;
  const auditOf = (entityId: string, action: string) =>
    ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
  const create = async (client: Client, body: Record<string, unknown>) => {
    const res = await client.post('/api/registration-codes', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { code: string; registrationCode: { id: string; expiresAt: string } };
  };
  const register = (code: string, email: string) =>
    as.anonymous.post('/api/register-user', {
      userEmail: email,
      userCode: code,
      userPassword: 'Asukas-salasana-1',
      userFirstName: 'Aino',
      userLastName: 'Asukas',
    });
  const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;

  it('creates a code whose text is shown once and which registers into its organization and targets', async () => {
    const targetIds = demoTargets().slice(0, 2);
    const res = await as('Ylläpitäjä').post('/api/registration-codes', {
      targetIds,
      userPermissions: '2, 1',
      expiresInDays: 7,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, code, registrationCode } = res.json();
    expect(message).toBe('Rekisteröintikoodi luotu');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(registrationCode).toMatchObject({
      organizationId: demo(),
      organizationName: fx.orgA.name,
      userPermissions: '1,2',
      status: 'active',
      revokedAt: null,
      useCount: 0,
      createdBy: fx.seeded('A', 'Ylläpitäjä').email,
    });
    expect(registrationCode.targets.map((t: { targetId: string }) => t.targetId).sort()).toEqual(
      [...targetIds].sort(),
    );
    expect(registrationCode.targets[0].targetName).toEqual(expect.any(String));
    expect(daysFromNow(registrationCode.expiresAt)).toBeCloseTo(7, 2);
    const [entry, ...more] = await auditOf(registrationCode.id, 'registrationCode.create');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorEmail: fx.seeded('A', 'Ylläpitäjä').email,
      organizationId: demo(),
    });
    expect(JSON.stringify(entry)).not.toContain(code);

    const email = `koodi.${Date.now()}@asukas.example.fi`;
    expect((await register(code, email)).statusCode).toBe(201);
    const [user] = await ctx.database.db
      .select({ id: users.userId, org: users.organizationId, permissions: users.userPermissions })
      .from(users)
      .where(eq(users.userEmail, email));
    expect(user).toMatchObject({ org: demo(), permissions: [1, 2] });
    const links = await ctx.database.db
      .select({ targetId: userTargets.targetId })
      .from(userTargets)
      .where(eq(userTargets.userId, user?.id ?? ''));
    expect(links.map((link) => link.targetId).sort()).toEqual([...targetIds].sort());
    const list = (await as('Ylläpitäjä').get('/api/registration-codes')).json();
    expect(
      list.registrationCodes.find((c: { id: string }) => c.id === registrationCode.id)?.useCount,
    ).toBe(1);
  });

  it('gives Tieto and 30 days by default; the top administrator names the organization', async () => {
    const { registrationCode } = await create(as('Pääylläpitäjä'), {
      organizationId: other(),
      targetIds: otherTargets(),
    });
    expect(registrationCode).toMatchObject({
      organizationId: other(),
      organizationName: fx.orgB.name,
      userPermissions: '1',
      createdBy: fx.seeded('A', 'Pääylläpitäjä').email,
    });
    expect(daysFromNow(registrationCode.expiresAt)).toBeCloseTo(30, 2);
  });

  it('refuses another organization, foreign targets and bad input, writing nothing', async () => {
    const before = await codeCount();
    const named = await as('Ylläpitäjä').post('/api/registration-codes', {
      organizationId: other(),
      targetIds: demoTargets().slice(0, 1),
    });
    expect(named.statusCode).toBe(403);
    expect(named.json().code).toBe('FORBIDDEN');

    for (const [client, body] of [
      [as('Ylläpitäjä'), { targetIds: otherTargets() }],
      [as('Ylläpitäjä', 'B'), { targetIds: [...otherTargets(), ...demoTargets().slice(0, 1)] }],
      [as('Pääylläpitäjä'), { organizationId: demo(), targetIds: otherTargets() }],
    ] as const) {
      const res = await client.post('/api/registration-codes', body);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('TARGET_NOT_FOUND');
    }

    const unnamed = await as('Pääylläpitäjä').post('/api/registration-codes', {
      targetIds: demoTargets(),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields).toEqual({ organizationId: 'Pakollinen kenttä' });
    const unknown = await as('Pääylläpitäjä').post('/api/registration-codes', {
      organizationId: '00000000-0000-4000-8000-000000000000',
      targetIds: demoTargets(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ORGANIZATION_NOT_FOUND');

    const bad = await as('Ylläpitäjä').post('/api/registration-codes', {
      targetIds: [],
      userPermissions: '4',
      expiresInDays: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      targetIds: 'Valitse vähintään yksi kohde',
      userPermissions: 'Virheellinen arvo',
      expiresInDays: 'Virheellinen arvo',
    });
    const user = await as('Käyttäjä').post('/api/registration-codes', {
      targetIds: demoTargets(),
    });
    expect(user.statusCode).toBe(403);
    expect(await codeCount()).toBe(before);
  });

  it('lists codes newest first with their status, within scope', async () => {
    const expired = await service.createCode({
      organizationId: demo(),
      targetIds: demoTargets().slice(0, 1),
      expiresAt: new Date(Date.now() - 60_000),
    });
    const revoked = await create(as('Ylläpitäjä'), { targetIds: demoTargets().slice(0, 1) });
    await as('Ylläpitäjä').post(`/api/registration-codes/${revoked.registrationCode.id}/revoke`);
    const active = await create(as('Ylläpitäjä'), { targetIds: demoTargets().slice(0, 1) });

    const res = await as('Ylläpitäjä').get('/api/registration-codes');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.message).toBe('Rekisteröintikoodit haettu');
    const codes = list.registrationCodes as Array<{
      id: string;
      organizationId: string;
      status: string;
      createdAt: string;
    }>;
    expect(codes.every((c) => c.organizationId === demo())).toBe(true);
    const times = codes.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const statusOf = (id: string) => codes.find((c) => c.id === id)?.status;
    expect(statusOf(expired.id)).toBe('expired');
    expect(statusOf(revoked.registrationCode.id)).toBe('revoked');
    expect(statusOf(active.registrationCode.id)).toBe('active');
    expect(JSON.stringify(list)).not.toContain(active.code);
    expect(JSON.stringify(list)).not.toContain('codeHash');

    const b = (await as('Ylläpitäjä', 'B').get('/api/registration-codes')).json();
    expect(b.registrationCodes.length).toBeGreaterThan(0);
    expect(
      b.registrationCodes.every((c: { organizationId: string }) => c.organizationId === other()),
    ).toBe(true);
    // The top administrator who made B's code belongs to A: B does not learn who it was.
    expect(b.registrationCodes.map((c: { createdBy: string | null }) => c.createdBy)).not.toContain(
      fx.seeded('A', 'Pääylläpitäjä').email,
    );
    const foreign = await as('Ylläpitäjä', 'B').get(
      `/api/registration-codes?organizationId=${demo()}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORGANIZATION_NOT_FOUND');

    const top = (await as('Pääylläpitäjä').get('/api/registration-codes')).json();
    const orgsSeen = new Set(
      top.registrationCodes.map((c: { organizationId: string }) => c.organizationId),
    );
    expect(orgsSeen).toEqual(new Set([demo(), other()]));
    const topB = (
      await as('Pääylläpitäjä').get(`/api/registration-codes?organizationId=${other()}`)
    ).json();
    expect(topB.registrationCodes.map((c: { createdBy: string | null }) => c.createdBy)).toContain(
      fx.seeded('A', 'Pääylläpitäjä').email,
    );
  });

  it('revokes a code once; registering with it is then refused', async () => {
    const { code, registrationCode } = await create(as('Ylläpitäjä'), { targetIds: demoTargets() });
    const url = `/api/registration-codes/${registrationCode.id}/revoke`;
    const first = await as('Ylläpitäjä').post(url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Rekisteröintikoodi poistettu käytöstä',
      registrationCode: { id: registrationCode.id, status: 'revoked' },
    });
    const revokedAt = first.json().registrationCode.revokedAt;
    expect(Date.parse(revokedAt)).not.toBeNaN();
    const again = await as('Pääylläpitäjä').post(url);
    expect(again.statusCode).toBe(200);
    expect(again.json().registrationCode.revokedAt).toBe(revokedAt);
    expect(await auditOf(registrationCode.id, 'registrationCode.revoke')).toHaveLength(1);

    const refused = await register(code, `peruttu.${Date.now()}@asukas.example.fi`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('REGISTRATION_CODE_REVOKED');
  });

  it('answers 404 for another organization’s code and leaves it working', async () => {
    const { registrationCode } = await create(as('Ylläpitäjä'), { targetIds: demoTargets() });
    for (const id of [registrationCode.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await as('Ylläpitäjä', 'B').post(`/api/registration-codes/${id}/revoke`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'REGISTRATION_CODE_NOT_FOUND',
        error: 'Rekisteröintikoodia ei löytynyt',
      });
    }
    const [row] = await ctx.database.db
      .select({ revokedAt: registrationCodes.revokedAt })
      .from(registrationCodes)
      .where(eq(registrationCodes.id, registrationCode.id));
    expect(row?.revokedAt).toBeNull();
  });

  describe('sending a code by mail', () => {
    const outboxTo = (address: string) =>
      ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

    it('mails each distinct address once with the link, the code, the organization and the date', async () => {
      const { code, registrationCode } = await create(as('Ylläpitäjä'), {
        targetIds: demoTargets(),
      });
      const stamp = Date.now();
      const aino = `aino.${stamp}@example.fi`;
      const eino = `eino.${stamp}@example.fi`;
      const res = await as('Ylläpitäjä').post(
        `/api/registration-codes/${registrationCode.id}/send`,
        {
          code,
          recipients: [aino, aino.toUpperCase(), eino],
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Rekisteröintikoodi lähetetty (2 vastaanottajaa)' });
      expect(await outboxTo(aino.toUpperCase())).toEqual([]);
      const [mail, ...more] = await outboxTo(aino);
      expect(more).toEqual([]);
      expect(await outboxTo(eino)).toHaveLength(1);
      const link = `${PUBLIC_URL}/#/user-register?code=${encodeURIComponent(code)}`;
      const validUntil = new Intl.DateTimeFormat('fi-FI', {
        timeZone: 'Europe/Helsinki',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date(registrationCode.expiresAt));
      expect(validUntil).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(mail).toMatchObject({
        language: 'fi',
        subject: `Vahti: rekisteröintikoodi (${fx.orgA.name})`,
      });
      expect(mail?.textBody).toContain(link);
      expect(mail?.textBody).toContain(`Rekisteröintikoodi: ${code}`);
      expect(mail?.textBody).toContain(fx.orgA.name);
      expect(mail?.textBody).toContain(`${PUBLIC_URL}/#/login`);
      expect(mail?.textBody).toContain("'Rekisteröidy'");
      expect(mail?.textBody).toContain('vähintään 8 merkin salasanan');
      expect(mail?.textBody).toContain(`Koodi on voimassa ${validUntil} asti.`);
      expect(mail?.htmlBody).toContain(`href="${link}"`);

      const [entry] = await auditOf(registrationCode.id, 'registrationCode.send');
      expect(entry?.details).toEqual({ recipientCount: 2, recipients: [aino, eino] });
      expect(JSON.stringify(entry)).not.toContain(code);
    });

    it('writes the mail in the caller’s language', async () => {
      const { code, registrationCode } = await create(as('Ylläpitäjä'), {
        targetIds: demoTargets(),
      });
      const to = `english.${Date.now()}@example.fi`;
      const res = await as('Ylläpitäjä').post(
        `/api/registration-codes/${registrationCode.id}/send`,
        { code, recipients: [to] },
        { headers: { 'accept-language': 'en' } },
      );
      expect(res.json().message).toBe('Registration code sent (1 recipients)');
      const [mail] = await outboxTo(to);
      expect(mail).toMatchObject({
        language: 'en',
        subject: `Vahti: registration code (${fx.orgA.name})`,
      });
      expect(mail?.textBody).toContain(`Registration code: ${code}`);
    });

    it('refuses a wrong code text, a revoked or expired code and another organization’s code', async () => {
      const before = await mailCount();
      const { code, registrationCode } = await create(as('Ylläpitäjä'), {
        targetIds: demoTargets(),
      });
      const url = (id: string) => `/api/registration-codes/${id}/send`;
      const recipients = ['ei-lahde@example.fi'];

      const wrong = await as('Ylläpitäjä').post(url(registrationCode.id), {
        code: 'x'.repeat(43),
        recipients,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { code: 'Rekisteröintikoodi ei kelpaa. Tarkista koodi.' },
      });

      const foreign = await as('Ylläpitäjä', 'B').post(url(registrationCode.id), {
        code,
        recipients,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('REGISTRATION_CODE_NOT_FOUND');

      const expired = await service.createCode({
        organizationId: demo(),
        targetIds: demoTargets(),
        expiresAt: new Date(Date.now() - 60_000),
      });
      const late = await as('Ylläpitäjä').post(url(expired.id), {
        code: expired.code,
        recipients,
      });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({
        code: 'REGISTRATION_CODE_EXPIRED',
        fields: { code: expect.stringContaining('vanhentunut') },
      });

      await as('Ylläpitäjä').post(`/api/registration-codes/${registrationCode.id}/revoke`);
      const revoked = await as('Ylläpitäjä').post(url(registrationCode.id), { code, recipients });
      expect(revoked.statusCode).toBe(400);
      expect(revoked.json().code).toBe('REGISTRATION_CODE_REVOKED');

      const bad = await as('Ylläpitäjä').post(url(registrationCode.id), {
        code: '',
        recipients: ['ei-osoite'],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        code: 'Koodi/koodit on pakollinen tieto',
        'recipients.0': 'Sähköposti ei ole kelvollinen',
      });
      const none = await as('Ylläpitäjä').post(url(registrationCode.id), { code, recipients: [] });
      expect(none.json().fields).toEqual({ recipients: 'Anna vähintään yksi sähköpostiosoite' });

      expect(await mailCount()).toBe(before);
    });
  });
});
