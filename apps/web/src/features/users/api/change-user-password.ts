import { useMutation } from '@tanstack/react-query';
import type { ChangeUserPasswordBody } from '@vahti/domain';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const messageResponse = z.object({ message: z.string() });

/** POST /api/change-user-password: an administrator sets another user's password by e-mail. */
export function changeUserPassword(body: ChangeUserPasswordBody) {
  return apiRequest('/api/change-user-password', {
    method: 'POST',
    body,
    schema: messageResponse,
  });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
