import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateQueryBody,
  queriesResponse,
  queryResponse,
  type UpdateQueryBody,
} from '@vahti/domain';
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

function useSaveQuery<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/query', { method, body, schema: queryResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}

/** POST /api/tieto/query/ (questions comma-joined) */
export const useCreateQuery = () => useSaveQuery<CreateQueryBody>('POST');
/** PATCH /api/tieto/query */
export const useUpdateQuery = () => useSaveQuery<UpdateQueryBody>('PATCH');
