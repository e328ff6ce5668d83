import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateRegistrationCodeBody,
  type CreateRegistrationCodeResponse,
  createRegistrationCodeResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { registrationCodesKeys } from './registration-code-keys';

/** POST /api/registration-codes: 201 with the code's text, which only this answer carries. */
export function createRegistrationCode(
  body: CreateRegistrationCodeBody,
): Promise<CreateRegistrationCodeResponse> {
  return apiRequest('/api/registration-codes', {
    method: 'POST',
    body,
    schema: createRegistrationCodeResponse,
  });
}

export function useCreateRegistrationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegistrationCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationCodesKeys.all }),
  });
}
