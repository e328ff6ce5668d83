import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** POST or PATCH /api/tieto/question: shared by create-question and update-question. */
export function useSaveQuestion<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/question', { method, body, schema: questionResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
