import { type MessageResponse, messageResponse, type RegisterUserBody } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** POST /api/register-user: self-registration with a registration code (201 `{ message }`). */
export function registerUser(body: RegisterUserBody): Promise<MessageResponse> {
  return apiRequest('/api/register-user', {
    method: 'POST',
    body,
    schema: messageResponse,
    sessionCall: false,
  });
}
