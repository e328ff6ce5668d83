import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceTypesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceTypesKey } from './device-network-keys';

/** GET /api/device-types: the organization's Vahti device types to pick from. */
export function linkableDeviceTypesQueryOptions() {
  return queryOptions({
    queryKey: deviceTypesKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/device-types', { schema: deviceTypesResponse, signal }),
    select: (data) => data.deviceTypes,
  });
}
export const useLinkableDeviceTypes = () => useQuery(linkableDeviceTypesQueryOptions());
