import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeviceProfilesResponse, deviceProfilesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceProfileKeys } from './device-network-keys';

/**
 * GET /api/device-network/device-profiles: the device-network service's device profiles, read
 * by our server (the browser never sees the service's address or key). A service that cannot
 * be read still answers 200, with `status` and `message` saying why the list is empty.
 */
export function getDeviceProfiles(signal?: AbortSignal): Promise<DeviceProfilesResponse> {
  return apiRequest('/api/device-network/device-profiles', {
    schema: deviceProfilesResponse,
    signal,
  });
}

export function deviceProfilesQueryOptions() {
  return queryOptions({
    queryKey: deviceProfileKeys.all,
    queryFn: ({ signal }) => getDeviceProfiles(signal),
  });
}

export function useDeviceProfiles() {
  return useQuery(deviceProfilesQueryOptions());
}
