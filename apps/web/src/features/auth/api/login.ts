import { type LoginBody, type LoginResponse, loginResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { deviceTokenFor, rememberDeviceToken } from '@/lib/device-token';

/**
 * POST /api/login (the same call as the documented POST /). A 401/403 here means wrong
 * credentials or an inactive account, not an ended session. The browser's device token for the
 * account goes along, and the one answered is kept.
 */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const answer = await apiRequest('/api/login', {
    method: 'POST',
    body: { ...body, deviceToken: deviceTokenFor(body.userEmail) },
    schema: loginResponse,
    sessionCall: false,
    rateLimit: 'failedSignIns',
  });
  rememberDeviceToken(body.userEmail, answer.deviceToken);
  return answer;
}
