import {
  type AcceptNewDeviceBody,
  type acceptNewDeviceBody,
  chirpstackUplink,
  type DismissNewDeviceBody,
  type dismissNewDeviceBody,
  genericUplink,
  NEW_DEVICES_LIST_MAX,
  type NewDeviceRecord,
  ttnUplink,
} from '@vahti/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { authorize, homeOrganization } from '../../lib/scope.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { IngestCaller, IngestService } from '../ingest/ingest.service.js';
import type { NewDevicesRepository } from './new-devices.repository.js';

const READ = { do: 'openSection', section: 'vainu' } as const;
const ONBOARD = { do: 'onboardDevices' } as const;
const MANAGE = { do: 'manageDevices' } as const;

type AcceptBody = z.output<typeof acceptNewDeviceBody>;
type DismissBody = z.output<typeof dismissNewDeviceBody>;

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const string = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);
const hexOf = (base64: unknown) => {
  const text = string(base64);
  return text ? Buffer.from(text, 'base64').toString('hex').toUpperCase() || null : null;
};

/**
 * What a kept uplink's body says about its device: the network server's device profile and name,
 * the payload and the decoded object. ChirpStack v4: deviceInfo.deviceProfileName and deviceName,
 * data, fPort, object. The Things Stack v3: uplink_message.version_ids (brand_id model_id),
 * end_device_ids.device_id, frm_payload, f_port, decoded_payload. Generic: values. A body cut when
 * kept (over 8 KiB) says nothing.
 */
export function describeUplink(source: string, body: string) {
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = record(JSON.parse(body));
  } catch {
    parsed = null;
  }
  const none = {
    deviceProfileName: null,
    networkDeviceName: null,
    lastPayloadHex: null,
    lastFPort: null,
    lastDecoded: null,
  };
  if (!parsed) return none;
  if (source === 'chirpstack') {
    const info = record(parsed.deviceInfo);
    return {
      deviceProfileName: string(info?.deviceProfileName),
      networkDeviceName: string(info?.deviceName),
      lastPayloadHex: hexOf(parsed.data),
      lastFPort: number(parsed.fPort),
      lastDecoded: record(parsed.object),
    };
  }
  if (source === 'ttn') {
    const message = record(parsed.uplink_message);
    const version = record(message?.version_ids);
    const model = [string(version?.brand_id), string(version?.model_id)].filter(Boolean);
    return {
      deviceProfileName: model.length > 0 ? model.join(' ') : null,
      networkDeviceName: string(record(parsed.end_device_ids)?.device_id),
      lastPayloadHex: hexOf(message?.frm_payload),
      lastFPort: number(message?.f_port),
      lastDecoded: record(message?.decoded_payload),
    };
  }
  return { ...none, lastDecoded: record(parsed.values) };
}

/**
 * The "Uudet laitteet" inbox (issue 25): uplinks from DevEUIs no device of the organization has
 * are kept by the ingest (rejected, unknownDevice) with their whole body. Listed here per DevEUI;
 * accepting one adds the device (the add-device rules, history and audit) and replays its kept
 * uplinks through the ingest in the same transaction, so they become readings at their own
 * times; dismissing hides it. The Vainu permission and Ylläpitäjä or above.
 */
