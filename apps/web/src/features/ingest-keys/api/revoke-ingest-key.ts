import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ingestKeyResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { ingestKeysKeys } from './ingest-key-keys';

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
