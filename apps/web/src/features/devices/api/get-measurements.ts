import { queryOptions, useQuery } from '@tanstack/react-query';
import { measurementsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { measurementKeys } from './measurement-keys';

/** GET /api/measurements */
export function measurementsQueryOptions() {
  return queryOptions({
    queryKey: measurementKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('/api/measurements', { schema: measurementsResponse, signal }),
    select: (data) => data.measurements,
  });
}
export const useMeasurements = () => useQuery(measurementsQueryOptions());
