import { useQuery } from '@tanstack/react-query';
import { discussionModeratorsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { discussionsKeys } from './discussion-keys';

/** GET /api/tieto/discussion-moderators: who may moderate (the organization's users). */
export function useModerators(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: discussionsKeys.moderators(organizationId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/tieto/discussion-moderators?${new URLSearchParams({ organizationId: organizationId ?? '' })}`,
        { schema: discussionModeratorsResponse, signal },
      ),
    enabled: Boolean(organizationId),
    select: (data) => data.users,
  });
}
