import { type ForgotPasswordBody, type MessageResponse, messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/forgot-user-password: asks for a reset mail. The answer is the same whether the
 * address exists, so it tells nobody who has an account.
 */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/forgot-user-password', {
    method: 'POST',
    body,
    schema: messageResponse,
    sessionCall: false,
  });
}
