import { useMutation } from '@tanstack/react-query';
import {
  type ChangePasswordBody,
  type ChangePasswordResponse,
  changePasswordResponse,
  type UpdateOwnDetailsBody,
  type UpdateOwnDetailsResponse,
  updateOwnDetailsResponse,
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

/** PATCH /api/users-own: the signed-in user's own name, phone and job title. */
export function updateOwnDetails(body: UpdateOwnDetailsBody): Promise<UpdateOwnDetailsResponse> {
  return apiRequest('/api/users-own', {
    method: 'PATCH',
    body,
    schema: updateOwnDetailsResponse,
  });
}

/** The session's user is replaced with the saved one, so every screen shows the new details. */
export function useUpdateOwnDetails() {
  return useMutation({
    mutationFn: updateOwnDetails,
    onSuccess: ({ user }) => updateSession({ user }),
  });
}
