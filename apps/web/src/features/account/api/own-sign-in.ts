import {
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponse,
  ownSignInResponse,
  passkeyOptionsResponse,
  recoveryCodesResponse,
  secondFactorChangedResponse,
  totpEnrolmentResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export const ownSignInKeys = { all: ['own-sign-in'] as const };

/** GET /api/own-sign-in: the own second factors, active sign-ins and trusted browsers. */
export const getOwnSignIn = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/api/own-sign-in', { schema: ownSignInResponse, signal });

export function useOwnSignIn() {
  return useQuery({ queryKey: ownSignInKeys.all, queryFn: getOwnSignIn });
}

/** Every change here reloads the overview. */
function useOwnSignInMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSignInKeys.all }),
  });
}

export const beginOwnTotp = () =>
  apiRequest('/api/own-totp', { method: 'POST', schema: totpEnrolmentResponse });

export const confirmOwnTotp = (totpCode: string) =>
  apiRequest('/api/own-totp/confirm', {
    method: 'POST',
    body: { totpCode },
    schema: secondFactorChangedResponse,
  });

/** A new passkey: the server's options, the browser's authenticator, then the server stores it. */
export async function addOwnPasskey(name: string) {
  const { options } = await apiRequest('/api/own-passkeys/options', {
    method: 'POST',
    schema: passkeyOptionsResponse,
  });
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiRequest('/api/own-passkeys', {
    method: 'POST',
    body: { name, credential },
    schema: secondFactorChangedResponse,
  });
}

const remove = (path: string) => apiRequest(path, { method: 'DELETE', schema: messageResponse });

export const useConfirmOwnTotp = () => useOwnSignInMutation(confirmOwnTotp);
export const useAddOwnPasskey = () => useOwnSignInMutation(addOwnPasskey);
export const useRemoveOwnTotp = () => useOwnSignInMutation(() => remove('/api/own-totp'));
export const useRemoveOwnPasskey = () =>
  useOwnSignInMutation((passkeyId: string) => remove(`/api/own-passkeys/${passkeyId}`));
export const useNewRecoveryCodes = () =>
  useOwnSignInMutation(() =>
    apiRequest('/api/own-recovery-codes', { method: 'POST', schema: recoveryCodesResponse }),
  );
export const useEndSession = () =>
  useOwnSignInMutation((sessionId: string) => remove(`/api/own-sessions/${sessionId}`));
export const useEndOtherSessions = () =>
  useOwnSignInMutation(() =>
    apiRequest('/api/own-sessions/end-others', { method: 'POST', schema: messageResponse }),
  );
export const useRemoveTrustedBrowser = () =>
  useOwnSignInMutation((id: string) => remove(`/api/own-trusted-browsers/${id}`));
