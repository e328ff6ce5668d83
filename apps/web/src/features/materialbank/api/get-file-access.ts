import { useQuery } from '@tanstack/react-query';
import { materialbankFileAccessResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { materialbankKeys } from './materialbank-keys';

/** GET /api/materialbank-file-access?id=: who opened or downloaded the file (Ylläpitäjä). */
export function useFileAccess(id: string) {
  return useQuery({
    queryKey: materialbankKeys.access(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/materialbank-file-access?id=${encodeURIComponent(id)}`, {
        schema: materialbankFileAccessResponse,
        signal,
      }),
  });
}
