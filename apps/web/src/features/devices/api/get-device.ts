import { useQuery } from '@tanstack/react-query';
import { deviceOverviewResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/devices/{deviceId}: the device page's device, health and latest values. */
export function useDevice(deviceId: string) {
  return useQuery({
    queryKey: deviceKeys.device(deviceId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/devices/${encodeURIComponent(deviceId)}`, {
        schema: deviceOverviewResponse,
        signal,
      }),
    // Readings have no event of their own: the latest values refresh as the dashboard's do.
    refetchInterval: 60_000,
  });
}
