import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UsersResponse, usersResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { usersKeys } from './user-keys';

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
