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

export function createDeviceLookup({ ingest }: { ingest: Pick<IngestRepository, 'devicesByEui'> }) {
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

  return {
    /** The organization's devices among the DevEUIs, by normalized DevEUI (unknown ones absent). */
    async byEui(organizationId: string, deviceEuis: string[]): Promise<Map<string, IngestDevice>> {
      const euis = [
        ...new Set(deviceEuis.map(normalizeEui).filter((e) => /^[0-9A-F]{16}$/.test(e))),
      ];
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
    },
  };
}

export type DeviceLookup = ReturnType<typeof createDeviceLookup>;
