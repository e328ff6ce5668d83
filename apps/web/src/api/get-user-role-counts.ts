import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserRoleCountsResponse, userRoleCountsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { userRoleCountsKeys } from './user-role-count-keys';

/** GET /api/user-role-counts?organizationId=: users by role, in the organization and per target. */
export function getUserRoleCounts(
  organizationId: string | null,
  signal?: AbortSignal,
): Promise<UserRoleCountsResponse> {
  const query = organizationId ? `?${new URLSearchParams({ organizationId })}` : '';
  return apiRequest(`/api/user-role-counts${query}`, { schema: userRoleCountsResponse, signal });
}

export function userRoleCountsQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: userRoleCountsKeys.organization(organizationId),
    queryFn: ({ signal }) => getUserRoleCounts(organizationId, signal),
  });
}

/** The counts of the organization (the own one when null); `enabled: false` skips the call. */
export function useUserRoleCounts(organizationId: string | null, { enabled = true } = {}) {
  return useQuery({ ...userRoleCountsQueryOptions(organizationId), enabled });
}
