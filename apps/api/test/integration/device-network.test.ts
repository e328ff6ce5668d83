import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceNetworkConfig } from '../../src/config/index.js';
import {
  createDeviceNetworkClient,
  type DeviceNetworkLog,
} from '../../src/modules/device-network/device-network.client.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import type { TestContext } from '../helpers/app.js';
import {
  chirpStackProfile,
  closedPortUrl,
  FAKE_API_KEY,
  FAKE_TENANT_ID,
  type FakeChirpStack,
  startFakeChirpStack,
} from '../helpers/fake-chirpstack.js';

const URL_PATH = '/api/device-network/device-profiles';

let fake: FakeChirpStack;
let ctx: TestContext;
let as: Actors;

beforeAll(async () => {
  fake = await startFakeChirpStack();
  ({ ctx, as } = await startApiTest({
    env: {
      DEVICE_NETWORK_URL: fake.url,
      DEVICE_NETWORK_API_KEY: FAKE_API_KEY,
      DEVICE_NETWORK_TENANT_ID: FAKE_TENANT_ID,
      DEVICE_NETWORK_TIMEOUT_MS: '1000',
    },
  }));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'normal';
  fake.requests.length = 0;
  fake.profiles = [1, 2, 3].map(chirpStackProfile);
});

const profilePages = () =>
  fake.requests.map((r) => {
    const query = new URL(r.url, 'http://x').searchParams;
    return [query.get('offset'), query.get('limit')];
  });

describe('GET /api/device-network/device-profiles', () => {
  it("lists the tenant's profiles, the key sent in the header only and never answered", async () => {
    const res = await as('Ylläpitäjä', 'A').get(URL_PATH);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Laitetyypit haettu laiteverkosta',
      status: 'ok',
      totalCount: 3,
    });
    expect(body.deviceProfiles[0]).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Sisäilma-anturi 001',
      region: 'EU868',
      macVersion: 'LORAWAN_1_0_3',
      regParamsRevision: 'RP002_1_0_3',
      supportsOtaa: true,
      supportsClassB: false,
      supportsClassC: false,
      createdAt: '2026-01-05T08:30:00Z',
      updatedAt: '2026-02-01T10:00:00Z',
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.headers['grpc-metadata-authorization']).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(request?.headers.authorization).toBeUndefined();
    expect(new URL(request?.url ?? '', 'http://x').searchParams.get('tenantId')).toBe(
      FAKE_TENANT_ID,
    );
    expect(res.body).not.toContain(FAKE_API_KEY);
    expect(res.body).not.toContain(fake.url);
  });

  it('reads every page of a long list, in order', async () => {
    fake.profiles = Array.from({ length: 250 }, (_, i) => chirpStackProfile(i + 1));
    const res = await as('Pääkäyttäjä', 'A').get(URL_PATH);
    expect(res.statusCode, res.body).toBe(200);
    const { deviceProfiles, totalCount } = res.json();
    expect(totalCount).toBe(250);
    expect(deviceProfiles).toHaveLength(250);
    expect(deviceProfiles.map((p: { name: string }) => p.name)).toEqual(
      fake.profiles.map((p) => p.name),
    );
    expect(profilePages()).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
  });

  it('stops at 1000 profiles and still tells how many there are', async () => {
    fake.profiles = Array.from({ length: 1005 }, (_, i) => chirpStackProfile(i + 1));
    const res = await as('Ylläpitäjä', 'A').get(URL_PATH);
    const { deviceProfiles, totalCount } = res.json();
    expect(totalCount).toBe(1005);
    expect(deviceProfiles).toHaveLength(1000);
    expect(fake.requests).toHaveLength(10);
  });

  it('is the same list for every organization: the setting is the deployment’s', async () => {
    const ofA = await as('Ylläpitäjä', 'A').get(URL_PATH);
    const ofB = await as('Ylläpitäjä', 'B').get(URL_PATH);
    const top = await as('Pääylläpitäjä', 'A').get(URL_PATH);
    expect(ofB.json().deviceProfiles).toEqual(ofA.json().deviceProfiles);
    expect(top.json().deviceProfiles).toEqual(ofA.json().deviceProfiles);
  });

  it('refuses a Käyttäjä (403) without calling the network server, and anonymous callers', async () => {
    const res = await as('Käyttäjä', 'A').get(URL_PATH);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await as.anonymous.get(URL_PATH)).statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['serverError', 'badResponse', 'Laiteverkon palvelu vastasi virheellisesti.'],
    ['badJson', 'badResponse', 'Laiteverkon palvelu vastasi virheellisesti.'],
    ['wrongShape', 'badResponse', 'Laiteverkon palvelu vastasi virheellisesti.'],
    ['hang', 'timeout', 'Laiteverkon palvelu ei vastannut ajoissa.'],
  ] as const)(
    'a network server in mode %s answers 200 with status %s and the Finnish text',
    async (mode, status, text) => {
      fake.mode = mode;
      const res = await as('Ylläpitäjä', 'A').get(URL_PATH);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.status).toBe(status);
      expect(body.message).toContain(text);
      expect(body.deviceProfiles).toEqual([]);
      expect(res.body).not.toContain(FAKE_API_KEY);
    },
  );

  it('speaks the caller’s language', async () => {
    fake.mode = 'serverError';
    const res = await as('Ylläpitäjä', 'A').get(URL_PATH, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.json().message).toBe(
      'The device-network service gave an invalid answer. Please try again shortly.',
    );
  });
});

