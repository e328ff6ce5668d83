import { useQuery } from '@tanstack/react-query';
import { targetNamesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { sensorDataKeys } from './sensor-data-keys';

/** GET /api/targets/names: the targets the user may choose from. */
export function useTargetNames() {
  return useQuery({
    queryKey: sensorDataKeys.targetNames(),
    queryFn: ({ signal }) =>
      apiRequest('/api/targets/names', { schema: targetNamesResponse, signal }),
    select: (data) => data.targets,
  });
}
