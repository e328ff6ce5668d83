import { type AuthResponse, authResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** GET /api/auth: confirms the stored token and returns the user as the API now sees them. */
export function getAuth(signal?: AbortSignal): Promise<AuthResponse> {
  return apiRequest('/api/auth', { schema: authResponse, signal });
}
