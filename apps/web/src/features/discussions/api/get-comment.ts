import { useQuery } from '@tanstack/react-query';
import { commentResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussions-comment-id */
export function useComment(commentId: string) {
  return useQuery({
    queryKey: discussionsKeys.comment(commentId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/tieto/discussions-comment-id?${new URLSearchParams({ discussionCommentId: commentId })}`,
        { schema: commentResponse, signal },
      ),
    enabled: Boolean(commentId),
    select: (data) => data.comment,
  });
}
