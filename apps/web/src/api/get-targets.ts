import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TargetsResponse, targetsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { targetsKeys } from './target-keys';

/** GET /api/targets: every target for the top administrator, else the own organization's. */
export function getTargets(signal?: AbortSignal): Promise<TargetsResponse> {
  return apiRequest('/api/targets', { schema: targetsResponse, signal });
}

export function targetsQueryOptions() {
  return queryOptions({
    queryKey: targetsKeys.list(),
    queryFn: ({ signal }) => getTargets(signal),
    select: (data) => data.targets,
  });
}

export function useTargets() {
  return useQuery(targetsQueryOptions());
}
