import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RegistrationCodeResponse, registrationCodeResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { registrationCodesKeys } from './registration-code-keys';

/** POST /api/registration-codes/{id}/revoke: nobody can register with the code any more. */
export function revokeRegistrationCode(id: string): Promise<RegistrationCodeResponse> {
  return apiRequest(`/api/registration-codes/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    schema: registrationCodeResponse,
  });
}

export function useRevokeRegistrationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRegistrationCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationCodesKeys.all }),
  });
}
