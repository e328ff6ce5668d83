import { useQuery } from '@tanstack/react-query';
import {
  EMAIL_PATTERN,
  emailDomain,
  type LoginStepResponse,
  loginStepResponse,
  ssoLookupResponse,
  ssoStartResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** GET /api/auth/sso: whether the address's domain signs in through its organization. */
export function lookupSso(email: string, signal?: AbortSignal) {
  return apiRequest(`/api/auth/sso?email=${encodeURIComponent(email)}`, {
    schema: ssoLookupResponse,
    signal,
    sessionCall: false,
  });
}

/**
 * The sign-in methods of the typed address, asked once per domain (the answer depends on the
 * domain alone); nothing until the address looks complete.
 */
export function useSsoLookup(typed: string) {
  const email = useDebouncedValue(typed.trim(), 400);
  const complete = EMAIL_PATTERN.test(email);
  const domain = complete ? emailDomain(email) : '';
  return useQuery({
    queryKey: ['auth', 'sso', domain],
    queryFn: ({ signal }) => lookupSso(email, signal),
    enabled: complete,
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /api/auth/sso/start: the provider's address, where the browser goes next. */
export function startSso(userEmail: string) {
  return apiRequest('/api/auth/sso/start', {
    method: 'POST',
    body: { userEmail },
    schema: ssoStartResponse,
    sessionCall: false,
  });
}

/** POST /api/auth/sso/complete: the one-time code of the login URL for a session. */
export function completeSso(code: string): Promise<LoginStepResponse> {
  return apiRequest('/api/auth/sso/complete', {
    method: 'POST',
    body: { code },
    schema: loginStepResponse,
    sessionCall: false,
  });
}
