import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { reportScheduleKeys } from './report-schedule-keys';

/** DELETE /api/report-schedules/{id}. */
export function useRemoveReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/report-schedules/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: messageResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}
