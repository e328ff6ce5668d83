import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { commentsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

export const COMMENTS_PAGE_SIZE = 20;

/** GET /api/tieto/discussions-comments: one page (0-based) of a discussion's comments. */
export function useComments(discussionId: string, page: number) {
  return useQuery({
    queryKey: discussionsKeys.commentsPage(discussionId, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        discussionId,
        page: String(page + 1),
        pageSize: String(COMMENTS_PAGE_SIZE),
      });
      return apiRequest(`/api/tieto/discussions-comments?${query}`, {
        schema: commentsResponse,
        signal,
      });
    },
    enabled: Boolean(discussionId),
    placeholderData: keepPreviousData,
  });
}
