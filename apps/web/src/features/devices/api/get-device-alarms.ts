import { useQuery } from '@tanstack/react-query';
import { alarmListResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/device-alarms?id= of one device: its alarms, newest first. */
export function useDeviceAlarms(deviceId: string) {
  return useQuery({
    queryKey: deviceKeys.alarms(deviceId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/device-alarms?${new URLSearchParams({ id: deviceId })}`, {
        schema: alarmListResponse,
        signal,
      }),
    select: (data) => data.alarms,
  });
}
