import {
  type LoginBody,
  type LoginStepResponse,
  loginStepResponse,
  type SignedInResponse,
} from '@vahti/domain';
import { deviceTokens, trustedBrowserTokens } from '@/lib/account-tokens';
import { apiRequest } from '@/lib/api-client';

/** Keeps what a finished sign-in gave this browser for the account. */
export function rememberSignIn(email: string, answer: Omit<SignedInResponse, 'message'>) {
  deviceTokens.remember(email, answer.deviceToken);
  if (answer.trustedBrowserToken) trustedBrowserTokens.remember(email, answer.trustedBrowserToken);
}

/**
 * POST /api/login (the same call as the documented POST /). A 401/403 here means wrong
 * credentials or an inactive account, not an ended session. The browser's device token and
 * trusted-browser token for the account go along. The answer is a session, or the ticket of the
 * second step (or of enrolment, when the organization requires a second factor).
 */
export async function login(body: LoginBody): Promise<LoginStepResponse> {
  const answer = await apiRequest('/api/login', {
    method: 'POST',
    body: {
      ...body,
      deviceToken: deviceTokens.get(body.userEmail),
      trustedBrowserToken: trustedBrowserTokens.get(body.userEmail),
    },
    schema: loginStepResponse,
    sessionCall: false,
    rateLimit: 'failedSignIns',
  });
  if (!('secondStep' in answer)) rememberSignIn(body.userEmail, answer);
  return answer;
}
