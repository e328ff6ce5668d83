import { useQuery } from '@tanstack/react-query';
import { feedbacksResponse } from '@vahti/domain';
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
