import { randomBytes } from 'node:crypto';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  organizations,
  passwordResets,
  registrationCodes,
  targets,
  users,
} from '../../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import { type Fixtures, otherCase } from '../helpers/fixtures.js';
import { registrationCodeService } from '../helpers/services.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const PUBLIC_URL = 'https://vahti.example.fi';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let smtp: TestSmtpServer;
let demoOrgId: string;
let demoTargetIds: string[];

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ ctx, fx, as } = await startApiTest({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Vahti testi <vahti@example.fi>' },
  }));
  demoOrgId = fx.orgA.id;
  const rows = await ctx.database.db
    .select({ id: targets.targetId })
    .from(targets)
    .where(eq(targets.organizationId, demoOrgId))
    .orderBy(targets.createdAt, targets.targetName);
  demoTargetIds = rows.map((row) => row.id);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const post = (url: string, payload: unknown, headers: Headers = {}) =>
  as.anonymous.post(url, payload, { headers });
const getAuth = (token: string) => as.withToken(token).get('/api/auth');

const codes = () => registrationCodeService(ctx.database.db);
const newEmail = (name: string) => `${name}.${randomBytes(3).toString('hex')}@asukas.example.fi`;

const registration = (overrides: Record<string, unknown> = {}) => ({
  userEmail: newEmail('asukas'),
  userCode: 'x'.repeat(43),
  userPassword: 'Asukas-salasana-1',
  userFirstName: 'Aino',
  userLastName: 'Asukas',
  userPhoneNumber: '+358 50 111 2222',
  ...overrides,
});

