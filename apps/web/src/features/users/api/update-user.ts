import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '@vahti/domain';
import { z } from 'zod';
import { userRoleCountsKeys } from '@/api/user-role-counts';
import { usersKeys } from '@/api/users';
import { apiRequest } from '@/lib/api-client';

const messageResponse = z.object({ message: z.string() });

/** PATCH /api/users: an administrator edits a user named by `uuid`. */
export function updateUser(body: UpdateUserBody) {
  return apiRequest('/api/users', { method: 'PATCH', body, schema: messageResponse });
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
