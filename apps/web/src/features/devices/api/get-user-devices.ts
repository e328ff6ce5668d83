import { useQuery } from '@tanstack/react-query';
import { userDevicesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/all-user-devices-admin: every device-to-user link of the organization. */
export function useUserDevicesAdmin() {
  return useQuery({
    queryKey: deviceKeys.userDevices(),
    queryFn: ({ signal }) =>
      apiRequest('/api/all-user-devices-admin', { schema: userDevicesResponse, signal }),
    select: (data) => data.devices,
  });
}
