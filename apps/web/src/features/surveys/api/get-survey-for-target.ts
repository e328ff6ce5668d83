import { useQuery } from '@tanstack/react-query';
import { queryForTargetResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/query-customer-id/: the survey of the target with its questions. */
export function useSurveyForTarget(targetId: string, queryId: string) {
  return useQuery({
    queryKey: surveysKeys.forTarget(targetId, queryId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/tieto/query-customer-id?${new URLSearchParams({ queryTargetId: targetId, queryId })}`,
        { schema: queryForTargetResponse, signal },
      ),
    enabled: Boolean(targetId && queryId),
  });
}
