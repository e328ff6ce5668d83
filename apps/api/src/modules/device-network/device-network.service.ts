import type { Caller } from '../../lib/caller.js';
import { authorize } from '../../lib/scope.js';
import type { DeviceNetworkClient } from './device-network.client.js';

const READ = { do: 'readDeviceNetwork' } as const;

/**
 * The device types table of the external device-network service (spec 001 §2 Vainu 9). The
 * network server's configuration is the deployment's, the same for every organization: the scope
 * is asked for only to check the caller's role and permission.
 */
export function createDeviceNetworkService({ client }: { client: DeviceNetworkClient }) {
  return {
    listDeviceProfiles(caller: Caller) {
      authorize(caller, READ);
      return client.listDeviceProfiles();
    },
  };
}

export type DeviceNetworkService = ReturnType<typeof createDeviceNetworkService>;
