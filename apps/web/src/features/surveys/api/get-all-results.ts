import { useQuery } from '@tanstack/react-query';
import { allResultsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { resultParams } from './result-params';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/all-results/: the answers one by one, with their comments. */
export function useAllResults(queryId: string, targetId: string) {
  return useQuery({
    queryKey: surveysKeys.allResults(queryId, targetId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/all-results?${resultParams(queryId, targetId)}`, {
        schema: allResultsResponse,
        signal,
      }),
    enabled: Boolean(queryId),
    select: (data) => data.results,
  });
}
