import { messageResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/logout: the server revokes the token (and with it every session of the user). Made
 * before the session is cleared here, since it needs the token; a 401 answer (the token had
 * already ended) signs nobody out a second time.
 */
export function revokeSession(): Promise<unknown> {
  return apiRequest('/api/logout', { method: 'POST', schema: messageResponse, sessionCall: false });
}
