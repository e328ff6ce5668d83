import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { discussionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/**
 * GET /api/tieto/discussions: every discussion the caller manages, one page (0-based), maybe
 * only those whose text or comments match `search` (full-text on the server).
 */
export function useManagedDiscussions(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: discussionsKeys.managed(search, page, pageSize),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page + 1),
        pageSize: String(pageSize),
        ...(search && { search }),
      });
      return apiRequest(`/api/tieto/discussions?${query}`, { schema: discussionsResponse, signal });
    },
    placeholderData: keepPreviousData,
  });
}
