import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialbankCountResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/**
 * GET /api/materialbank-count-files?organizationId=: pdf, jpg and totalFiles of the caller's
 * files in the organization (the dashboard's: the user's own, also for the top administrator).
 */
export function getFileCounts(organizationId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ organizationId });
  return apiRequest(`/api/materialbank-count-files?${query}`, {
    schema: materialbankCountResponse,
    signal,
  });
}

export function fileCountsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...materialbankKeys.counts(), organizationId],
    queryFn: ({ signal }) => getFileCounts(organizationId, signal),
  });
}

export function useFileCounts(organizationId: string | undefined) {
  return useQuery({ ...fileCountsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
}
