import { useQuery } from '@tanstack/react-query';
import { ALARM_POLL_MS, alarmListResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { alarmKeys } from './alarm-keys';

/** GET /api/alarms/active, polled every 60 s (spec 000 §7): the badge's count. */
export function useActiveAlarmCount() {
  return useQuery({
    queryKey: alarmKeys.active(),
    queryFn: ({ signal }) =>
      apiRequest('/api/alarms/active', { schema: alarmListResponse, signal }),
    select: (data) => data.alarms.length,
    refetchInterval: ALARM_POLL_MS,
  });
}
