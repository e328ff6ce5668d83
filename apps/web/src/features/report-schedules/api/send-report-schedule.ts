import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportScheduleResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { reportScheduleKeys } from './report-schedule-keys';

/** POST /api/report-schedules/{id}/send: "Lähetä nyt", made by the server's worker. */
export function useSendReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/report-schedules/${encodeURIComponent(id)}/send`, {
        method: 'POST',
        schema: reportScheduleResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}
