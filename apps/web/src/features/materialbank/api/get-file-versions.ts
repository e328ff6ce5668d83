import { useQuery } from '@tanstack/react-query';
import { materialbankFileVersionsResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** GET /api/materialbank-file-versions?id=: the file's earlier contents, newest first. */
export function useFileVersions(id: string) {
  return useQuery({
    queryKey: materialbankKeys.versions(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/materialbank-file-versions?id=${encodeURIComponent(id)}`, {
        schema: materialbankFileVersionsResponse,
        signal,
      }),
  });
}
