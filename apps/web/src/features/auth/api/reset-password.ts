import { type MessageResponse, messageResponse, type ResetPasswordBody } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** POST /api/change-user-forgot-password: a new password with the code of the reset link. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/change-user-forgot-password', {
    method: 'POST',
    body,
    schema: messageResponse,
    sessionCall: false,
  });
}
