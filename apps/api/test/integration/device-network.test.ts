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
  fake.globalProfiles = [];
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
      deviceTypeId: null,
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

describe('PATCH /api/device-types/{id}/device-profile: a profile linked to a Vahti device type', () => {
  const profileId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const typesOf = async (org: 'A' | 'B') =>
    (await as('Ylläpitäjä', org).get('/api/device-types')).json().deviceTypes as Array<{
      deviceTypeId: string;
      deviceProfileId: string | null;
    }>;
  const link = (org: 'A' | 'B', typeId: string, deviceProfileId: string | null) =>
    as('Ylläpitäjä', org).patch(`/api/device-types/${typeId}/device-profile`, { deviceProfileId });
  const linkedTypes = async (org: 'A' | 'B') =>
    Object.fromEntries(
      (
        (await as('Ylläpitäjä', org).get(URL_PATH)).json().deviceProfiles as Array<{
          id: string;
          deviceTypeId: string | null;
        }>
      ).map((p) => [p.id, p.deviceTypeId]),
    );

  it('links per organization: the profiles list shows the own link only; unlinking clears it', async () => {
    const [first, second] = await typesOf('A');
    const [ofB] = await typesOf('B');
    if (!first || !second || !ofB) throw new Error('fixtures: device types missing');

    const res = await link('A', first.deviceTypeId, profileId(2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Laiteprofiili liitetty mittarityyppiin');
    expect(res.json().deviceType).toMatchObject({
      deviceTypeId: first.deviceTypeId,
      deviceProfileId: profileId(2),
    });
    expect((await typesOf('A')).find((t) => t.deviceTypeId === first.deviceTypeId)).toMatchObject({
      deviceProfileId: profileId(2),
    });
    expect(await linkedTypes('A')).toEqual({
      [profileId(1)]: null,
      [profileId(2)]: first.deviceTypeId,
      [profileId(3)]: null,
    });
    // B has linked nothing: A's link is not B's.
    expect(Object.values(await linkedTypes('B'))).toEqual([null, null, null]);

    // The same profile on a second type of A: 409, nothing changed.
    const taken = await link('A', second.deviceTypeId, profileId(2));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.deviceProfileId).toBe(
      'Laiteprofiili on jo liitetty toiseen mittarityyppiin',
    );
    expect((await linkedTypes('A'))[profileId(2)]).toBe(first.deviceTypeId);

    // B links the same profile to its own type.
    expect((await link('B', ofB.deviceTypeId, profileId(2))).statusCode).toBe(200);
    expect((await linkedTypes('B'))[profileId(2)]).toBe(ofB.deviceTypeId);
    expect((await linkedTypes('A'))[profileId(2)]).toBe(first.deviceTypeId);

    // Moving the link: unlink, then link the other type.
    const unlinked = await link('A', first.deviceTypeId, null);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().message).toBe('Laiteprofiilin liitos poistettu');
    expect(unlinked.json().deviceType.deviceProfileId).toBeNull();
    expect((await link('A', second.deviceTypeId, profileId(2))).statusCode).toBe(200);
    expect((await linkedTypes('A'))[profileId(2)]).toBe(second.deviceTypeId);
    await link('A', second.deviceTypeId, null);
    await link('B', ofB.deviceTypeId, null);
  });

  it('answers 404 for another organization’s type, 403 to a Käyttäjä, 400 for a bad body', async () => {
    const [ofB] = await typesOf('B');
    const [ofA] = await typesOf('A');
    if (!ofA || !ofB) throw new Error('fixtures: device types missing');
    const foreign = await link('A', ofB.deviceTypeId, profileId(1));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('DEVICE_TYPE_NOT_FOUND');
    expect((await typesOf('B'))[0]?.deviceProfileId).toBeNull();
    const user = await as('Käyttäjä', 'A').patch(
      `/api/device-types/${ofA.deviceTypeId}/device-profile`,
      { deviceProfileId: profileId(1) },
    );
    expect(user.statusCode).toBe(403);
    const missing = await as('Ylläpitäjä', 'A').patch(
      `/api/device-types/${ofA.deviceTypeId}/device-profile`,
      {},
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.deviceProfileId).toBeTruthy();
    const blank = await link('A', ofA.deviceTypeId, '   ');
    expect(blank.statusCode).toBe(400);
    const long = await link('A', ofA.deviceTypeId, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
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

describe('device profiles from ChirpStack 4.16 on, and types made from them (issue 25)', () => {
  it('lists only the tenant’s profiles, not the global ones (tenantOnly=true)', async () => {
    fake.globalProfiles = Array.from({ length: 1200 }, (_, i) => chirpStackProfile(1000 + i));
    const res = await as('Ylläpitäjä', 'A').get(URL_PATH);
    expect(res.json()).toMatchObject({ totalCount: 3 });
    expect(res.json().deviceProfiles).toHaveLength(3);
    expect(fake.requests.every((r) => r.url.includes('tenantOnly=true'))).toBe(true);
  });

  it('makes a linked type of a profile: its measurements at their keys, its JavaScript codec', async () => {
    const profile = {
      ...chirpStackProfile(7),
      name: 'Milesight AM103 (profiili)',
      payloadCodecRuntime: 'JS',
      payloadCodecScript:
        'function decodeUplink(input) { return { data: { temperature: input.bytes[0] } }; }',
      // Reports every 10 minutes (ChirpStack's REST gateway prints uint32 as a number).
      uplinkInterval: 600,
      measurements: {
        temperature: { name: 'Lämpötila AM103', kind: 'GAUGE' },
        humidity: { name: 'Kosteus AM103', kind: 'GAUGE' },
        battery_status: { name: 'Akun tila', kind: 'STRING' },
      },
    };
    fake.profiles.push(profile);
    const admin = as('Ylläpitäjä', 'A');
    const res = await admin.post('/api/device-types/from-profile', { deviceProfileId: profile.id });
    expect(res.statusCode, res.body).toBe(201);
    const type = res.json().deviceType;
    expect(type).toMatchObject({
      deviceTypeName: 'Milesight AM103 (profiili)',
      deviceProfileId: profile.id,
      deviceTypeCodec: { source: 'javascript', script: profile.payloadCodecScript },
      // Three missed uplinks: silent after 30 minutes, not never (issue 27).
      deviceTypeOfflineAfterMinutes: 30,
    });
    expect(
      type.Measurements.map((m: { measurementName: string; decodedPath: string }) => [
        m.measurementName,
        m.decodedPath,
      ]),
    ).toEqual([
      ['Lämpötila AM103', 'temperature'],
      ['Kosteus AM103', 'humidity'],
    ]);
    // The profile now shows its type; a second type of the same profile is refused.
    const listed = (await admin.get(URL_PATH))
      .json()
      .deviceProfiles.find((p: { id: string }) => p.id === profile.id);
    expect(listed.deviceTypeId).toBe(type.deviceTypeId);
    const again = await admin.post('/api/device-types/from-profile', {
      deviceProfileId: profile.id,
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for a profile the network server does not have, 502 while it fails', async () => {
    const admin = as('Ylläpitäjä', 'A');
    const missing = await admin.post('/api/device-types/from-profile', {
      deviceProfileId: 'ei-ole',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Laiteprofiilia ei löytynyt laiteverkosta');
    fake.mode = 'serverError';
    const down = await admin.post('/api/device-types/from-profile', {
      deviceProfileId: chirpStackProfile(1).id,
    });
    expect(down.statusCode).toBe(502);
    expect(
      (await as('Käyttäjä', 'A').post('/api/device-types/from-profile', { deviceProfileId: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
