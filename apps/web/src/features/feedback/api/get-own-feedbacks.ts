import { useQuery } from '@tanstack/react-query';
import { feedbacksResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/tieto/own-feedbacks: the caller's own feedback with its state and reply. */
export function useOwnFeedbacks() {
  return useQuery({
    queryKey: feedbackKeys.own(),
    queryFn: ({ signal }) =>
      apiRequest('/api/tieto/own-feedbacks', { schema: feedbacksResponse, signal }),
    select: (data) => data.feedbacks,
  });
}
