import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookSecretResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** POST /api/webhooks/{id}/rotate-secret: the new secret, in this answer only. */
export function useRotateWebhookSecret(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
        method: 'POST',
        schema: webhookSecretResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
