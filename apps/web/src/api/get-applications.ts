import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApplicationsResponse, applicationsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { applicationsKeys } from './application-keys';

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
