import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrganizationsResponse, organizationsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { organizationsKeys } from './organization-keys';

/** GET /api/organizations: every organization for the top administrator, else the own one. */
export function getOrganizations(signal?: AbortSignal): Promise<OrganizationsResponse> {
  return apiRequest('/api/organizations', { schema: organizationsResponse, signal });
}

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationsKeys.list(),
    queryFn: ({ signal }) => getOrganizations(signal),
    select: (data) => data.organizations,
  });
}

/** The organizations the caller may see; `enabled: false` skips the call for other roles. */
export function useOrganizations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQueryOptions(), enabled });
}
