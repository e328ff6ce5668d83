import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateOrganizationBody,
  type OrganizationResponse,
  organizationResponse,
} from '@vahti/domain';
import { organizationsKeys } from '@/api/organization-keys';
import { apiRequest } from '@/lib/api-client';

/** POST /api/organization (Pääylläpitäjä): 201 with the new organization. */
export function createOrganization(body: CreateOrganizationBody): Promise<OrganizationResponse> {
  return apiRequest('/api/organization', { method: 'POST', body, schema: organizationResponse });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all }),
  });
}
