import {
  type AuthResponse,
  authResponse,
  type LoginBody,
  type LoginResponse,
  loginResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** GET /api/auth: confirms the stored token and returns the user as the API now sees them. */
export function getAuth(signal?: AbortSignal): Promise<AuthResponse> {
  return apiRequest('/api/auth', { schema: authResponse, signal });
}

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
