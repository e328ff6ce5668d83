import { useQuery } from '@tanstack/react-query';
import { feedbacksResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { feedbackKeys } from './feedback-keys';

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
