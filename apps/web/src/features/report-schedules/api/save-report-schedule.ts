import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReportScheduleBody, reportScheduleResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { reportScheduleKeys } from './report-schedule-keys';

/** POST /api/report-schedules, or PUT /api/report-schedules/{id} with an id. */
export function saveReportSchedule({ id, ...body }: ReportScheduleBody & { id?: string }) {
  return apiRequest(
    id ? `/api/report-schedules/${encodeURIComponent(id)}` : '/api/report-schedules',
    { method: id ? 'PUT' : 'POST', body, schema: reportScheduleResponse },
  );
}

export function useSaveReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all }),
  });
}
