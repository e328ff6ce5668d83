import { useMutation } from '@tanstack/react-query';
import { discussionResponse, type ModerateDiscussionBody } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateDiscussions } from './invalidate-discussions';

/** PATCH /api/tieto/discussion/moderation: pin or lock (a manager or the moderator). */
export function useModerateDiscussion() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({
    mutationFn: (body: ModerateDiscussionBody) =>
      apiRequest('/api/tieto/discussion/moderation', {
        method: 'PATCH',
        body,
        schema: discussionResponse,
      }),
    onSuccess: invalidate,
  });
}
