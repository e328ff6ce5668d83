import { queryOptions, useQuery } from '@tanstack/react-query';
import { materialbankCountResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** GET /api/materialbank-count-files: pdf, jpg and totalFiles of the caller's files. */
export function getFileCounts(signal?: AbortSignal) {
  return apiRequest('/api/materialbank-count-files', { schema: materialbankCountResponse, signal });
}

export function fileCountsQueryOptions() {
  return queryOptions({
    queryKey: materialbankKeys.counts(),
    queryFn: ({ signal }) => getFileCounts(signal),
  });
}

export function useFileCounts() {
  return useQuery(fileCountsQueryOptions());
}
