import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateResultBody, resultResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** POST /api/tieto/result/ */
export function useSendAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateResultBody) =>
      apiRequest('/api/tieto/result', { method: 'POST', body, schema: resultResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
