import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TargetsResponse, targetsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { targetsKeys } from './target-keys';

/** GET /api/organization-targets?targetOrganizationId=: the targets of one organization. */
export function getOrganizationTargets(
  organizationId: string,
  signal?: AbortSignal,
): Promise<TargetsResponse> {
  const query = new URLSearchParams({ targetOrganizationId: organizationId });
  return apiRequest(`/api/organization-targets?${query}`, { schema: targetsResponse, signal });
}

export function organizationTargetsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: targetsKeys.organization(organizationId),
    queryFn: ({ signal }) => getOrganizationTargets(organizationId, signal),
    select: (data) => data.targets,
  });
}

/** The targets of an organization; nothing is fetched until one is chosen (null or ''). */
export function useOrganizationTargets(organizationId: string | null | undefined) {
  return useQuery({
    ...organizationTargetsQueryOptions(organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
}