describe('POST /api/register-user', () => {
  it('registers with a valid code: joins its organization and targets, then signs in', async () => {
    const { code, id } = await codes().createCode({
      organizationId: demoOrgId,
      targetIds: demoTargetIds.slice(0, 2),
      permissions: [1, 2],
    });
    const body = registration({ userCode: code });
    const res = await post('/api/register-user', body, { 'accept-language': 'sv-FI,sv;q=0.9' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registreringen lyckades. Du kan nu logga in.' });

    const token = await as.signIn(body.userEmail, body.userPassword);
    const me = (await getAuth(token)).json().user;
    expect(me).toMatchObject({
      userEmail: body.userEmail,
      userFirstName: 'Aino',
      userLastName: 'Asukas',
      userPhoneNumber: '+358 50 111 2222',
      userRoles: 'Käyttäjä',
      userState: 'Aktiivinen',
      userPermissions: '1,2',
      Organization: { organizationId: demoOrgId, organizationName: fx.orgA.name },
    });
    expect(me.UserTargets.map((t: { targetId: string }) => t.targetId).sort()).toEqual(
      demoTargetIds.slice(0, 2).sort(),
    );
    const [stored] = await ctx.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.userId, me.userId));
    expect(stored?.language).toBe('sv');
    const [used] = await ctx.database.db
      .select({ useCount: registrationCodes.useCount })
      .from(registrationCodes)
      .where(eq(registrationCodes.id, id));
    expect(used?.useCount).toBe(1);
  });

  it('gives only Tieto when the code names no permissions, and Finnish mail by default', async () => {
    const { code } = await codes().createCode({
      organizationId: demoOrgId,
      targetIds: [demoTargetIds[2] ?? ''],
    });
    const body = registration({ userCode: code, userPhoneNumber: undefined });
    expect((await post('/api/register-user', body)).statusCode).toBe(201);
    const token = await as.signIn(body.userEmail, body.userPassword);
    const me = (await getAuth(token)).json().user;
    expect(me.userPermissions).toBe('1');
    expect(me.userPhoneNumber).toBeNull();
    const [stored] = await ctx.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.userId, me.userId));
    expect(stored?.language).toBe('fi');
  });

  it('refuses an unknown, a revoked and an expired code with their own codes and texts', async () => {
    const unknown = await post('/api/register-user', registration());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Rekisteröintikoodi ei kelpaa. Tarkista koodi.',
      code: 'REGISTRATION_CODE_INVALID',
      fields: { userCode: 'Rekisteröintikoodi ei kelpaa. Tarkista koodi.' },
    });

    const revoked = await codes().createCode({ organizationId: demoOrgId, targetIds: [] });
    await ctx.database.db
      .update(registrationCodes)
      .set({ revokedAt: sql`now()` })
      .where(eq(registrationCodes.id, revoked.id));
    const revokedRes = await post('/api/register-user', registration({ userCode: revoked.code }));
    expect(revokedRes.statusCode).toBe(400);
    expect(revokedRes.json()).toMatchObject({
      code: 'REGISTRATION_CODE_REVOKED',
      error: 'Rekisteröintikoodi on poistettu käytöstä. Pyydä uusi koodi ylläpitäjältä.',
      fields: { userCode: expect.any(String) },
    });

    const expired = await codes().createCode({
      organizationId: demoOrgId,
      targetIds: [],
      expiresAt: new Date(Date.now() - 60_000),
    });
    const expiredRes = await post('/api/register-user', registration({ userCode: expired.code }));
    expect(expiredRes.statusCode).toBe(400);
    expect(expiredRes.json()).toMatchObject({
      code: 'REGISTRATION_CODE_EXPIRED',
      error: 'Rekisteröintikoodi on vanhentunut. Pyydä uusi koodi ylläpitäjältä.',
    });
    const english = await post('/api/register-user', registration({ userCode: expired.code }), {
      'accept-language': 'en',
    });
    expect(english.json().error).toBe(
      'The registration code has expired. Ask your administrator for a new one.',
    );
  });

  it('treats a code of a Passiivinen organization as invalid', async () => {
    const [other] = await ctx.database.db
      .select({ id: organizations.organizationId })
      .from(organizations)
      .where(eq(organizations.organizationId, fx.orgB.id));
    const { code } = await codes().createCode({ organizationId: other?.id ?? '', targetIds: [] });
    await ctx.database.db
      .update(organizations)
      .set({ organizationState: 'Passiivinen' })
      .where(eq(organizations.organizationId, other?.id ?? ''));
    const res = await post('/api/register-user', registration({ userCode: code }));
    await ctx.database.db
      .update(organizations)
      .set({ organizationState: 'Aktiivinen' })
      .where(eq(organizations.organizationId, other?.id ?? ''));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REGISTRATION_CODE_INVALID');
  });

  it('answers 409 EMAIL_TAKEN for a used address in any letter case and writes nothing', async () => {
    const { code, id } = await codes().createCode({ organizationId: demoOrgId, targetIds: [] });
    const usersBefore = (await ctx.database.db.select({ n: count() }).from(users))[0]?.n;
    const res = await post(
      '/api/register-user',
      registration({ userCode: code, userEmail: otherCase(fx.seeded('A', 'Käyttäjä').email) }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Sähköpostiosoite on jo käytössä',
      code: 'EMAIL_TAKEN',
      fields: { userEmail: 'Sähköpostiosoite on jo käytössä' },
    });
    expect((await ctx.database.db.select({ n: count() }).from(users))[0]?.n).toBe(usersBefore);
    const [row] = await ctx.database.db
      .select({ useCount: registrationCodes.useCount })
      .from(registrationCodes)
      .where(eq(registrationCodes.id, id));
    expect(row?.useCount).toBe(0);
  });

  it('validates with the texts of the spec', async () => {
    const empty = await post('/api/register-user', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'Tarkasta annetut tiedot',
      code: 'VALIDATION_FAILED',
      fields: {
        userEmail: 'Sähköposti on pakollinen tieto',
        userCode: 'Koodi/koodit on pakollinen tieto',
        userPassword: 'Salasana on pakollinen',
        userFirstName: 'Etunimi on pakollinen tieto',
        userLastName: 'Sukunimi on pakollinen tieto',
      },
    });
    const bad = await post(
      '/api/register-user',
      registration({ userEmail: 'ei-osoite', userCode: 'lyhyt', userPassword: 'lyhyt' }),
    );
    expect(bad.json().fields).toEqual({
      userEmail: 'Sähköposti ei ole kelvolline',
      userCode: 'Tarkista koodin oikeellisuus',
      userPassword: 'Salasanan oltava vähintään 8 merkkiä',
    });
  });
});

