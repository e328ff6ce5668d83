import { queryOptions, useQuery } from '@tanstack/react-query';
import { queriesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** GET /api/tieto/queries/: every survey the caller manages. */
export function queriesQueryOptions() {
  return queryOptions({
    queryKey: surveysKeys.queries(),
    queryFn: ({ signal }) => apiRequest('/api/tieto/queries', { schema: queriesResponse, signal }),
    select: (data) => data.queries,
  });
}

export const useQueries = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...queriesQueryOptions(), enabled });
