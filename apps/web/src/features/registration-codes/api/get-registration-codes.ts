import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RegistrationCodesResponse, registrationCodesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { registrationCodesKeys } from './registration-code-keys';

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
