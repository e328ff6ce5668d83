import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserBody, type UserResponse, userResponse } from '@vahti/domain';
import { usersKeys } from '@/api/user-keys';
import { userRoleCountsKeys } from '@/api/user-role-count-keys';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/users: an administrator edits a user named by `uuid`. */
export function updateUser(body: UpdateUserBody): Promise<UserResponse> {
  return apiRequest('/api/users', { method: 'PATCH', body, schema: userResponse });
}

/** The saved user's lists reload (spec 000 §4: a save reloads the list). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
      void queryClient.invalidateQueries({ queryKey: userRoleCountsKeys.all });
    },
  });
}