/** The reset code in the link of a received mail. */
function linkCode(text: string): string {
  const match = /https:\/\/vahti\.example\.fi\/#\/login\?code=([\w-]+)&isPasswordChange=true/.exec(
    text,
  );
  if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
  return match[1];
}

async function requestReset(email: string, headers: Headers = {}) {
  const res = await post('/api/forgot-user-password', { userEmail: email }, headers);
  expect(res.statusCode).toBe(200);
  return res;
}

const reset = (payload: Record<string, unknown>) =>
  post('/api/change-user-forgot-password', {
    userPassword: 'Uusi-salasana-1',
    confirmPassword: 'Uusi-salasana-1',
    ...payload,
  });

describe('forgot password and reset by mail', () => {
  it('mails a link built from PUBLIC_URL; the code sets a new password and revokes old tokens', async () => {
    const email = fx.seeded('A', 'Käyttäjä').email;
    const oldToken = await as.signIn(email);
    const res = await requestReset(otherCase(email), { host: 'evil.example' });
    expect(res.json()).toEqual({
      message: 'Jos osoite löytyy palvelusta, lähetimme siihen ohjeet salasanan vaihtamiseen.',
    });

    const mail = await smtp.next();
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('vahti@example.fi');
    expect(mail.raw).toMatch(/^From: Vahti testi <vahti@example\.fi>/m);
    expect(mail.subject).toBe('Vahti: salasanan vaihtaminen');
    expect(mail.text).toContain('Hei Kalle,');
    expect(mail.text).not.toContain('evil.example');
    const code = linkCode(mail.text);
    expect(code).toHaveLength(43);
    expect(mail.html).toContain(
      `href="${PUBLIC_URL}/#/login?code=${code}&amp;isPasswordChange=true"`,
    );
    // Only the hash is stored.
    const stored = await ctx.database.db.select().from(passwordResets);
    expect(JSON.stringify(stored)).not.toContain(code);

    const done = await reset({ code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Salasana vaihdettu. Voit nyt kirjautua uudella salasanalla.',
    });
    expect((await getAuth(oldToken)).statusCode).toBe(401);
    await as.signIn(email, 'Uusi-salasana-1');
    const oldPassword = await post('/api/login', { userEmail: email, userPassword: DEMO_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);

    const again = await reset({
      code,
      userPassword: 'Kolmas-salasana',
      confirmPassword: 'Kolmas-salasana',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'Linkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.',
      code: 'RESET_LINK_INVALID',
    });
  });

  it('answers an unknown address exactly alike and sends nothing', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(mailOutbox))[0]?.n;
    const unknown = await requestReset(`ei-ketaan@${fx.orgA.emailDomain}`);
    const known = await requestReset(fx.seeded('A', 'Käyttäjä', [1]).email);
    expect(unknown.json()).toEqual(known.json());
    // The next mail to arrive is the known user's: nothing went to the unknown address.
    expect((await smtp.next()).to).toEqual([fx.seeded('A', 'Käyttäjä', [1]).email]);
    expect(smtp.received.some((mail) => mail.to.includes(`ei-ketaan@${fx.orgA.emailDomain}`))).toBe(
      false,
    );
    expect((await ctx.database.db.select({ n: count() }).from(mailOutbox))[0]?.n).toBe(
      (before ?? 0) + 1,
    );
  });

  it('refuses an expired link', async () => {
    await requestReset(fx.seeded('A', 'Pääkäyttäjä').email);
    const code = linkCode((await smtp.next()).text);
    // As if the 60 minutes had passed.
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(isNull(passwordResets.usedAt));
    const res = await reset({ code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_LINK_INVALID');
  });

  it('invalidates an older link when a newer one is requested', async () => {
    const email = fx.seeded('A', 'Ylläpitäjä').email;
    await requestReset(email);
    const first = linkCode((await smtp.next()).text);
    await requestReset(email);
    const second = linkCode((await smtp.next()).text);
    expect(second).not.toBe(first);
    expect((await reset({ code: first })).json().code).toBe('RESET_LINK_INVALID');
    expect((await reset({ code: second })).statusCode).toBe(200);
  });

  it('checks the e-mail of the /change-password page against the link, case-insensitively', async () => {
    const body = registration();
    const { code: registrationCode } = await codes().createCode({
      organizationId: demoOrgId,
      targetIds: [],
    });
    expect(
      (await post('/api/register-user', { ...body, userCode: registrationCode })).statusCode,
    ).toBe(201);
    await requestReset(body.userEmail);
    const code = linkCode((await smtp.next()).text);
    const wrong = await reset({ code, userEmail: `joku-muu@${fx.orgA.emailDomain}` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('RESET_LINK_INVALID');
    const right = await reset({ code, userEmail: body.userEmail.toUpperCase() });
    expect(right.statusCode).toBe(200);
    await as.signIn(body.userEmail, 'Uusi-salasana-1');
  });

  it('validates the new password with the texts of the reset page', async () => {
    const mismatch = await reset({ code: 'x'.repeat(43), confirmPassword: 'Eri-salasana-1' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({
      confirmPassword: 'Salasanat eivät täsmänneet. Yritä uudelleen.',
    });
    const short = await reset({
      code: 'x'.repeat(43),
      userPassword: 'lyhyt',
      confirmPassword: 'lyhyt',
    });
    expect(short.json().fields).toEqual({ userPassword: 'Salasanan oltava vähintään 8 merkkiä' });
    const noCode = await post('/api/change-user-forgot-password', {
      userPassword: 'Uusi-salasana-1',
      confirmPassword: 'Uusi-salasana-1',
    });
    expect(noCode.json().fields).toEqual({ code: 'Koodi/koodit on pakollinen tieto' });
    const badEmail = await reset({ code: 'x'.repeat(43), userEmail: 'ei-osoite' });
    expect(badEmail.json().fields).toEqual({ userEmail: 'Sähköposti ei ole kelvolline' });
  });

  it('sends no link to a Passiivinen user', async () => {
    const email = fx.seeded('B', 'Ylläpitäjä').email;
    await ctx.database.db
      .update(users)
      .set({ userState: 'Passiivinen' })
      .where(eq(users.userEmail, email));
    await requestReset(email);
    await ctx.database.db
      .update(users)
      .set({ userState: 'Aktiivinen' })
      .where(eq(users.userEmail, email));
    const rows = await ctx.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(rows).toHaveLength(0);
  });
});

describe('PATCH /api/change-password', () => {
  const email = () => fx.seeded('A', 'Pääylläpitäjä').email;
  const change = (token: string, payload: Record<string, unknown>) =>
    as.withToken(token).patch('/api/change-password', payload);

  it('refuses a wrong current password and validates the new one', async () => {
    const token = await as.signIn(email());
    const wrong = await change(token, {
      userCurrentPassword: 'ei-tama',
      userPassword: 'Uusi-salasana-1',
      confirmPassword: 'Uusi-salasana-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'Nykyinen salasana on väärin',
      code: 'WRONG_PASSWORD',
      fields: { userCurrentPassword: 'Nykyinen salasana on väärin' },
    });
    const mismatch = await change(token, {
      userCurrentPassword: DEMO_PASSWORD,
      userPassword: 'Uusi-salasana-1',
      confirmPassword: 'Uusi-salasana-2',
    });
    expect(mismatch.json().fields).toEqual({
      confirmPassword: 'Salasanat eivät täsmänneet. Yritä uudelleen.',
    });
    const empty = await change(token, {});
    expect(empty.json().fields).toEqual({
      userCurrentPassword: 'Salasana on pakollinen',
      userPassword: 'Salasana on pakollinen',
      confirmPassword: 'Salasana on pakollinen',
    });
    const anonymous = await as.anonymous.patch('/api/change-password', {});
    expect(anonymous.statusCode).toBe(401);
    // Nothing was changed by the refused attempts.
    expect((await getAuth(token)).statusCode).toBe(200);
  });

  it('changes the password, signs out every other session and returns a working token', async () => {
    const token = await as.signIn(email());
    const otherSession = await as.signIn(email());
    const res = await change(token, {
      userCurrentPassword: DEMO_PASSWORD,
      userPassword: 'Uusi-salasana-1',
      confirmPassword: 'Uusi-salasana-1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Salasana vaihdettu');
    expect((await getAuth(token)).statusCode).toBe(401);
    expect((await getAuth(otherSession)).statusCode).toBe(401);
    const fresh = await getAuth(body.token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.userEmail).toBe(email());
    await as.signIn(email(), 'Uusi-salasana-1');
  });
});

describe('PATCH /api/users-own', () => {
  it('saves the own names, phone and job title but never the e-mail', async () => {
    const token = await as.signIn(fx.seeded('B', 'Ylläpitäjä').email);
    const res = await as.withToken(token).patch('/api/users-own', {
      userFirstName: '  Tuomo ',
      userLastName: 'Toivola',
      userPhoneNumber: null,
      userJobTitle: 'Kiinteistöpäällikkö',
      userEmail: `uusi@${fx.orgB.emailDomain}`,
      userRoles: 'Pääylläpitäjä',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Tiedot tallennettu');
    expect(body.user).toMatchObject({
      userEmail: fx.seeded('B', 'Ylläpitäjä').email,
      userFirstName: 'Tuomo',
      userLastName: 'Toivola',
      userPhoneNumber: null,
      userJobTitle: 'Kiinteistöpäällikkö',
      userRoles: 'Ylläpitäjä',
    });
    expect((await getAuth(token)).json().user).toEqual(body.user);

    // An omitted optional field keeps its value.
    const again = await as
      .withToken(token)
      .patch('/api/users-own', { userFirstName: 'Tuomo', userLastName: 'Toivola' });
    expect(again.json().user.userJobTitle).toBe('Kiinteistöpäällikkö');
  });

  it('requires the names, with the texts of the spec, and a session', async () => {
    const token = await as.signIn(fx.seeded('B', 'Ylläpitäjä').email);
    const res = await as.withToken(token).patch('/api/users-own', { userFirstName: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      userFirstName: 'Etunimi on pakollinen tieto',
      userLastName: 'Sukunimi on pakollinen tieto',
    });
    const anonymous = await as.anonymous.patch('/api/users-own', {
      userFirstName: 'A',
      userLastName: 'B',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the account routes in OpenAPI', () => {
  it('documents every route with its operationId and response schemas', async () => {
    const doc = (await as.anonymous.get('/api/openapi.json')).json();
    const operations = {
      '/api/register-user': ['post', 'registerUser', ['201', '400', '409', '429']],
      '/api/forgot-user-password': ['post', 'forgotUserPassword', ['200', '400', '429']],
      '/api/change-user-forgot-password': [
        'post',
        'changeUserForgotPassword',
        ['200', '400', '429'],
      ],
      '/api/change-password': ['patch', 'changePassword', ['200', '400', '401', '429']],
      '/api/users-own': ['patch', 'updateOwnDetails', ['200', '400', '401']],
      '/api/admin/outbox': ['get', 'listOutbox', ['200', '400', '401', '403']],
    } as const;
    for (const [path, [method, operationId, statuses]] of Object.entries(operations)) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.operationId, path).toBe(operationId);
      expect(Object.keys(operation.responses), path).toEqual(statuses);
    }
    expect(doc.paths['/api/login'].post.responses).toHaveProperty('429');
  });
});
