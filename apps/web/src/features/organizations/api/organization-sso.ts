import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponse,
  type OrganizationSsoBody,
  organizationSsoResponse,
  type TestSsoBody,
} from '@vahti/domain';
import { z } from 'zod';
import { organizationsKeys } from '@/api/organization-keys';
import { apiRequest } from '@/lib/api-client';

export const organizationSsoKeys = {
  sso: (organizationId: string) => [...organizationsKeys.all, 'sso', organizationId] as const,
};

/** GET /api/organization-sso: the organization's single sign-on settings (null: none yet). */
export function getOrganizationSso(organizationId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ organizationId });
  return apiRequest(`/api/organization-sso?${query}`, { schema: organizationSsoResponse, signal });
}

export function useOrganizationSso(organizationId: string) {
  return useQuery({
    queryKey: organizationSsoKeys.sso(organizationId),
    queryFn: ({ signal }) => getOrganizationSso(organizationId, signal),
  });
}

/** PUT /api/organization-sso: saves the settings; the screen then reads them again. */
export function useSaveOrganizationSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSsoBody) =>
      apiRequest('/api/organization-sso', {
        method: 'PUT',
        body,
        schema: organizationSsoResponse,
      }),
    onSuccess: (_, body) =>
      queryClient.invalidateQueries({ queryKey: organizationSsoKeys.sso(body.organizationId) }),
  });
}

/** POST /api/organization-sso/test: "Testaa yhteys", the issuer's discovery document read. */
export function testOrganizationSso(body: TestSsoBody) {
  return apiRequest('/api/organization-sso/test', {
    method: 'POST',
    body,
    schema: messageResponse.extend({ issuer: z.string() }),
  });
}
