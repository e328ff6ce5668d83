import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FollowBody, followResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** PUT /api/tieto/discussion/follow */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowBody) =>
      apiRequest('/api/tieto/discussion/follow', { method: 'PUT', body, schema: followResponse }),
    // The answer is the saved state: no refetch, so the switch never flickers back.
    onSuccess: (response, body) =>
      queryClient.setQueryData(discussionsKeys.following(body.discussionId), response),
  });
}
