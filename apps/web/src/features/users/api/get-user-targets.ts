import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserTargetsResponse, userTargetsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { userTargetsKeys } from './user-target-keys';

/** GET /api/user-targets?userId=: the targets the user is linked to. */
export function getUserTargets(userId: string, signal?: AbortSignal): Promise<UserTargetsResponse> {
  const query = new URLSearchParams({ userId });
  return apiRequest(`/api/user-targets?${query}`, { schema: userTargetsResponse, signal });
}

export function userTargetsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userTargetsKeys.user(userId),
    queryFn: ({ signal }) => getUserTargets(userId, signal),
    select: (data) => data.targets,
  });
}

/** The user's targets; nothing is fetched until a user is chosen. */
export function useUserTargets(userId: string | null | undefined) {
  return useQuery({ ...userTargetsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
