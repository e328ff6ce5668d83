import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddUserTargetsBody,
  type MessageResponse,
  messageResponse,
  type UserTargetsResponse,
  userTargetsResponse,
} from '@vahti/domain';
import { usersKeys } from '@/api/user-keys';
import { userRoleCountsKeys } from '@/api/user-role-count-keys';
import { apiRequest } from '@/lib/api-client';

export const userTargetsKeys = {
  all: ['user-targets'] as const,
  user: (userId: string) => [...userTargetsKeys.all, userId] as const,
};

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

/** POST /api/user-targets: links the user to the targets (existing links stay). */
export function addUserTargets(body: AddUserTargetsBody): Promise<UserTargetsResponse> {
  return apiRequest('/api/user-targets', { method: 'POST', body, schema: userTargetsResponse });
}

/** DELETE /api/user-targets: removes one link, named by its own id. */
export function removeUserTarget(id: string): Promise<MessageResponse> {
  return apiRequest('/api/user-targets', {
    method: 'DELETE',
    body: { id },
    schema: messageResponse,
  });
}

/** Links change the user's targets, the users lists (UserTargets) and the per-target counts. */
function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: userTargetsKeys.all });
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    void queryClient.invalidateQueries({ queryKey: userRoleCountsKeys.all });
  };
}

export function useAddUserTargets() {
  const invalidate = useInvalidateLinks();
  return useMutation({ mutationFn: addUserTargets, onSuccess: invalidate });
}

export function useRemoveUserTarget() {
  const invalidate = useInvalidateLinks();
  return useMutation({ mutationFn: removeUserTarget, onSuccess: invalidate });
}
