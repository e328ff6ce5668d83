import { useQuery } from '@tanstack/react-query';
import { resultsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { resultParams } from './result-params';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/results/: counts a1..a5 and percentages per question. */
export function useSurveyResults(queryId: string, targetId: string) {
  return useQuery({
    queryKey: surveysKeys.results(queryId, targetId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/results?${resultParams(queryId, targetId)}`, {
        schema: resultsResponse,
        signal,
      }),
    enabled: Boolean(queryId),
  });
}
