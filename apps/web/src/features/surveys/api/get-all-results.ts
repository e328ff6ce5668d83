import { allResultsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { resultParams } from './result-params';

/** GET /api/tieto/all-results/: the answers one by one (for the CSV export). */
export function getAllResults(queryId: string, targetId: string) {
  return apiRequest(`/api/tieto/all-results?${resultParams(queryId, targetId)}`, {
    schema: allResultsResponse,
  });
}
