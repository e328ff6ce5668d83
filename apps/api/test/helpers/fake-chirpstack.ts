import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_API_KEY = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.salainen-avain';
export const FAKE_TENANT_ID = '52f14cd4-c6f1-4fbd-8f87-4025e1d49242';

/** What the fake network server does with the next requests. */
export type FakeMode = 'normal' | 'serverError' | 'badJson' | 'wrongShape' | 'hang';

export interface FakeChirpStack {
  url: string;
  /** The device profiles of FAKE_TENANT_ID. */
  profiles: Array<Record<string, unknown>>;
  /**
   * Global (non-tenant) profiles: since ChirpStack 4.16 a tenant's listing includes them unless
   * `tenantOnly=true` (api/proto/api/device_profile.proto, ListDeviceProfilesRequest).
   */
  globalProfiles: Array<Record<string, unknown>>;
  mode: FakeMode;
  /** Every request seen: path with query, and headers. */
  requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** A profile as ChirpStack v4's REST API lists it. */
export function chirpStackProfile(
  n: number,
): Record<string, unknown> & { id: string; name: string } {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    createdAt: '2026-01-05T08:30:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    name: `Sisäilma-anturi ${String(n).padStart(3, '0')}`,
    region: 'EU868',
    macVersion: 'LORAWAN_1_0_3',
    regParamsRevision: 'RP002_1_0_3',
    supportsOtaa: true,
    supportsClassB: false,
    supportsClassC: n % 2 === 0,
  };
}

/**
 * An in-process stand-in for ChirpStack v4's REST API (`GET /api/device-profiles?limit&offset&
 * tenantId`, key in `Grpc-Metadata-Authorization: Bearer …`), answering as the real one does:
 * 401 for a wrong key, 403 for another tenant, `{ totalCount, result }` pages otherwise.
 */
export async function startFakeChirpStack(): Promise<FakeChirpStack> {
  const fake = {
    profiles: [] as Array<Record<string, unknown>>,
    globalProfiles: [] as Array<Record<string, unknown>>,
    mode: 'normal' as FakeMode,
    requests: [] as FakeChirpStack['requests'],
  };
  const server = createServer((req, res) => {
    fake.requests.push({ url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (fake.mode === 'hang') return; // never answers; closed with the server
    if (url.pathname.startsWith('/moved/')) {
      res.writeHead(307, { location: `${url.pathname.slice('/moved'.length)}${url.search}` });
      return res.end();
    }
    const one = /^\/api\/device-profiles\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || (url.pathname !== '/api/device-profiles' && !one)) {
      return json(404, { code: 5, message: 'Not Found', details: [] });
    }
    if (req.headers['grpc-metadata-authorization'] !== `Bearer ${FAKE_API_KEY}`) {
      return json(401, { code: 16, message: 'authentication failed', details: [] });
    }
    if (one) {
      // GetDeviceProfile: { deviceProfile, createdAt, updatedAt }; 404 code 5 when unknown.
      const found = fake.profiles.find((p) => p.id === decodeURIComponent(one[1] ?? ''));
      if (fake.mode === 'serverError') return json(503, 'upstream connect error');
      if (!found) return json(404, { code: 5, message: 'Object does not exist', details: [] });
      const { createdAt, updatedAt, ...deviceProfile } = found;
      return json(200, {
        deviceProfile: { tenantId: FAKE_TENANT_ID, ...deviceProfile },
        createdAt,
        updatedAt,
      });
    }
    if (url.searchParams.get('tenantId') !== FAKE_TENANT_ID) {
      return json(403, { code: 7, message: 'permission denied', details: [] });
    }
    if (fake.mode === 'serverError') return json(503, 'upstream connect error');
    if (fake.mode === 'badJson') return json(200, '{"totalCount": 1, "result": [');
    if (fake.mode === 'wrongShape') return json(200, { devices: [] });
    const limit = Number(url.searchParams.get('limit') ?? 0);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const listed =
      url.searchParams.get('tenantOnly') === 'true'
        ? fake.profiles
        : [...fake.profiles, ...fake.globalProfiles];
    return json(200, {
      totalCount: listed.length,
      result: listed.slice(offset, offset + limit),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A local address nobody listens on. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
