import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookResponse } from '@vahti/domain';
import { apiRequest } from '@/lib/api-client';
import { webhooksKeys } from './webhook-keys';

/** DELETE /api/webhooks/{id}: the webhook with its log and queued deliveries. */
export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: webhookResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}
