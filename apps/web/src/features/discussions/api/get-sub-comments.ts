import { useQuery } from '@tanstack/react-query';
import { subCommentsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

export const SUB_COMMENTS_PAGE_SIZE = 100;

/** GET /api/tieto/discussions-sub-comments: the first 100 replies of a comment, oldest first. */
export function useSubComments(commentId: string, enabled = true) {
  return useQuery({
    queryKey: discussionsKeys.subComments(commentId),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        discussionCommentId: commentId,
        pageSize: String(SUB_COMMENTS_PAGE_SIZE),
      });
      return apiRequest(`/api/tieto/discussions-sub-comments?${query}`, {
        schema: subCommentsResponse,
        signal,
      });
    },
    enabled: enabled && Boolean(commentId),
  });
}
