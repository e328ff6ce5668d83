import { type LoginBody, type LoginResponse, loginResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/login (the same call as the documented POST /). A 401/403 here means wrong
 * credentials or an inactive account, not an ended session.
 */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest('/api/login', {
    method: 'POST',
    body,
    schema: loginResponse,
    sessionCall: false,
    rateLimit: 'failedSignIns',
  });
}
