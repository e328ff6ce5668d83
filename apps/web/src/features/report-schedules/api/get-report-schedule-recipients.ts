import { useQuery } from '@tanstack/react-query';
import { reportScheduleRecipientsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { reportScheduleKeys } from './report-schedule-keys';

/** GET /api/report-schedules/recipients: who may receive the target's (or every target's) reports. */
export function useReportScheduleRecipients(organizationId: string, targetId: string | null) {
  return useQuery({
    queryKey: reportScheduleKeys.recipients(organizationId, targetId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/report-schedules/recipients?${new URLSearchParams({
          organizationId,
          ...(targetId && { targetId }),
        })}`,
        { schema: reportScheduleRecipientsResponse, signal },
      ),
    select: (data) => data.users,
    enabled: organizationId !== '',
  });
}
