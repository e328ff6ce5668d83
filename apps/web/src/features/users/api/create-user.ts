import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody } from '@vahti/domain';
import { z } from 'zod';
import { userRoleCountsKeys } from '@/api/user-role-counts';
import { usersKeys } from '@/api/users';
import { apiRequest } from '@/lib/api-client';

const messageResponse = z.object({ message: z.string() });

/** POST /api/register: an administrator creates a user. */
export function createUser(body: CreateUserBody) {
  return apiRequest('/api/register', { method: 'POST', body, schema: messageResponse });
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
