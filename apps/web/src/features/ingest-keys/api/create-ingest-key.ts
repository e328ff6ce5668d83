import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateIngestKeyBody,
  type CreateIngestKeyResponse,
  createIngestKeyResponse,
} from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { ingestKeysKeys } from './ingest-key-keys';

/** POST /api/ingest-keys: 201 with the key, which only this answer carries. */
export function useCreateIngestKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIngestKeyBody): Promise<CreateIngestKeyResponse> =>
      apiRequest('/api/ingest-keys', { method: 'POST', body, schema: createIngestKeyResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestKeysKeys.all }),
  });
}
