import type { DeviceTypeSamplesResponse } from '@vahti/domain';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, toDate } from '../../db/client.js';
import { deviceHealth, devices, rejectedUplinks } from '../../db/schema/index.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** Rejections about what the payload held: worth replaying through an edited codec. */
const PAYLOAD_REASONS = [
  'undecodable',
  'payloadTooShort',
  'invalidValue',
  'unknownFrame',
  'codecFailed',
  'unmappedPayload',
];

type Sample = DeviceTypeSamplesResponse['samples'][number];

/** A kept body's payload and FPort: ChirpStack's `data`/`fPort`, The Things Stack's frm_payload. */
function payloadOf(body: string): { payload: string; fPort: number | null } | null {
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const ttn = json.uplink_message as Record<string, unknown> | undefined;
    const data = typeof json.data === 'string' ? json.data : ttn?.frm_payload;
    const fPort = typeof json.fPort === 'number' ? json.fPort : ttn?.f_port;
    if (typeof data !== 'string' || data === '') return null;
    return { payload: data, fPort: typeof fPort === 'number' ? fPort : null };
  } catch {
    return null;
  }
}

const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

/** Device types' own reads beyond the catalogue (the measurements repository has those). */
export function createDeviceTypesRepository(db: Db) {
  return {
    /**
     * The newest real payloads of the type's devices in scope, at most `limit` of each kind: each
     * device's newest uplink (decoded or not) and the uplinks rejected for their payload.
     */
    async samples(scope: Scope, deviceTypeId: string, limit = 10): Promise<Sample[]> {
      const stored = await db
        .select({
          deviceName: devices.deviceName,
          deviceEui: devices.deviceEui,
          at: deviceHealth.uplinkAt,
          fPort: deviceHealth.fPort,
          payload: deviceHealth.payload,
        })
        .from(deviceHealth)
        .innerJoin(devices, eq(devices.deviceId, deviceHealth.deviceId))
        .where(
          and(
            eq(devices.deviceTypeId, deviceTypeId),
            inScope(devices.organizationId, scope),
            isNotNull(deviceHealth.payload),
            isNotNull(deviceHealth.uplinkAt),
          ),
        )
        .orderBy(desc(deviceHealth.uplinkAt))
        .limit(limit);
      const rejected = await db
        .select({
          deviceName: devices.deviceName,
          deviceEui: devices.deviceEui,
          at: rejectedUplinks.receivedAt,
          reason: rejectedUplinks.reason,
          body: rejectedUplinks.body,
        })
        .from(rejectedUplinks)
        .innerJoin(
          devices,
          and(
            eq(devices.organizationId, rejectedUplinks.organizationId),
            eq(devices.deviceEui, sql`upper(${rejectedUplinks.deviceEui})`),
          ),
        )
        .where(
          and(
            eq(devices.deviceTypeId, deviceTypeId),
            inScope(rejectedUplinks.organizationId, scope),
            inArray(rejectedUplinks.reason, PAYLOAD_REASONS),
          ),
        )
        .orderBy(desc(rejectedUplinks.receivedAt))
        .limit(limit);
      const rejectedSamples: Sample[] = rejected.flatMap((row) => {
        const found = payloadOf(row.body);
        return found
          ? [
              {
                deviceName: row.deviceName,
                deviceEui: row.deviceEui,
                at: toDate(row.at).toISOString(),
                fPort: found.fPort,
                payload: hex(found.payload),
                rejectedReason: row.reason,
              },
            ]
          : [];
      });
      // A device's newest uplink may be one of the rejected: listed once, with its reason.
      const listed = new Set(rejectedSamples.map((r) => `${r.deviceEui}:${r.payload}`));
      const samples: Sample[] = [
        ...stored.flatMap((row) =>
          row.payload && !listed.has(`${row.deviceEui}:${hex(row.payload)}`)
            ? [
                {
                  deviceName: row.deviceName,
                  deviceEui: row.deviceEui,
                  at: toDate(row.at).toISOString(),
                  fPort: row.fPort,
                  payload: hex(row.payload),
                  rejectedReason: null,
                },
              ]
            : [],
        ),
        ...rejectedSamples,
      ];
      return samples.sort((a, b) => b.at.localeCompare(a.at));
    },
  };
}

export type DeviceTypesRepository = ReturnType<typeof createDeviceTypesRepository>;
