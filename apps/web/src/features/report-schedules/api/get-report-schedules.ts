import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportSchedulesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { reportScheduleKeys } from './report-schedule-keys';

/** How often the list asks again while a run is waiting or its mails are on their way. */
const WHILE_SENDING_MS = 3_000;

/** GET /api/report-schedules: the schedules with their next run and latest run's state. */
export function useReportSchedules() {
  return useQuery(
    queryOptions({
      queryKey: reportScheduleKeys.list(),
      queryFn: ({ signal }) =>
        apiRequest('/api/report-schedules', { schema: reportSchedulesResponse, signal }),
      select: (data) => data.reportSchedules,
      // A "Lähetä nyt" is made by a background worker: the state is followed until it settles.
      refetchInterval: (query) =>
        query.state.data?.reportSchedules.some(
          (s) => s.sendRequested || s.lastState === 'sending' || s.lastState === 'retrying',
        )
          ? WHILE_SENDING_MS
          : false,
    }),
  );
}
