import type { SessionUser } from '@vahti/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { bearer, fromNewIp, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import {
  followToRedirectUri,
  startTestProvider,
  type TestAccount,
  type TestProvider,
} from '../helpers/oidc-provider.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let provider: TestProvider;
let redirectUri: string;

/** The domain of organization A's single sign-on for people who have no user yet. */
const SSO_DOMAIN = 'sso-a.example.fi';

beforeAll(async () => {
  // The provider listens on 127.0.0.1 over http: allowed here, refused by default.
  ({ ctx, fx, as } = await startApiTest({ env: { OUTBOUND_ALLOW_PRIVATE: '1' } }));
  redirectUri = `${ctx.config.publicUrl}/api/auth/sso/callback`;
  provider = await startTestProvider({ redirectUri });
});
afterAll(async () => {
  await provider?.close();
  await ctx?.close();
});

const settingsOf = (overrides: Record<string, unknown> = {}) => ({
  organizationId: fx.orgA.id,
  issuerUrl: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  emailDomains: [SSO_DOMAIN, fx.orgA.emailDomain, fx.orgB.emailDomain],
  userRoles: 'Pääkäyttäjä',
  userPermissions: '1,2',
  targetIds: [fx.orgA.target.id],
  passwordSignIn: true,
  enabled: true,
  ...overrides,
});

async function saveSettings(overrides: Record<string, unknown> = {}) {
  const res = await as('Ylläpitäjä', 'A').put('/api/organization-sso', settingsOf(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';

/** The login screen's one-time code in the callback's redirect. */
const codeOf = (location: string) =>
  new URL(location.replace('/#/', '/')).searchParams.get('sso') ?? '';

/**
 * One sign-in as the browser makes it: start, the provider's redirects (signing `account` in),
 * the callback with the browser's cookie, and the code traded for a session.
 */
async function signInThroughProvider(email: string, account: Partial<TestAccount> = {}) {
  provider.signInAs({ email, emailVerified: true, ...account });
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sso/start',
    headers: fromNewIp(),
    payload: { userEmail: email },
  });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = cookieOf(start.headers['set-cookie']);
  const back = await followToRedirectUri(start.json().url, redirectUri);
  const callback = await ctx.app.inject({
    method: 'GET',
    url: back.slice(ctx.config.publicUrl.length),
    headers: { cookie, ...fromNewIp() },
  });
  expect(callback.statusCode).toBe(302);
  const complete = await completeWith(codeOf(String(callback.headers.location)), cookie);
  return { complete, back, cookie };
}

const completeWith = (code: string, cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sso/complete',
    headers: { cookie, ...fromNewIp() },
    payload: { code },
  });

const auditActions = async () => {
  const res = await as('Pääylläpitäjä', 'A').get(
    `/api/audit-log?organizationId=${fx.orgA.id}&pageSize=100`,
  );
  return res.json().auditLog as Array<{ action: string; details: Record<string, unknown> }>;
};

