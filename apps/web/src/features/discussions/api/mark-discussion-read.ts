import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readDiscussionResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/**
 * PUT /api/tieto/discussion/read: the user has seen the discussion; the lists' unread markers
 * refetch (the open discussion's own record is left as it is).
 */
export function useMarkDiscussionRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discussionId: string) =>
      apiRequest('/api/tieto/discussion/read', {
        method: 'PUT',
        body: { discussionId },
        schema: readDiscussionResponse,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === discussionsKeys.all[0] &&
          (query.queryKey[1] === 'target' || query.queryKey[1] === 'managed'),
      }),
  });
}
