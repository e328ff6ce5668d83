import type { Caller } from '../../lib/caller.js';
import { authorize } from '../../lib/scope.js';
import type { MeasurementsRepository } from '../measurements/measurements.repository.js';
import type { DeviceNetworkClient } from './device-network.client.js';

const READ = { do: 'readDeviceNetwork' } as const;

/**
 * The device types table of the external device-network service (spec 001 §2 Vainu 9). The
 * network server's configuration is the deployment's, the same for every organization; each
 * profile carries the Vahti device type the caller's own organization linked to it (the top
 * administrator's too: the link is per organization, and theirs is their home organization's).
 */
export function createDeviceNetworkService({
  client,
  deviceTypes,
}: {
  client: DeviceNetworkClient;
  deviceTypes: Pick<MeasurementsRepository, 'deviceProfileLinks'>;
}) {
  return {
    async listDeviceProfiles(caller: Caller) {
      const scope = authorize(caller, READ);
      const result = await client.listDeviceProfiles();
      if (result.deviceProfiles.length === 0) return result;
      const links = await deviceTypes.deviceProfileLinks(scope, caller.organizationId);
      return {
        ...result,
        deviceProfiles: result.deviceProfiles.map((profile) => ({
          ...profile,
          deviceTypeId: links.get(profile.id) ?? null,
        })),
      };
    },
  };
}

export type DeviceNetworkService = ReturnType<typeof createDeviceNetworkService>;
