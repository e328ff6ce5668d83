import {
  type ForgotPasswordBody,
  type MessageResponse,
  messageResponse,
  type ResetPasswordBody,
} from '@vahti/domain';
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

/** POST /api/change-user-forgot-password: a new password with the code of the reset link. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest('/api/change-user-forgot-password', {
    method: 'POST',
    body,
    schema: messageResponse,
    sessionCall: false,
  });
}
