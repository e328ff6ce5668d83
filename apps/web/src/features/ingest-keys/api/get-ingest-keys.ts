import { queryOptions, useQuery } from '@tanstack/react-query';
import { ingestKeysResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { ingestKeysKeys } from './ingest-key-keys';

/** GET /api/ingest-keys: the organization's keys (their prefix only), newest first. */
export function useIngestKeys() {
  return useQuery(
    queryOptions({
      queryKey: ingestKeysKeys.all,
      queryFn: ({ signal }) =>
        apiRequest('/api/ingest-keys', { schema: ingestKeysResponse, signal }),
      select: (data) => data.ingestKeys,
    }),
  );
}
