import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialbankApplicationsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** GET /api/materialbank-applications: the applications a file may be for. */
export function getApplications(signal?: AbortSignal) {
  return apiRequest('/api/materialbank-applications', {
    schema: materialbankApplicationsResponse,
    signal,
  });
}

export function useMaterialbankApplications() {
  return useQuery(
    queryOptions({
      queryKey: materialbankKeys.applications(),
      queryFn: ({ signal }) => getApplications(signal),
      select: (data) => data.applications,
    }),
  );
}
