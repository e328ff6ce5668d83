import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateRegistrationCodeBody,
  type CreateRegistrationCodeResponse,
  createRegistrationCodeResponse,
  type MessageResponse,
  messageResponse,
  type RegistrationCodeResponse,
  type RegistrationCodesResponse,
  registrationCodeResponse,
  registrationCodesResponse,
  type SendRegistrationCodeBody,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export const registrationCodesKeys = {
  all: ['registration-codes'] as const,
  list: (organizationId: string | undefined) =>
    [...registrationCodesKeys.all, organizationId ?? 'all'] as const,
};

/**
 * GET /api/registration-codes?organizationId=: the codes of one organization, or every code the
 * caller may see (the own organization's, all for the top administrator) when left out.
 */
export function getRegistrationCodes(
  organizationId: string | undefined,
  signal?: AbortSignal,
): Promise<RegistrationCodesResponse> {
  const query = organizationId ? `?${new URLSearchParams({ organizationId })}` : '';
  return apiRequest(`/api/registration-codes${query}`, {
    schema: registrationCodesResponse,
    signal,
  });
}

export function registrationCodesQueryOptions(organizationId: string | undefined) {
  return queryOptions({
    queryKey: registrationCodesKeys.list(organizationId),
    queryFn: ({ signal }) => getRegistrationCodes(organizationId, signal),
    select: (data) => data.registrationCodes,
  });
}

export function useRegistrationCodes(organizationId: string | undefined) {
  return useQuery(registrationCodesQueryOptions(organizationId));
}

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

export interface SendRegistrationCodeInput {
  id: string;
  body: SendRegistrationCodeBody;
}

/** POST /api/registration-codes/{id}/send: mails the code with instructions to the recipients. */
export function sendRegistrationCode({
  id,
  body,
}: SendRegistrationCodeInput): Promise<MessageResponse> {
  return apiRequest(`/api/registration-codes/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    body,
    schema: messageResponse,
  });
}
