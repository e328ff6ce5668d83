import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mentionableResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussion/mentionable: who may be @mentioned, by name (at most 20). */
export function useMentionable(discussionId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: discussionsKeys.mentionable(discussionId, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ discussionId, ...(search && { search }) });
      return apiRequest(`/api/tieto/discussion/mentionable?${query}`, {
        schema: mentionableResponse,
        signal,
      });
    },
    enabled: enabled && Boolean(discussionId),
    placeholderData: keepPreviousData,
  });
}
