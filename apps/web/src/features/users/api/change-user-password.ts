import { type ChangeUserPasswordBody, type MessageResponse, messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** POST /api/change-user-password: an administrator sets another user's password by e-mail. */
export function changeUserPassword(body: ChangeUserPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/change-user-password', {
    method: 'POST',
    body,
    schema: messageResponse,
  });
}
