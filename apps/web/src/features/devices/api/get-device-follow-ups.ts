import { useQuery } from '@tanstack/react-query';
import { addDays, followUpsResponse, helsinkiToday } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/**
 * GET /api/device-follow-ups: the answers of the follow-up surveys of the device's alarms per
 * day over the small charts' period (today and the `days` before it, Finnish time).
 */
export function useDeviceFollowUps(deviceId: string, days: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.followUps(deviceId, days),
    queryFn: ({ signal }) => {
      const ed = helsinkiToday();
      const query = new URLSearchParams({ id: deviceId, sd: addDays(ed, -days), ed });
      return apiRequest(`/api/device-follow-ups?${query}`, { schema: followUpsResponse, signal });
    },
    select: (data) => data.followUps,
    enabled,
  });
}
