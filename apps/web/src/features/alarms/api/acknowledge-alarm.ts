import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AckAlarmBody, alarmResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { alarmKeys } from './alarm-keys';

/** PATCH /api/alarms/ack; afterwards the count and the list are fetched again (spec 001 §4). */
export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AckAlarmBody) =>
      apiRequest('/api/alarms/ack', { method: 'PATCH', body, schema: alarmResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
