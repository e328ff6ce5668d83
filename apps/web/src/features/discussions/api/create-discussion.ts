import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDiscussionBody,
  type DiscussionResponse,
  discussionResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** POST /api/tieto/discussion/ */
export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDiscussionBody): Promise<DiscussionResponse> =>
      apiRequest('/api/tieto/discussion', { method: 'POST', body, schema: discussionResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsKeys.all }),
  });
}
