import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { targetMeasurementsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { isComplete, type SensorDataFilters, searchOf } from '../filters';
import { sensorDataKeys } from './sensor-data-keys';

/** GET /api/target-measurements?tid,mid,did,sd,ed: one summary row per device. */
export function useTargetMeasurements(filters: SensorDataFilters) {
  const search = searchOf(filters);
  return useQuery({
    queryKey: sensorDataKeys.summary(search),
    queryFn: ({ signal }) =>
      apiRequest(`/api/target-measurements?${search}`, {
        schema: targetMeasurementsResponse,
        signal,
      }),
    select: (data) => data.rows,
    enabled: isComplete(filters),
    placeholderData: keepPreviousData,
  });
}
