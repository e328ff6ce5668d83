import { useQuery } from '@tanstack/react-query';
import { measurementsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** GET /api/measurements: the organization's measurements a type is made of. */
export const useMeasurementChoices = () =>
  useQuery({
    queryKey: ['measurements', 'list'],
    queryFn: ({ signal }) =>
      apiRequest('/api/measurements', { schema: measurementsResponse, signal }),
    select: (data) => data.measurements,
  });
