import { useQuery } from '@tanstack/react-query';
import { alarmLimitsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

/** GET /api/alarm-limits?deviceId=: effective limits with their source. */
export function useAlarmLimits(deviceId: string) {
  return useQuery({
    queryKey: deviceKeys.limits(deviceId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/alarm-limits?${new URLSearchParams({ deviceId })}`, {
        schema: alarmLimitsResponse,
        signal,
      }),
    select: (data) => data.alarmLimits,
  });
}