export function createNewDevicesService({
  db,
  inbox,
  devices,
  ingest,
  audit,
}: {
  db: Db;
  inbox: NewDevicesRepository;
  devices: Pick<DevicesService, 'create'>;
  ingest: Pick<IngestService, 'chirpstack' | 'ttn' | 'generic'>;
  audit: Pick<AuditService, 'record'>;
}) {
  /** Replays one kept uplink; false when its body cannot be read back as the uplink it was. */
  async function replay(
    caller: IngestCaller,
    kept: { source: string; body: string; bodyBytes: number },
  ) {
    // A body cut (or altered) when kept is no longer the uplink.
    if (Buffer.byteLength(kept.body) !== kept.bodyBytes) return null;
    let body: unknown;
    try {
      body = JSON.parse(kept.body);
    } catch {
      return null;
    }
    const parsers = { chirpstack: chirpstackUplink, ttn: ttnUplink, generic: genericUplink };
    const schema = parsers[kept.source as keyof typeof parsers];
    const parsed = schema?.safeParse(body);
    if (!parsed?.success) return null;
    if (kept.source === 'chirpstack') {
      return ingest.chirpstack(caller, parsed.data as z.output<typeof chirpstackUplink>);
    }
    if (kept.source === 'ttn') return ingest.ttn(caller, parsed.data as z.output<typeof ttnUplink>);
    return ingest.generic(caller, parsed.data as z.output<typeof genericUplink>);
  }

  return {
    async list(caller: Caller): Promise<NewDeviceRecord[]> {
      const scope = authorize(caller, READ, ONBOARD);
      const rows = await inbox.list(scope, NEW_DEVICES_LIST_MAX);
      const newest = await inbox.newestOf(
        scope,
        rows.map((row) => row.deviceEui),
      );
      return rows.map((row) => {
        const last = newest.get(`${row.organizationId} ${row.deviceEui}`);
        return {
          ...row,
          source: last?.source ?? '',
          ...describeUplink(last?.source ?? '', last?.body ?? ''),
        };
      });
    },

    /**
     * Adds the device and stores its kept uplinks as readings, all in one transaction; answers
     * how many were replayed and stored. 404 NEW_DEVICE_NOT_FOUND when the organization has no
     * kept uplink of the DevEUI.
     */
    async accept(caller: Caller, input: AcceptNewDeviceBody) {
      const body = input as AcceptBody;
      const scope = authorize(caller, READ, MANAGE, ONBOARD);
      // Anyone but the top administrator accepts into their own organization; naming another is
      // judged by the device's creation (404 for another's target or type first, ADR 0007).
      const organizationId =
        scope.organizationId ??
        homeOrganization(scope, body.deviceOrganizationId, 'deviceOrganizationId');
      const kept = await inbox.kept(scope, organizationId, body.deviceEui);
      if (kept.length === 0) throw notFound('NEW_DEVICE_NOT_FOUND');
      return db.transaction(async () => {
        const device = await devices.create(caller, body);
        const ingestCaller: IngestCaller = { keyId: 'new-devices', organizationId };
        const replayed: string[] = [];
        let stored = 0;
        for (const uplink of kept) {
          const answer = await replay(ingestCaller, uplink);
          if (!answer) continue;
          replayed.push(uplink.id);
          stored += answer.stored;
        }
        await inbox.remove(scope, replayed);
        await audit.record(scope, {
          action: 'newDevice.accept',
          entityId: device.deviceId,
          organizationId,
          details: { deviceEui: body.deviceEui, replayed: replayed.length, stored },
        });
        return {
          device,
          replayed: replayed.length,
          stored,
          notReplayed: kept.length - replayed.length,
        };
      });
    },

    /** Hides the DevEUI from the inbox; its uplinks stay with the rejected ones. */
    async dismiss(caller: Caller, input: DismissNewDeviceBody) {
      const body = input as DismissBody;
      const scope = authorize(caller, READ, ONBOARD);
      const organizationId = homeOrganization(scope, body.organizationId, 'organizationId');
      const kept = await inbox.kept(scope, organizationId, body.deviceEui);
      if (kept.length === 0) throw notFound('NEW_DEVICE_NOT_FOUND');
      await db.transaction(async () => {
        await inbox.dismiss(scope, organizationId, body.deviceEui);
        await audit.record(scope, {
          action: 'newDevice.dismiss',
          entityId: null,
          organizationId,
          details: { deviceEui: body.deviceEui, uplinks: kept.length },
        });
      });
    },
  };
}

export type NewDevicesService = ReturnType<typeof createNewDevicesService>;
