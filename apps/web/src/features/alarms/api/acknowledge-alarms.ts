import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AckAlarmsBody, ackAlarmsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { alarmKeys } from './alarm-keys';

/** POST /api/alarms/acknowledge (the list's 'Kuittaa valitut'); then the count and list reload. */
export function useAcknowledgeAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AckAlarmsBody) =>
      apiRequest('/api/alarms/acknowledge', { method: 'POST', body, schema: ackAlarmsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
