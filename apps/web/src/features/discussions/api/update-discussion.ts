import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DiscussionResponse,
  discussionResponse,
  type UpdateDiscussionBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** PATCH /api/tieto/discussion */
export function useUpdateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDiscussionBody): Promise<DiscussionResponse> =>
      apiRequest('/api/tieto/discussion', { method: 'PATCH', body, schema: discussionResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsKeys.all }),
  });
}
