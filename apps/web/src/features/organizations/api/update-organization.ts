import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type OrganizationResponse,
  organizationResponse,
  type UpdateOrganizationBody,
} from '@vahti/domain';
import { organizationsKeys } from '@/api/organization-keys';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/organization (Pääylläpitäjä): the organization named by organizationId. */
export function updateOrganization(body: UpdateOrganizationBody): Promise<OrganizationResponse> {
  return apiRequest('/api/organization', { method: 'PATCH', body, schema: organizationResponse });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKeys.all }),
  });
}
