import { useQuery } from '@tanstack/react-query';
import { measurementsByTargetResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { sensorDataKeys } from './sensor-data-keys';

/** GET /api/measurements-by-target?tid: the measurements the targets' devices carry. */
export function useMeasurementsByTarget(targetIds: readonly string[]) {
  const tid = targetIds.join(',');
  return useQuery({
    queryKey: sensorDataKeys.measurements(tid),
    queryFn: ({ signal }) =>
      apiRequest(`/api/measurements-by-target?${new URLSearchParams({ tid })}`, {
        schema: measurementsByTargetResponse,
        signal,
      }),
    select: (data) => data.measurements,
    enabled: targetIds.length > 0,
  });
}
