import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedbackResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** POST or PATCH /api/tieto/feedback: shared by create-feedback and update-feedback. */
export function useSaveFeedback<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/feedback', { method, body, schema: feedbackResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
