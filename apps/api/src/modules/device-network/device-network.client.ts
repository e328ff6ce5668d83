import type { DeviceNetworkStatus, DeviceProfile } from '@vahti/domain';
import { z } from 'zod';
import type { DeviceNetworkConfig } from '../../config/index.js';

/** Profiles asked for per request to the network server. */
const PAGE_SIZE = 100;
/** At most this many profiles are read per call; `totalCount` still tells how many there are. */
export const MAX_DEVICE_PROFILES = 1000;

/**
 * One item of ChirpStack v4's `GET /api/device-profiles` (its REST API, grpc-gateway JSON).
 * The gateway may leave out fields that hold their default value, so everything but the id and
 * the name is optional here and reported as null when absent.
 */
const upstreamProfile = z.object({
  id: z.string().min(1),
  name: z.string(),
  region: z.string().optional(),
  macVersion: z.string().optional(),
  regParamsRevision: z.string().optional(),
  supportsOtaa: z.boolean().optional(),
  supportsClassB: z.boolean().optional(),
  supportsClassC: z.boolean().optional(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});

/** ChirpStack v4's `GET /api/device-profiles/{id}`: the fields a Vahti type is made from. */
const upstreamDetail = z.object({
  deviceProfile: z.object({
    id: z.string().min(1),
    name: z.string().max(200),
    measurements: z
      .record(
        z.string().max(200),
        z.object({ name: z.string().max(200).optional(), kind: z.string().max(20).optional() }),
      )
      .default({}),
    payloadCodecRuntime: z.string().max(20).optional(),
    payloadCodecScript: z.string().max(100_000).optional(),
    /**
     * The device's expected uplink interval in seconds (uint32; the console's default is 3600):
     * past it without an uplink ChirpStack calls the device inactive. 0 or missing: not given.
     */
    uplinkInterval: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
  }),
});
export type UpstreamProfileDetail = z.infer<typeof upstreamDetail>['deviceProfile'];

const upstreamPage = z.object({
  // uint32 in the protocol; some gateways print 64-bit numbers as strings.
  totalCount: z.coerce.number().int().min(0),
  result: z.array(upstreamProfile).default([]),
});

export type DeviceProfilesResult = {
  status: DeviceNetworkStatus;
  deviceProfiles: DeviceProfile[];
  totalCount: number;
};

/** Where the client reports a failed call: the kind and the HTTP status, nothing else. */
export interface DeviceNetworkLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** A failed call, classified for the screen (see DEVICE_NETWORK_STATUSES). */
class DeviceNetworkFailure extends Error {
  constructor(
    readonly status: Exclude<DeviceNetworkStatus, 'ok' | 'notConfigured'>,
    readonly httpStatus?: number,
  ) {
    super(status);
  }
}

const failed = (status: DeviceNetworkStatus): DeviceProfilesResult => ({
  status,
  deviceProfiles: [],
  totalCount: 0,
});

function toProfile(item: z.infer<typeof upstreamProfile>): DeviceProfile {
  return {
    id: item.id,
    name: item.name,
    region: item.region ?? null,
    macVersion: item.macVersion ?? null,
    regParamsRevision: item.regParamsRevision ?? null,
    supportsOtaa: item.supportsOtaa ?? null,
    supportsClassB: item.supportsClassB ?? null,
    supportsClassC: item.supportsClassC ?? null,
    createdAt: item.createdAt ?? null,
    updatedAt: item.updatedAt ?? null,
    // Vahti's own link, filled in by the service.
    deviceTypeId: null,
  };
}

/**
 * The device-network service (ChirpStack v4 REST API), called by the server only: the API key
 * goes in the Grpc-Metadata-Authorization header and never into an answer or a log line. Every
 * failure is an answer the screen can show (status), never an exception: a network server being
 * down is not our server failing.
 */
export function createDeviceNetworkClient({
  config,
  log,
}: {
  config: DeviceNetworkConfig | null;
  log: DeviceNetworkLog;
}) {
  async function readPage(
    settings: DeviceNetworkConfig,
    offset: number,
    signal: AbortSignal,
  ): Promise<z.infer<typeof upstreamPage>> {
    const url = new URL(`${settings.url}/api/device-profiles`);
    url.searchParams.set('limit', String(PAGE_SIZE));
    url.searchParams.set('offset', String(offset));
    url.searchParams.set('tenantId', settings.tenantId);
    // Since ChirpStack 4.16 a tenant's listing includes the global profiles unless asked not to.
    url.searchParams.set('tenantOnly', 'true');
    const parsed = upstreamPage.safeParse(await getJson(settings, url, signal));
    if (!parsed.success) throw new DeviceNetworkFailure('badResponse', 200);
    return parsed.data;
  }

  /** A GET of the REST API with the key; its JSON, or a DeviceNetworkFailure. */
  async function getJson(settings: DeviceNetworkConfig, url: URL, signal: AbortSignal) {
    const response = await fetch(url, {
      headers: {
        Accept: 'application/json',
        'Grpc-Metadata-Authorization': `Bearer ${settings.apiKey}`,
      },
      // A redirect would carry the key's header to wherever it points: not followed.
      redirect: 'manual',
      signal,
    });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new DeviceNetworkFailure('rejected', response.status);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new DeviceNetworkFailure('badResponse', response.status);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (signal.aborted) throw error;
      throw new DeviceNetworkFailure('badResponse', response.status);
    }
    return body;
  }

  function failure(error: unknown, signal: AbortSignal) {
    const found = classify(error, signal);
    log.warn(
      { deviceNetworkStatus: found.status, httpStatus: found.httpStatus },
      'device-network service call failed',
    );
    return found;
  }

  return {
    /**
     * Every device profile of the tenant (up to MAX_DEVICE_PROFILES), read page by page within
     * one deadline for the whole call.
     */
    async listDeviceProfiles(): Promise<DeviceProfilesResult> {
      if (!config) return failed('notConfigured');
      const signal = AbortSignal.timeout(config.timeoutMs);
      try {
        const profiles: DeviceProfile[] = [];
        let totalCount = 0;
        for (;;) {
          const page = await readPage(config, profiles.length, signal);
          totalCount = page.totalCount;
          profiles.push(...page.result.map(toProfile));
          const done =
            page.result.length === 0 ||
            profiles.length >= totalCount ||
            profiles.length >= MAX_DEVICE_PROFILES;
          if (done) break;
        }
        return {
          status: 'ok',
          deviceProfiles: profiles.slice(0, MAX_DEVICE_PROFILES),
          totalCount: Math.max(totalCount, profiles.length),
        };
      } catch (error) {
        return failed(failure(error, signal).status);
      }
    },

    /**
     * One device profile with what a Vahti type is made from: its measurements (ChirpStack's
     * keys, nested objects joined with `_`) and its codec. null when the network server has no
     * such profile (404).
     */
    async getDeviceProfile(
      id: string,
    ): Promise<{ status: DeviceNetworkStatus; profile: UpstreamProfileDetail | null }> {
      if (!config) return { status: 'notConfigured', profile: null };
      const signal = AbortSignal.timeout(config.timeoutMs);
      try {
        const url = new URL(`${config.url}/api/device-profiles/${encodeURIComponent(id)}`);
        const parsed = upstreamDetail.safeParse(await getJson(config, url, signal));
        if (!parsed.success) throw new DeviceNetworkFailure('badResponse', 200);
        return { status: 'ok', profile: parsed.data.deviceProfile };
      } catch (error) {
        if (error instanceof DeviceNetworkFailure && error.httpStatus === 404) {
          return { status: 'ok', profile: null };
        }
        return { status: failure(error, signal).status, profile: null };
      }
    },
  };
}

export type DeviceNetworkClient = ReturnType<typeof createDeviceNetworkClient>;

/** Timeout, no connection, or what the service answered. */
function classify(error: unknown, signal: AbortSignal): DeviceNetworkFailure {
  if (error instanceof DeviceNetworkFailure) return error;
  if (signal.aborted) return new DeviceNetworkFailure('timeout');
  return new DeviceNetworkFailure('unreachable');
}
