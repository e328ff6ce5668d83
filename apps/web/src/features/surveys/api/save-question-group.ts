import { useMutation, useQueryClient } from '@tanstack/react-query';
import { questionGroupResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { surveysKeys } from './survey-keys';

/** POST or PATCH /api/tieto/questiongroup: shared by create-question-group and update-question-group. */
export function useSaveGroup<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/questiongroup', { method, body, schema: questionGroupResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveysKeys.all }),
  });
}
