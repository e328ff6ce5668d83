import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateFeedbackBody,
  feedbackResponse,
  feedbacksResponse,
  type UpdateFeedbackBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/tieto/feedbacks/, or /target-feedbacks/ for one target. */
export function useFeedbacks(targetId: string) {
  return useQuery({
    queryKey: feedbackKeys.list(targetId),
    queryFn: ({ signal }) =>
      apiRequest(
        targetId
          ? `/api/tieto/target-feedbacks?${new URLSearchParams({ feedbackTargetId: targetId })}`
          : '/api/tieto/feedbacks',
        { schema: feedbacksResponse, signal },
      ),
    select: (data) => data.feedbacks,
  });
}

/** GET /api/tieto/new-feedbacks/: how many feedbacks are still Uusi. */
export function useNewFeedbackCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: feedbackKeys.newFeedbacks(),
    queryFn: ({ signal }) =>
      apiRequest('/api/tieto/new-feedbacks', { schema: feedbacksResponse, signal }),
    select: (data) => data.feedbacks.length,
    enabled,
  });
}

function useSaveFeedback<T>(method: 'POST' | 'PATCH') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest('/api/tieto/feedback', { method, body, schema: feedbackResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}

/** POST /api/tieto/feedback/ */
export const useCreateFeedback = () => useSaveFeedback<CreateFeedbackBody>('POST');
/** PATCH /api/tieto/feedback */
export const useUpdateFeedback = () => useSaveFeedback<UpdateFeedbackBody>('PATCH');
