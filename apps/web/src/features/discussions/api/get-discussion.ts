import { useQuery } from '@tanstack/react-query';
import { discussionResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussion/id?discussionId= */
export function useDiscussion(discussionId: string) {
  return useQuery({
    queryKey: discussionsKeys.one(discussionId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/discussion/id?${new URLSearchParams({ discussionId })}`, {
        schema: discussionResponse,
        signal,
      }),
    enabled: Boolean(discussionId),
    select: (data) => data.discussion,
  });
}
