import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { discussionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussions: every discussion the caller manages, one page (0-based). */
export function useManagedDiscussions(page: number, pageSize: number) {
  return useQuery({
    queryKey: discussionsKeys.managed(page, pageSize),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page + 1), pageSize: String(pageSize) });
      return apiRequest(`/api/tieto/discussions?${query}`, { schema: discussionsResponse, signal });
    },
    placeholderData: keepPreviousData,
  });
}
