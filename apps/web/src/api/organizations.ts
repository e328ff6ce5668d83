import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ApplicationsResponse,
  applicationsResponse,
  type OrganizationsResponse,
  organizationsResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the organizations lists; a saved organization invalidates `all`. */
export const organizationsKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationsKeys.all, 'list'] as const,
};

/** The applications an organization may be granted: a fixed catalogue. */
export const applicationsKeys = {
  all: ['applications'] as const,
};

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

/** GET /api/applications: every application (Tieto, Vainu, Materiaalipankki, Hallinta, ...). */
export function getApplications(signal?: AbortSignal): Promise<ApplicationsResponse> {
  return apiRequest('/api/applications', { schema: applicationsResponse, signal });
}

export function applicationsQueryOptions() {
  return queryOptions({
    queryKey: applicationsKeys.all,
    queryFn: ({ signal }) => getApplications(signal),
    select: (data) => data.applications,
    // The catalogue does not change while the app runs.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