describe('device-network client', () => {
  const settings = (overrides: Partial<DeviceNetworkConfig> = {}): DeviceNetworkConfig => ({
    url: fake.url,
    apiKey: FAKE_API_KEY,
    tenantId: FAKE_TENANT_ID,
    timeoutMs: 1000,
    ...overrides,
  });
  const capture = () => {
    const lines: string[] = [];
    const log: DeviceNetworkLog = {
      warn: (details, message) => lines.push(JSON.stringify({ ...details, message })),
    };
    return { log, lines };
  };

  it('says notConfigured without any call when the settings are absent', async () => {
    const { log, lines } = capture();
    const result = await createDeviceNetworkClient({ config: null, log }).listDeviceProfiles();
    expect(result).toEqual({ status: 'notConfigured', deviceProfiles: [], totalCount: 0 });
    expect(fake.requests).toHaveLength(0);
    expect(lines).toEqual([]);
  });

  it.each([
    ['a wrong key', { apiKey: 'vaara-avain-123' }, 401],
    ['another tenant', { tenantId: '11111111-2222-4333-8444-555555555555' }, 403],
  ])('reports %s as rejected and logs it without the key', async (_what, overrides, httpStatus) => {
    const { log, lines } = capture();
    const client = createDeviceNetworkClient({ config: settings(overrides), log });
    expect((await client.listDeviceProfiles()).status).toBe('rejected');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      deviceNetworkStatus: 'rejected',
      httpStatus,
    });
    for (const secret of [FAKE_API_KEY, 'vaara-avain-123', fake.url]) {
      expect(lines.join('\n')).not.toContain(secret);
    }
  });

  it('reports a server nobody listens on as unreachable', async () => {
    const { log, lines } = capture();
    const client = createDeviceNetworkClient({
      config: settings({ url: await closedPortUrl() }),
      log,
    });
    expect((await client.listDeviceProfiles()).status).toBe('unreachable');
    expect(lines.join('\n')).not.toContain(FAKE_API_KEY);
  });

  it('does not follow a redirect, which would carry the key elsewhere', async () => {
    const { log } = capture();
    const client = createDeviceNetworkClient({
      config: settings({ url: `${fake.url}/moved` }),
      log,
    });
    // Followed, the redirect would have led to the list.
    expect((await client.listDeviceProfiles()).status).toBe('badResponse');
    expect(fake.requests.map((r) => r.url.split('?')[0])).toEqual(['/moved/api/device-profiles']);
  });
});
