import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AlarmLimitsBody, alarmLimitsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceKeys } from './device-keys';

export function useSaveAlarmLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmLimitsBody) =>
      apiRequest('/api/alarm-limits', { method: 'PATCH', body, schema: alarmLimitsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
