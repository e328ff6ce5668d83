import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceTypesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { measurementKeys } from './measurement-keys';

/** GET /api/device-types: each with its measurements in payload order. */
export function deviceTypesQueryOptions() {
  return queryOptions({
    queryKey: measurementKeys.deviceTypes(),
    queryFn: ({ signal }) =>
      apiRequest('/api/device-types', { schema: deviceTypesResponse, signal }),
    select: (data) => data.deviceTypes,
  });
}
export const useDeviceTypes = () => useQuery(deviceTypesQueryOptions());
