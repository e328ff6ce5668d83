import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateIngestKeyBody,
  type CreateIngestKeyResponse,
  createIngestKeyResponse,
  ingestKeyResponse,
  ingestKeysResponse,
  rejectedUplinksResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';

export const ingestKeysKeys = {
  all: ['ingest-keys'] as const,
  rejected: ['rejected-uplinks'] as const,
};

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

/** POST /api/ingest-keys: 201 with the key, which only this answer carries. */
export function useCreateIngestKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIngestKeyBody): Promise<CreateIngestKeyResponse> =>
      apiRequest('/api/ingest-keys', { method: 'POST', body, schema: createIngestKeyResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestKeysKeys.all }),
  });
}

/** DELETE /api/ingest-keys/{id}: webhooks with the key answer 401 from now on. */
export function useRevokeIngestKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/ingest-keys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: ingestKeyResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestKeysKeys.all }),
  });
}

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
