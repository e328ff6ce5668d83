import { useQuery } from '@tanstack/react-query';
import { followResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussion/follow: whether the user gets mail about new comments. */
export function useFollowing(discussionId: string) {
  return useQuery({
    queryKey: discussionsKeys.following(discussionId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/tieto/discussion/follow?${new URLSearchParams({ discussionId })}`, {
        schema: followResponse,
        signal,
      }),
    enabled: Boolean(discussionId),
    select: (data) => data.following,
  });
}
