// Preparing a request: its uplinks checked (device known in the key's organization, time sane),
// decoded (decoder.ts) and turned into the rows the writer stores: readings, each once per
// request, and rejected uplinks with their reason and body. Reads only; writes nothing.
import { isInstant, type RejectReason } from '@vahti/domain';
import { systemScope } from '../../lib/scope.js';
import type { Decoder } from './decoder.js';
import type { DeviceLookup } from './device-lookup.js';
import { normalizeEui } from './device-lookup.js';
import type { ReadingRow, RejectedRow } from './ingest.repository.js';
import {
  type HealthObservation,
  type IngestCaller,
  type Prepared,
  readingKey,
  type Uplink,
  type UplinkOrigin,
} from './types.js';

/** The earliest measurement time accepted, and how far ahead of now a device clock may run. */
const EARLIEST = Date.UTC(2000, 0, 1);
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;
/** A rejected uplink's body is kept up to this many characters. */
export const REJECTED_BODY_MAX = 8192;

/** A body as kept with a rejected uplink: its JSON, or a note when it has none. */
export function bodyText(raw: unknown): string {
  try {
    return JSON.stringify(raw) ?? '';
  } catch {
    return '(the body could not be written out)';
  }
}

/** A rejected uplink's row: the body cut at REJECTED_BODY_MAX, its whole size kept. */
export function rejectedRow(
  caller: IngestCaller,
  source: string,
  reason: RejectReason,
  deviceEui: string | null,
  body: string,
): RejectedRow {
  return {
    organizationId: caller.organizationId,
    source,
    reason,
    deviceEui: deviceEui?.slice(0, 64) ?? null,
    // PostgreSQL's text holds no NUL character.
    body: body.slice(0, REJECTED_BODY_MAX).replaceAll('\u0000', '\uFFFD'),
    bodyBytes: Buffer.byteLength(body),
  };
}

export function createPrepare({
  devices,
  decoder,
  now,
}: {
  devices: DeviceLookup;
  decoder: Decoder;
  now: () => number;
}) {
  /** RFC 3339 only (`isInstant`): `new Date()` alone takes "0" and rolls 2026-02-30 over. */
  function measuredAt(time: string | undefined, receivedAt: Date): Date | null {
    if (time === undefined) return receivedAt;
    if (!isInstant(time)) return null;
    const at = new Date(time);
    const ms = at.getTime();
    if (Number.isNaN(ms) || ms < EARLIEST || ms > now() + FUTURE_SLACK_MS) return null;
    return at;
  }

  /** A request's uplinks decoded, ready for the writer: readings, rejections, how many accepted. */
  return async function prepare(
    caller: IngestCaller,
    uplinks: Uplink[],
    origin: UplinkOrigin,
    /** When they arrived: now, or for a journaled uplink when the webhook brought it. */
    receivedAt = new Date(now()),
  ): Promise<Prepared> {
    const scope = systemScope('ingest', caller.organizationId);
    const byEui = await devices.byEui(
      caller.organizationId,
      uplinks.flatMap((u) => (u.deviceId === undefined ? [u.deviceEui] : [])),
    );
    const byDeviceId = await devices.byDeviceId(
      caller.organizationId,
      uplinks.flatMap((u) => (u.deviceId === undefined ? [] : [u.deviceId])),
    );
    const readings = new Map<string, ReadingRow>();
    const rejected: RejectedRow[] = [];
    const health: HealthObservation[] = [];
    let accepted = 0;

    for (const uplink of uplinks) {
      const reject = (reason: RejectReason, field?: string, detail?: string) => {
        rejected.push({
          ...rejectedRow(
            caller,
            uplink.source,
            reason,
            uplink.deviceEui || null,
            bodyText(uplink.raw),
          ),
          field: field?.slice(0, 200) ?? null,
          detail: detail?.slice(0, 500) ?? null,
        });
      };
      // A simulated uplink (The Things Stack's Console or API) is listed, never a reading or alarm.
      if (uplink.simulated) {
        reject('simulated');
        continue;
      }
      const device =
        uplink.deviceId === undefined
          ? byEui.get(normalizeEui(uplink.deviceEui))
          : byDeviceId.get(uplink.deviceId);
      if (!device) {
        reject('unknownDevice');
        continue;
      }
      const at = measuredAt(uplink.time, receivedAt);
      if (!at) {
        reject('invalidTime', uplink.source === 'ttn' ? 'received_at' : 'time');
        continue;
      }
      // Device health: the radio figures of every uplink of a known device, decodable or not.
      const observed: HealthObservation = {
        kind: 'uplink',
        deviceId: device.deviceId,
        at,
        radio: uplink.radio,
        fPort: uplink.fPort,
        fCnt: uplink.fCnt,
        payload: uplink.payload,
      };
      health.push(observed);
      const decoded = await decoder.decode(scope, device.deviceTypeId, uplink, receivedAt);
      if ('reason' in decoded) {
        reject(decoded.reason, decoded.field, decoded.detail);
        continue;
      }
      observed.values = decoded.values;
      const dedupKey = uplink.dedupId ?? `${uplink.fCnt ?? ''}:${at.toISOString()}`;
      accepted += 1;
      const key = readingKey(device.deviceId, dedupKey);
      if (!readings.has(key)) {
        readings.set(key, {
          organizationId: caller.organizationId,
          deviceId: device.deviceId,
          createdAt: at,
          receivedAt,
          fCnt: uplink.fCnt ?? null,
          dedupKey,
          data: decoded.values,
          ...(uplink.time === undefined && { untimed: true }),
        });
      }
    }
    return { origin, scope, readings: [...readings.values()], rejected, accepted, health };
  };
}

export type Prepare = ReturnType<typeof createPrepare>;
