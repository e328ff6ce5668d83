import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TargetsResponse, targetsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the targets lists; a saved target invalidates `all`. */
export const targetsKeys = {
  all: ['targets'] as const,
  list: () => [...targetsKeys.all, 'list'] as const,
  organization: (organizationId: string) =>
    [...targetsKeys.all, 'organization', organizationId] as const,
};

/** GET /api/targets: every target for the top administrator, else the own organization's. */
export function getTargets(signal?: AbortSignal): Promise<TargetsResponse> {
  return apiRequest('/api/targets', { schema: targetsResponse, signal });
}

export function targetsQueryOptions() {
  return queryOptions({
    queryKey: targetsKeys.list(),
    queryFn: ({ signal }) => getTargets(signal),
    select: (data) => data.targets,
  });
}

export function useTargets() {
  return useQuery(targetsQueryOptions());
}

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
