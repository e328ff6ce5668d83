import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUserBody, type UserResponse, userResponse } from '@vahti/domain';
import { usersKeys } from '@/api/user-keys';
import { userRoleCountsKeys } from '@/api/user-role-count-keys';
import { apiRequest } from '@/lib/api-client';

/** POST /api/register: an administrator creates a user. */
export function createUser(body: CreateUserBody): Promise<UserResponse> {
  return apiRequest('/api/register', { method: 'POST', body, schema: userResponse });
}

/** A new user shows up in the users lists and in the dashboard's role counts. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
      void queryClient.invalidateQueries({ queryKey: userRoleCountsKeys.all });
    },
  });
}
