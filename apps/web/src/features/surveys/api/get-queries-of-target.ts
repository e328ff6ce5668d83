import { useQuery } from '@tanstack/react-query';
import { queriesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/all-queries-by-targets/?targetId=: the active surveys of a target. */
export function useQueriesOfTarget(targetId: string) {
  return useQuery({
    queryKey: surveysKeys.queriesOfTargets(targetId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/all-queries-by-targets?${new URLSearchParams({ targetId })}`, {
        schema: queriesResponse,
        signal,
      }),
    select: (data) => data.queries,
    enabled: Boolean(targetId),
  });
}
