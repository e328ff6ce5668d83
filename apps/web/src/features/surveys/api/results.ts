import { useQuery } from '@tanstack/react-query';
import { allResultsResponse, resultsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

const params = (queryId: string, targetId: string) =>
  new URLSearchParams({ queryId, ...(targetId && { targetId }) });

/** GET /api/tieto/results/: counts a1..a5 and percentages per question. */
export function useSurveyResults(queryId: string, targetId: string) {
  return useQuery({
    queryKey: surveysKeys.results(queryId, targetId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/results?${params(queryId, targetId)}`, {
        schema: resultsResponse,
        signal,
      }),
    enabled: Boolean(queryId),
  });
}

/** GET /api/tieto/all-results/: the answers one by one (for the CSV export). */
export function getAllResults(queryId: string, targetId: string) {
  return apiRequest(`/api/tieto/all-results?${params(queryId, targetId)}`, {
    schema: allResultsResponse,
  });
}
