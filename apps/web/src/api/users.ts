import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type UserSummariesResponse,
  type UsersResponse,
  userSummariesResponse,
  usersResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the users lists; a saved or new user invalidates `all`. */
export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  organization: (organizationId: string) =>
    [...usersKeys.all, 'organization', organizationId] as const,
};

/** GET /api/users: every user for the top administrator, else the own organization's. */
export function getUsers(signal?: AbortSignal): Promise<UsersResponse> {
  return apiRequest('/api/users', { schema: usersResponse, signal });
}

export function usersQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.list(),
    queryFn: ({ signal }) => getUsers(signal),
    select: (data) => data.users,
  });
}

/** The users the caller may see; `enabled: false` skips the call. */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}

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
