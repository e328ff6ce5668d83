import { useMutation } from '@tanstack/react-query';
import {
  type ChangePasswordBody,
  type ChangePasswordResponse,
  changePasswordResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { updateSession } from '@/lib/session';

/** PATCH /api/change-password: the signed-in user's own password. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return apiRequest('/api/change-password', {
    method: 'PATCH',
    body,
    schema: changePasswordResponse,
  });
}

/**
 * The server revokes every earlier token and answers with a new one: it is stored at once, so the
 * session goes on and the next call is made with it.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => updateSession({ token }),
  });
}
