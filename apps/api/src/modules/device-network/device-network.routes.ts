import { deviceProfilesResponse } from '@vahti/domain';
import { errors, ok, signedIn } from '../../plugins/route-groups.js';
import type { DeviceNetworkService } from './device-network.service.js';

interface Options {
  deviceNetwork: DeviceNetworkService;
}

/**
 * The external device-network service (ChirpStack v4), spec 001 §2 Vainu 9 and §7 ("a GET to an
 * external device-network service lists device types"). The server makes that call with the
 * credential from its environment; the browser only ever calls this route.
 */
export const deviceNetworkRoutes = signedIn<Options>('device-network', (app, { deviceNetwork }) => {
  app.get('/api/device-network/device-profiles', {
    schema: {
      operationId: 'listDeviceProfiles',
      summary: 'Device profiles (device types) of the device-network service',
      description:
        "Vainu permission and a role above Käyttäjä (403 FORBIDDEN otherwise). The network server's settings (DEVICE_NETWORK_URL, DEVICE_NETWORK_API_KEY, DEVICE_NETWORK_TENANT_ID) are the deployment's, the same list for every organization. Always 200 once the caller may ask: `status` says whether the list could be read (ok) or why not (notConfigured, rejected, timeout, unreachable, badResponse), and `message` says it in the caller's language; the list is then empty. Every profile of the tenant is read page by page, at most 1000.",
      response: { 200: deviceProfilesResponse, ...errors(403) },
    },
    handler: async (request) => {
      const result = await deviceNetwork.listDeviceProfiles(request.caller);
      return ok(request, `messages.deviceNetwork.${result.status}`, result);
    },
  });
});
