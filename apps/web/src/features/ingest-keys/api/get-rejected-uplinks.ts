import { queryOptions, useQuery } from '@tanstack/react-query';
import { rejectedUplinksResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { ingestKeysKeys } from './ingest-key-keys';

/** GET /api/rejected-uplinks: the newest uplinks that could not be stored. */
export function useRejectedUplinks() {
  return useQuery(
    queryOptions({
      queryKey: ingestKeysKeys.rejected,
      queryFn: ({ signal }) =>
        apiRequest('/api/rejected-uplinks', { schema: rejectedUplinksResponse, signal }),
      select: (data) => data.rejectedUplinks,
    }),
  );
}
