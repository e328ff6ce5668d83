import { useQuery } from '@tanstack/react-query';
import { targetNamesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { targetsKeys } from './target-keys';

/** GET /api/targets/names: the targets the user may see (sensor data, scheduled reports). */
export function useTargetNames({ enabled = true } = {}) {
  return useQuery({
    queryKey: targetsKeys.names(),
    queryFn: ({ signal }) =>
      apiRequest('/api/targets/names', { schema: targetNamesResponse, signal }),
    select: (data) => data.targets,
    enabled,
  });
}
