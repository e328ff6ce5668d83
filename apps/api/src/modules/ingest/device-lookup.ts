// Device lookup: the devices a request's uplinks name, by DevEUI within the key's organization
// (`systemScope('ingest', organization)`). Concurrent requests share one query per organization.
import DataLoader from 'dataloader';
import { inTransaction } from '../../db/transactions.js';
import { systemScope } from '../../lib/scope.js';
import { BATCHING } from './batching.js';
import type { IngestRepository } from './ingest.repository.js';

export type IngestDevice = Awaited<ReturnType<IngestRepository['devicesByEui']>>[number];

/** DevEUIs are stored as 16 upper-case hex digits; uplinks may write them with separators. */
export const normalizeEui = (eui: string) => eui.replace(/[-:\s]/g, '').toUpperCase();

/** The Things Stack's default device id, `eui-` and the DevEUI in lower-case hex. */
const euiOfDeviceId = (id: string) => /^eui-([0-9a-f]{16})$/i.exec(id)?.[1]?.toUpperCase();

export function createDeviceLookup({
  ingest,
}: {
  ingest: Pick<IngestRepository, 'devicesByEui' | 'devicesByName'>;
}) {
  /** Keyed `<organization id> <DevEUI>`; each organization's devices read in its own scope. */
  const loader = new DataLoader<string, IngestDevice | null>(async (wanted) => {
    const byOrganization = new Map<string, string[]>();
    for (const key of wanted) {
      const [organizationId = '', eui = ''] = key.split(' ');
      byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), eui]);
    }
    const found = new Map<string, IngestDevice>();
    await Promise.all(
      [...byOrganization].map(async ([organizationId, euis]) => {
        const rows = await ingest.devicesByEui(systemScope('ingest', organizationId), euis);
        for (const row of rows) found.set(`${organizationId} ${row.deviceEui}`, row);
      }),
    );
    return wanted.map((key) => found.get(key) ?? null);
  }, BATCHING);

  /** The organization's devices among the DevEUIs, by normalized DevEUI (unknown ones absent). */
  async function byEui(
    organizationId: string,
    deviceEuis: string[],
  ): Promise<Map<string, IngestDevice>> {
    const euis = [...new Set(deviceEuis.map(normalizeEui).filter((e) => /^[0-9A-F]{16}$/.test(e)))];
    // In a caller's transaction the lookup is its own; otherwise it joins concurrent requests'.
    const found = inTransaction()
      ? await ingest.devicesByEui(systemScope('ingest', organizationId), euis)
      : (await loader.loadMany(euis.map((eui) => `${organizationId} ${eui}`))).map((device) => {
          if (device instanceof Error) throw device;
          return device;
        });
    return new Map(
      found.flatMap((device) => (device ? [[device.deviceEui, device] as const] : [])),
    );
  }

  /**
   * The organization's devices named by The Things Stack device ids (uplinks without a DevEUI),
   * by id; never a device of another organization. An id `eui-<16 hex digits>` (The Things
   * Stack's default) names the device with that DevEUI; any other id names the one device whose
   * serial number, else whose name, equals it ignoring case. An id that names none, or more than
   * one device by the same rule, is absent (unknownDevice).
   */
  async function byDeviceId(
    organizationId: string,
    deviceIds: string[],
  ): Promise<Map<string, IngestDevice>> {
    const ids = [...new Set(deviceIds)];
    const found = new Map<string, IngestDevice>();
    const euiIds = ids.filter((id) => euiOfDeviceId(id));
    const devicesByEui = await byEui(
      organizationId,
      euiIds.map((id) => euiOfDeviceId(id) ?? ''),
    );
    for (const id of euiIds) {
      const device = devicesByEui.get(euiOfDeviceId(id) ?? '');
      if (device) found.set(id, device);
    }
    const names = ids.filter((id) => !euiOfDeviceId(id)).map((id) => id.toLowerCase());
    const rows = await ingest.devicesByName(systemScope('ingest', organizationId), [
      ...new Set(names),
    ]);
    for (const id of ids.filter((each) => !euiOfDeviceId(each))) {
      const wanted = id.toLowerCase();
      const bySerial = rows.filter((row) => row.serialNumber.toLowerCase() === wanted);
      const byName = rows.filter((row) => row.name.toLowerCase() === wanted);
      const [device, ...others] = bySerial.length > 0 ? bySerial : byName;
      if (device && others.length === 0) {
        const { serialNumber: _serial, name: _name, ...rest } = device;
        found.set(id, rest);
      }
    }
    return found;
  }

  return { byEui, byDeviceId };
}

export type DeviceLookup = ReturnType<typeof createDeviceLookup>;
