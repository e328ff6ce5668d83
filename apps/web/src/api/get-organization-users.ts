import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserSummariesResponse, userSummariesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { usersKeys } from './user-keys';

/** GET /api/organization-users?organizationId=: the users of one organization (contact users). */
export function getOrganizationUsers(
  organizationId: string,
  signal?: AbortSignal,
): Promise<UserSummariesResponse> {
  const query = new URLSearchParams({ organizationId });
  return apiRequest(`/api/organization-users?${query}`, {
    schema: userSummariesResponse,
    signal,
  });
}

export function organizationUsersQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: usersKeys.organization(organizationId),
    queryFn: ({ signal }) => getOrganizationUsers(organizationId, signal),
    select: (data) => data.users,
  });
}

/** The users of an organization; nothing is fetched until one is chosen (null or ''). */
export function useOrganizationUsers(organizationId: string | null | undefined) {
  return useQuery({
    ...organizationUsersQueryOptions(organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
}