describe('organization single sign-on settings', () => {
  it('answers none before saving, with the redirect URI to register', async () => {
    const res = await as('Ylläpitäjä', 'A').get(
      `/api/organization-sso?organizationId=${fx.orgA.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organizationSso: null, redirectUri });
  });

  it('refuses a first save without the client secret, naming the field in Finnish', async () => {
    const res = await as('Ylläpitäjä', 'A').put(
      '/api/organization-sso',
      settingsOf({ clientSecret: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      clientSecret: 'Asiakassalaisuus (client secret) on pakollinen tieto',
    });
  });

  it('never gives new users more than the saving administrator has', async () => {
    const role = await as('Ylläpitäjä', 'A').put(
      '/api/organization-sso',
      settingsOf({ userRoles: 'Pääylläpitäjä' }),
    );
    expect(role.statusCode).toBe(400);
    expect(role.json().fields.userRoles).toBe(
      'Et voi antaa uusille käyttäjille omaasi korkeampaa roolia',
    );
    const admin = await as.user('Ylläpitäjä', 'A');
    const missing = [1, 2, 3, 4].find((p) => !admin.permissions.includes(p));
    if (missing !== undefined) {
      const permissions = await as('Ylläpitäjä', 'A').put(
        '/api/organization-sso',
        settingsOf({ userPermissions: String(missing) }),
      );
      expect(permissions.statusCode).toBe(400);
    }
  });

  it('refuses bad input with Finnish field messages, never a 500', async () => {
    const res = await as('Ylläpitäjä', 'A').put(
      '/api/organization-sso',
      settingsOf({
        issuerUrl: 'ftp://x',
        emailDomains: ['not a domain'],
        targetIds: [fx.orgB.target.id],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      issuerUrl: 'Anna palvelun osoite muodossa https://tunnistus.example.fi',
      'emailDomains.0': 'Anna verkkotunnus muodossa yritys.fi',
    });
    const foreignTarget = await as('Ylläpitäjä', 'A').put(
      '/api/organization-sso',
      settingsOf({ targetIds: [fx.orgB.target.id] }),
    );
    expect(foreignTarget.statusCode).toBe(400);
    expect(foreignTarget.json().fields).toEqual({
      targetIds: 'Kohdetta ei löytynyt organisaatiosta',
    });
  });

  it('saves, never answers or logs the secret, and keeps it when left out', async () => {
    const saved = await saveSettings();
    expect(saved.body).not.toContain(provider.clientSecret);
    expect(saved.json().organizationSso).toMatchObject({
      clientSecretSet: true,
      emailDomains: [fx.orgA.emailDomain, SSO_DOMAIN, fx.orgB.emailDomain].sort(),
      userRoles: 'Pääkäyttäjä',
      userPermissions: '1,2',
      redirectUri,
    });
    const again = await saveSettings({ clientSecret: undefined });
    expect(again.json().organizationSso.clientSecretSet).toBe(true);
    const entries = await auditActions();
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['sso.create', 'sso.update']),
    );
    expect(JSON.stringify(entries)).not.toContain(provider.clientSecret);
  });

  it('tests the connection by reading the discovery document', async () => {
    const good = await as('Ylläpitäjä', 'A').post('/api/organization-sso/test', {
      organizationId: fx.orgA.id,
      issuerUrl: provider.issuer,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({
      message: 'Yhteys tunnistuspalveluun toimii',
      issuer: provider.issuer,
    });
    const bad = await as('Ylläpitäjä', 'A').post('/api/organization-sso/test', {
      organizationId: fx.orgA.id,
      issuerUrl: `${provider.issuer}/nothing-here`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'sso.SSO_DISCOVERY_FAILED',
      error: 'Tunnistuspalvelun tietoja ei saatu haettua. Tarkista palvelun osoite.',
    });
  });

  it('is for Ylläpitäjä and up, in their own organization', async () => {
    const url = `/api/organization-sso?organizationId=${fx.orgA.id}`;
    expect((await as('Pääkäyttäjä', 'A').get(url)).statusCode).toBe(403);
    expect((await as('Ylläpitäjä', 'B').get(url)).statusCode).toBe(404);
    expect((await as('Pääylläpitäjä', 'A').get(url)).statusCode).toBe(200);
    // A domain another organization's sign-in holds is not taken over.
    const taken = await as('Ylläpitäjä', 'B').put(
      '/api/organization-sso',
      settingsOf({ organizationId: fx.orgB.id, emailDomains: [SSO_DOMAIN], targetIds: [] }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({
      emailDomains: 'Verkkotunnus on jo toisen organisaation kertakirjautumisen käytössä',
    });
  });
});

describe('signing in through the organization', () => {
  it('tells the login screen by the domain alone', async () => {
    const known = await as.anonymous.get(
      `/api/auth/sso?email=${encodeURIComponent((await as.user('Käyttäjä', 'A')).email)}`,
    );
    const unknown = await as.anonymous.get(`/api/auth/sso?email=nobody@${fx.orgA.emailDomain}`);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ sso: true, passwordSignIn: true });
    const other = await as.anonymous.get('/api/auth/sso?email=someone@elsewhere.example');
    expect(other.json()).toMatchObject({ sso: false, passwordSignIn: true });
  });

  it('creates a new user with the configured role, permissions and targets', async () => {
    const email = `uusi.kayttaja@${SSO_DOMAIN}`;
    const { complete } = await signInThroughProvider(email);
    expect(complete.statusCode, complete.body).toBe(200);
    const { token, user } = complete.json() as { token: string; user: SessionUser };
    expect(user).toMatchObject({
      userEmail: email,
      userRoles: 'Pääkäyttäjä',
      userPermissions: '1,2',
      userOrganization: fx.orgA.id,
      UserTargets: [{ targetId: fx.orgA.target.id }],
    });
    const auth = await ctx.app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(auth.statusCode).toBe(200);
    expect((await auditActions()).map((e) => e.action)).toEqual(
      expect.arrayContaining(['sso.userCreated', 'sso.signIn']),
    );
  });

  it('links an existing user of the organization by the verified e-mail', async () => {
    const existing = await as.user('Käyttäjä', 'A');
    const { complete } = await signInThroughProvider(existing.email.toUpperCase());
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().user).toMatchObject({ userId: existing.id, userRoles: 'Käyttäjä' });
  });

  it('refuses a replayed state, another browser and a reused code', async () => {
    const { back, cookie, complete } = await signInThroughProvider(`toinen@${SSO_DOMAIN}`);
    expect(complete.statusCode).toBe(200);
    const replay = await ctx.app.inject({
      method: 'GET',
      url: back.slice(ctx.config.publicUrl.length),
      headers: { cookie, ...fromNewIp() },
    });
    const refused = await completeWith(codeOf(String(replay.headers.location)), cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Kirjautuminen on vanhentunut tai jo käytetty. Aloita kirjautuminen uudelleen.',
    );
    const reused = await completeWith(codeOf(String(replay.headers.location)), cookie);
    expect(reused.json().code).toBe('sso.SSO_CODE_INVALID');

    // The provider's redirect arrives in a browser without the cookie: it uses the state up,
    // and the browser that started the sign-in is told so.
    provider.signInAs({ email: `kolmas@${SSO_DOMAIN}`, emailVerified: true });
    const start = await as.anonymous.post('/api/auth/sso/start', {
      userEmail: `kolmas@${SSO_DOMAIN}`,
    });
    const elsewhere = await followToRedirectUri(start.json().url, redirectUri);
    const noCookie = await ctx.app.inject({
      method: 'GET',
      url: elsewhere.slice(ctx.config.publicUrl.length),
      headers: fromNewIp(),
    });
    const code = codeOf(String(noCookie.headers.location));
    const starter = cookieOf(start.headers['set-cookie']);
    const otherBrowser = await completeWith(code, starter);
    expect(otherBrowser.json().code).toBe('sso.SSO_STATE_INVALID');
  });

  it.each([
    ['otherAudience', 'an ID token for another client'],
    ['expired', 'an expired ID token'],
  ] as const)('refuses %s (%s)', async (kind, _what) => {
    provider.misbehave(kind);
    try {
      const { complete } = await signInThroughProvider(`uusi.kayttaja@${SSO_DOMAIN}`);
      expect(complete.statusCode).toBe(400);
      expect(complete.json()).toMatchObject({
        code: 'sso.SSO_TOKEN_INVALID',
        error: 'Tunnistuspalvelun vastausta ei voitu vahvistaa. Kirjautuminen keskeytettiin.',
      });
    } finally {
      provider.misbehave('none');
    }
  });

  it("refuses an unverified e-mail and one outside the organization's domains", async () => {
    const unverified = await signInThroughProvider(`vahvistamaton@${SSO_DOMAIN}`, {
      emailVerified: false,
    });
    expect(unverified.complete.json()).toMatchObject({
      code: 'sso.SSO_EMAIL_NOT_VERIFIED',
      error:
        'Tunnistuspalvelu ei ole vahvistanut sähköpostiosoitettasi. Kirjautuminen keskeytettiin.',
    });
    // The provider vouches for an address of a domain the organization did not list.
    const foreign = await signInThroughProvider(`uusi@${SSO_DOMAIN}`, {
      email: 'mallory@evil.example',
    });
    expect(foreign.complete.json()).toMatchObject({
      code: 'sso.SSO_DOMAIN_NOT_ALLOWED',
      error: 'Sähköpostiosoitteesi verkkotunnus ei kuulu organisaation kertakirjautumiseen',
    });
  });

  it("never links another organization's user with the same e-mail, and audits the refusal", async () => {
    const other = await as.user('Käyttäjä', 'B');
    const { complete } = await signInThroughProvider(other.email);
    expect(complete.statusCode).toBe(400);
    expect(complete.json()).toMatchObject({
      code: 'sso.SSO_OTHER_ORGANIZATION',
      error:
        'Sähköpostiosoitteesi kuuluu toisen organisaation käyttäjälle. Ota yhteyttä ylläpitäjään.',
    });
    const refusal = (await auditActions()).find((e) => e.action === 'sso.refused');
    expect(refusal?.details).toMatchObject({ reason: 'otherOrganization', email: other.email });
  });

  it('refuses password sign-in where the organization turned it off, in Finnish', async () => {
    await saveSettings({ passwordSignIn: false, emailDomains: [SSO_DOMAIN, fx.orgA.emailDomain] });
    const user = await fx.create.account(fx.orgA.id, 'Käyttäjä');
    const lookup = await as.anonymous.get(`/api/auth/sso?email=${encodeURIComponent(user.email)}`);
    expect(lookup.json()).toMatchObject({ sso: true, passwordSignIn: false });
    const login = await as.anonymous.post('/api/login', {
      userEmail: user.email,
      userPassword: user.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe(
      'Organisaatiosi käyttää kertakirjautumista. Kirjaudu organisaation tunnuksella.',
    );
    await saveSettings();
  });

  it('offers nothing once the organization turns it off', async () => {
    await saveSettings({ enabled: false });
    const lookup = await as.anonymous.get(`/api/auth/sso?email=x@${SSO_DOMAIN}`);
    expect(lookup.json()).toMatchObject({ sso: false, passwordSignIn: true });
    const start = await as.anonymous.post('/api/auth/sso/start', { userEmail: `x@${SSO_DOMAIN}` });
    expect(start.statusCode).toBe(400);
    expect(start.json().error).toBe(
      'Tämän sähköpostiosoitteen organisaatiolla ei ole käytössä kertakirjautumista',
    );
    await saveSettings();
  });
});
