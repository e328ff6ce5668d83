import { useMutation } from '@tanstack/react-query';
import { type AlarmNoticeBody, alarmResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/alarms/notice ("Tiedota asukkaille", issue 29). The alarm list and the device page
 * both open the dialog; each refreshes its own alarms afterwards (`onSuccess` of the caller).
 */
export function useNotifyResidents() {
  return useMutation({
    mutationFn: (body: AlarmNoticeBody) =>
      apiRequest('/api/alarms/notice', { method: 'POST', body, schema: alarmResponse }),
  });
}
