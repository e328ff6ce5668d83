import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ChangeUserPasswordBody,
  type CreateUserBody,
  type MessageResponse,
  messageResponse,
  type UpdateUserBody,
  type UserResponse,
  userResponse,
} from '@vahti/domain';
import { userRoleCountsKeys } from '@/api/user-role-counts';
import { usersKeys } from '@/api/users';
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

/** POST /api/change-user-password: an administrator sets another user's password by e-mail. */
export function changeUserPassword(body: ChangeUserPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/change-user-password', {
    method: 'POST',
    body,
    schema: messageResponse,
  });
}
