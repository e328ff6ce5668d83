import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DiscussionsResponse, discussionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/**
 * GET /api/tieto/discussions-by-targets?targetId=: a target's discussions, pinned and then newest
 * first; `search` finds words in them and their comments (full-text on the server).
 */
export function getTargetDiscussions(
  targetId: string,
  openOnly: boolean,
  search: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<DiscussionsResponse> {
  const query = new URLSearchParams({
    targetId,
    page: String(page + 1),
    pageSize: String(pageSize),
    ...(openOnly && { discussionState: 'Aktiivinen' }),
    ...(search && { search }),
  });
  return apiRequest(`/api/tieto/discussions-by-targets?${query}`, {
    schema: discussionsResponse,
    signal,
  });
}

/**
 * The discussions of the active target (the open ones, or all), one page (0-based); nothing
 * until a target is known.
 */
export function useTargetDiscussions(
  targetId: string | null,
  openOnly: boolean,
  search: string,
  page: number,
  pageSize: number,
) {
  return useQuery({
    queryKey: discussionsKeys.byTarget(targetId ?? '', openOnly, search, page, pageSize),
    queryFn: ({ signal }) =>
      getTargetDiscussions(targetId ?? '', openOnly, search, page, pageSize, signal),
    enabled: Boolean(targetId),
    placeholderData: keepPreviousData,
  });
}
