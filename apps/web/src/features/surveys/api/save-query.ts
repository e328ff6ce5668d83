import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** POST or PATCH /api/tieto/query: shared by create-query and update-query. */
export function useSaveQuery<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/query', { method, body, schema: queryResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
