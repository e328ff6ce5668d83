import { useQuery } from '@tanstack/react-query';
import { measurementsByTargetResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { reportScheduleKeys } from './report-schedule-keys';

/** GET /api/measurements-by-target?tid: the measurements a schedule's targets' devices carry. */
export function useMeasurementsOfTargets(targetIds: readonly string[]) {
  const tid = targetIds.join(',');
  return useQuery({
    queryKey: [...reportScheduleKeys.all, 'measurements', tid],
    queryFn: ({ signal }) =>
      apiRequest(`/api/measurements-by-target?${new URLSearchParams({ tid })}`, {
        schema: measurementsByTargetResponse,
        signal,
      }),
    select: (data) => data.measurements,
    enabled: targetIds.length > 0,
  });
}
