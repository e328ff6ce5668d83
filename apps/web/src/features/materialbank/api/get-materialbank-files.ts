import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MaterialbankFilesResponse, materialbankFilesResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** GET /api/materialbank-files/: the files the caller sees in Materiaalipankki. */
export function getMaterialbankFiles(signal?: AbortSignal): Promise<MaterialbankFilesResponse> {
  return apiRequest('/api/materialbank-files', { schema: materialbankFilesResponse, signal });
}

export function materialbankFilesQueryOptions() {
  return queryOptions({
    queryKey: materialbankKeys.list(),
    queryFn: ({ signal }) => getMaterialbankFiles(signal),
    select: (data) => data.materialbankFiles,
  });
}

export function useMaterialbankFiles() {
  return useQuery(materialbankFilesQueryOptions());
}
