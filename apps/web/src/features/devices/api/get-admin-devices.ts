import { queryOptions, useQuery } from '@tanstack/react-query';
import { devicesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/devices-admin: every device of the organization (the admin list). */
export function adminDevicesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.admin(),
    queryFn: ({ signal }) => apiRequest('/api/devices-admin', { schema: devicesResponse, signal }),
    select: (data) => data.devices,
  });
}
export const useAdminDevices = () => useQuery(adminDevicesQueryOptions());
